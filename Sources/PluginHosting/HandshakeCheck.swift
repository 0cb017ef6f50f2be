import Diagnostics
import PluginProtocol
import WidgetEngine
public import WidgetHostKit

/// The `initialize` reply checked as strictly as a configuration: every unknown key (with a "did
/// you mean"), wrong type, default outside its type, cases or range, minimum above maximum, and
/// duplicate or non-identifier name, each a problem naming the widget or intent and the key. All
/// are found in one pass, so `plugins check` reports every one at once; any of them fails the
/// handshake, so a plugin never receives a value the host has not checked.
public enum HandshakeCheck {
    static let resultKeys = ["protocolVersion", "plugin", "widgets", "intents"]
    static let pluginKeys = ["name", "version"]
    static let widgetKeys = [
        "kind", "displayName", "description", "supportedFamilies", "parameters", "parameterLimits",
    ]
    static let intentKeys = ["type", "title", "description", "parameters"]
    static let parameterKeys = [
        "name", "title", "type", "default", "minimum", "maximum", "cases", "caseTitles", "typeName", "items",
        "optional", "requestValueDialog", "dynamicOptions",
    ]
    static let typeKeys = ["type", "cases", "caseTitles", "typeName", "items"]
    static let typeNames = ["string", "boolean", "integer", "number", "enum", "date", "array"]

    /// Every problem of the `initialize` result `json`, in reading order; empty when it is sound.
    public static func problems(in json: JSONValue) -> [String] {
        var problems: [String] = []
        guard case .object = json else { return ["the initialize result is \(json), not an object"] }
        unknownKeys(json, known: resultKeys, in: "the initialize result", into: &problems)
        switch json["protocolVersion"] {
        case nil: problems.append("the initialize result has no 'protocolVersion'")
        case let value?:
            if value.intValue != PluginProtocol.version {
                problems.append(
                    "'protocolVersion' is \(value); this widgethost speaks \(PluginProtocol.version)")
            }
        }
        if let plugin = json["plugin"] {
            if case .object = plugin {
                unknownKeys(plugin, known: pluginKeys, in: "'plugin'", into: &problems)
                for key in pluginKeys { string(plugin, key, in: "'plugin'", into: &problems) }
            } else {
                problems.append("'plugin' is \(plugin), not an object with 'name' and 'version'")
            }
        }
        declarations(json, "widgets", of: "widget", id: "kind", twice: "the widget kind", into: &problems) {
            item, subject, problems in
            unknownKeys(item, known: widgetKeys, in: subject, into: &problems)
            string(item, "displayName", in: subject, into: &problems)
            string(item, "description", in: subject, into: &problems)
            for family in list(item, "supportedFamilies", in: subject, into: &problems) {
                guard let name = family.stringValue, WidgetFamily(rawValue: name) == nil else { continue }
                problems.append(
                    "\(subject), 'supportedFamilies': \(family) is not a widget family"
                        + suggestion(
                            for: family.stringValue ?? "", among: WidgetFamily.allCases.map(\.rawValue)))
            }
            parameters(item, in: subject, into: &problems)
        }
        declarations(json, "intents", of: "intent", id: "type", twice: "the intent", into: &problems) {
            item, subject, problems in
            unknownKeys(item, known: intentKeys, in: subject, into: &problems)
            string(item, "title", in: subject, into: &problems)
            string(item, "description", in: subject, into: &problems)
            parameters(item, in: subject, into: &problems)
        }
        return problems
    }

