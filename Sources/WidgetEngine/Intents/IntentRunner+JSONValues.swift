import Foundation
import JSON
public import WidgetHostKit

extension IntentRunner {
    /// The values a control's intent reference (`json`, a JSON object) gives the intent `intent`
    /// whose parameters are `parameters`: each value checked against its parameter's type as JSON,
    /// a parameter not given taking its default. A name the intent does not declare is refused.
    public static func values(
        json: JSONValue?,
        for parameters: [ParameterDescription],
        intent: String
    ) -> Result<[String: JSONValue], ArgumentError> {
        var values: [String: JSONValue] = [:]
        // A value given but refused is reported once, as refused, not again as missing.
        var given: Set<String> = []
        var invalid: [String] = []
        if case .object(let members)? = json {
            for member in members {
                guard let parameter = parameters.first(where: { $0.name == member.key }) else {
                    invalid.append("\(intent) has no parameter '\(member.key)'")
                    continue
                }
                given.insert(member.key)
                switch check(member.value, type: parameter.type, parameter: parameter, name: parameter.name) {
                case .success(let value): values[member.key] = value
                case .failure(let message): invalid.append(message.text)
                }
            }
        } else if let json, json != .null {
            invalid.append("the values of \(intent) are \(json), not an object")
        }
        return completed(values, given: given, parameters: parameters, intent: intent, invalid: invalid)
    }

    /// `value` checked against `type` (of `parameter`, named `name` in messages).
    package static func check(
        _ value: JSONValue, type: ParameterType, parameter: ParameterDescription, name: String
    ) -> Result<JSONValue, ErrorMessage> {
        if parameter.isOptional, value == .null { return .success(.null) }
        let wrong = ErrorMessage("'\(name)' must be \(ParameterValidator.article(type.name)), not \(value)")
        switch type {
        case .string:
            guard case .string = value else { return .failure(wrong) }
            return .success(value)
        case .boolean:
            guard case .bool = value else { return .failure(wrong) }
            return .success(value)
        case .integer:
            guard let number = value.intValue else { return .failure(wrong) }
            if let minimum = parameter.minimum, number < minimum {
                return .failure(ErrorMessage("'\(name)' must be at least \(minimum), not \(number)"))
            }
            if let maximum = parameter.maximum, number > maximum {
                return .failure(ErrorMessage("'\(name)' must be at most \(maximum), not \(number)"))
            }
            return .success(.int(number))
        case .number:
            let number: Double
            switch value {
            case .int(let integer): number = Double(integer)
            case .double(let double) where double.isFinite: number = double
            default: return .failure(wrong)
            }
            if let problem = parameter.numberBoundProblem(number, name: name) {
                return .failure(ErrorMessage(problem))
            }
            return .success(.double(number))
        case .date:
            do throws(StrictISO8601.Failure) {
                _ = try StrictISO8601.date(from: value.stringValue ?? "")
            } catch {
                return .failure(
                    ErrorMessage(
                        "'\(name)' must be an ISO 8601 date such as 2026-11-29T12:00:00Z, not \(value)"
                            + (error.outOfRangeReason.map { ": " + $0 } ?? "")))
            }
            return .success(value)
        case .enumeration(_, let cases):
            guard let text = value.stringValue, cases.contains(where: { $0.value == text }) else {
                let list = cases.map(\.value).joined(separator: ", ")
                return .failure(ErrorMessage("'\(name)' must be one of \(list), not \(value)"))
            }
            return .success(value)
        case .array(let itemType):
            guard case .array(let items) = value else { return .failure(wrong) }
            var checked: [JSONValue] = []
            for (index, item) in items.enumerated() {
                switch check(item, type: itemType, parameter: parameter, name: "\(name)[\(index)]") {
                case .success(let value): checked.append(value)
                case .failure(let message): return .failure(message)
                }
            }
            return .success(.array(checked))
        }
    }
}