    /// Checks each object of the result's list `key` (`widgets`, `intents`): that it is an object
    /// whose `idKey` is a non-empty string no other one has, then the rest with `check`, given the
    /// object and its subject (`widget 'todo'`, or `widget 2` without a kind).
    private static func declarations(
        _ json: JSONValue, _ key: String, of noun: String, id idKey: String, twice: String,
        into problems: inout [String], _ check: (JSONValue, String, inout [String]) -> Void
    ) {
        var ids: Set<String> = []
        for (position, item) in list(json, key, in: "the initialize result", into: &problems).enumerated() {
            let id = item[idKey]?.stringValue ?? ""
            let subject = id.isEmpty ? "\(noun) \(position + 1)" : "\(noun) '\(id)'"
            guard case .object = item else {
                problems.append("\(subject) is \(item), not an object")
                continue
            }
            if id.isEmpty {
                problems.append("\(subject) has no '\(idKey)' (a non-empty string)")
            } else if !ids.insert(id).inserted {
                problems.append("\(twice) '\(id)' is declared twice")
            }
            check(item, subject, &problems)
        }
    }

    // MARK: - Parameters

    private static func parameters(_ owner: JSONValue, in subject: String, into problems: inout [String]) {
        var names: Set<String> = []
        for (position, item) in list(owner, "parameters", in: subject, into: &problems).enumerated() {
            let name = item["name"]?.stringValue ?? ""
            let place =
                name.isEmpty ? "\(subject), parameter \(position + 1)" : "\(subject), parameter '\(name)'"
            guard case .object = item else {
                problems.append("\(place) is \(item), not an object")
                continue
            }
            if name.isEmpty {
                problems.append("\(place) has no 'name' (a non-empty string)")
            } else if !isIdentifier(name) {
                problems.append(
                    "\(place): the name '\(name)' is not an identifier (a letter or _, then letters, digits or _)"
                )
            } else if !names.insert(name).inserted {
                problems.append("\(subject) declares the parameter '\(name)' twice")
            }
            unknownKeys(item, known: parameterKeys, in: place, into: &problems)
            string(item, "title", in: place, into: &problems)
            if let optional = item["optional"], optional.boolValue == nil {
                problems.append("\(place), 'optional': \(optional) is not a boolean")
            }
            if let dynamic = item["dynamicOptions"], dynamic.boolValue == nil {
                problems.append("\(place), 'dynamicOptions': \(dynamic) is not a boolean")
            }
            string(item, "requestValueDialog", in: place, into: &problems)
            guard let type = type(item, in: place, into: &problems) else { continue }
            var minimum: Int?
            var maximum: Int?
            var numberMinimum: Double?
            var numberMaximum: Double?
            for key in ["minimum", "maximum"] {
                guard let value = item[key], value != .null else { continue }
                switch type {
                case .integer:
                    guard let bound = value.intValue else {
                        problems.append("\(place), '\(key)': \(value) is not an integer")
                        continue
                    }
                    if key == "minimum" { minimum = bound } else { maximum = bound }
                case .number:
                    // Any number bounds a number, fractions included.
                    guard let bound = value.doubleValue, bound.isFinite else {
                        problems.append("\(place), '\(key)': \(value) is not a number")
                        continue
                    }
                    if key == "minimum" { numberMinimum = bound } else { numberMaximum = bound }
                default:
                    problems.append(
                        "\(place), '\(key)': only an integer or number parameter has a range, not a \(type.name)"
                    )
                }
            }
            if let minimum, let maximum, minimum > maximum {
                problems.append("\(place): the minimum \(minimum) is above the maximum \(maximum)")
                continue
            }
            if let low = numberMinimum, let high = numberMaximum, low > high {
                problems.append(
                    "\(place): the minimum \(ParameterDescription.numberText(low)) is above the maximum "
                        + ParameterDescription.numberText(high))
                continue
            }
            guard let value = item["default"], value != .null else { continue }
            let description = ParameterDescription(
                name: name, title: name, type: type, defaultValue: nil, minimum: minimum, maximum: maximum,
                numberMinimum: numberMinimum, numberMaximum: numberMaximum)
            if case .failure(let message) = IntentRunner.check(
                value, type: type, parameter: description, name: name)
            {
                problems.append("\(place), 'default': \(message.text)")
            }
        }
    }

    /// The type `item` declares (`type`, with `cases` or `items`), or `nil` after reporting why not.
    private static func type(_ item: JSONValue, in subject: String, into problems: inout [String])
        -> ParameterType?
    {
        guard let name = item["type"]?.stringValue else {
            problems.append(
                "\(subject) has no 'type'; expected one of \(typeNames.joined(separator: ", "))")
            return nil
        }
        if let scalar = ParameterType(scalarName: name) { return scalar }
        switch name {
        case "enum":
            guard case .array(let items)? = item["cases"], !items.isEmpty else {
                problems.append("\(subject), 'cases': an enum needs a non-empty list of strings")
                return nil
            }
            var cases: [EnumCase] = []
            for value in items {
                guard let text = value.stringValue, !text.isEmpty else {
                    problems.append("\(subject), 'cases': \(value) is not a non-empty string")
                    return nil
                }
                if cases.contains(where: { $0.value == text }) {
                    problems.append("\(subject), 'cases': '\(text)' is listed twice")
                }
                cases.append(EnumCase(value: text, title: text))
            }
            if let titles = item["caseTitles"], titles != .null {
                let strings: [String]? =
                    if case .array(let list) = titles {
                        list.compactMap { $0.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
                    } else { nil }
                if strings?.count != items.count {
                    problems.append(
                        "\(subject), 'caseTitles': a non-empty string for each of the \(items.count) cases")
                }
            }
            if let typeName = item["typeName"], typeName != .null, typeName.stringValue?.isEmpty != false {
                problems.append("\(subject), 'typeName': \(typeName) is not a non-empty string")
            }
            return .enumeration(name: subject, cases: cases)
        case "array":
            guard let items = item["items"], case .object = items else {
                problems.append(
                    "\(subject), 'items': an array needs 'items', an object giving the items' type")
                return nil
            }
            unknownKeys(items, known: typeKeys, in: "\(subject), 'items'", into: &problems)
            return type(items, in: "\(subject), 'items'", into: &problems).map { .array($0) }
        default:
            problems.append(
                "\(subject), 'type': '\(name)' is not a parameter type"
                    + suggestion(for: name, among: typeNames, orList: true))
            return nil
        }
    }

    // MARK: - Helpers

    private static func unknownKeys(
        _ object: JSONValue, known: [String], in subject: String, into problems: inout [String]
    ) {
        guard case .object(let members) = object else { return }
        for member in members where !known.contains(member.key) {
            problems.append(
                "\(subject): unknown key '\(member.key)'"
                    + suggestion(for: member.key, among: known, orList: true))
        }
    }

    /// The items of the array under `key` (none when it is absent or `null`), reporting anything else.
    private static func list(
        _ object: JSONValue, _ key: String, in subject: String, into problems: inout [String]
    ) -> [JSONValue] {
        switch object[key] {
        case nil, .null?: return []
        case .array(let items)?: return items
        case let other?:
            problems.append("\(subject), '\(key)': \(other) is not a list")
            return []
        }
    }

    private static func string(
        _ object: JSONValue, _ key: String, in subject: String, into problems: inout [String]
    ) {
        guard let value = object[key], value != .null, value.stringValue == nil else { return }
        problems.append("\(subject), '\(key)': \(value) is not a string")
    }

    /// `; did you mean 'X'?`, or with `orList` `; expected one of ...` when nothing is close. A
    /// name that is close by spelling, or part of a longer one (`families`, `max`), is close.
    private static func suggestion(for name: String, among candidates: [String], orList: Bool = false)
        -> String
    {
        let lowered = name.lowercased()
        if let nearest = EditDistance.suggestion(for: name, among: candidates)
            ?? (lowered.count < 3
                ? nil
                : candidates.first {
                    $0.lowercased().hasPrefix(lowered) || $0.lowercased().hasSuffix(lowered)
                })
        {
            return "; did you mean '\(nearest)'?"
        }
        return orList ? "; expected one of \(candidates.joined(separator: ", "))" : ""
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}
