public import WidgetHostKit

extension ParameterDescription {
    /// `integer, 1 or more`, `enum: all, high, medium, low`, `array of string`: the type in words.
    public var typeSummary: String {
        var text = Self.summary(type)
        switch (minimum, maximum) {
        case (let low?, let high?): text += " from \(low) to \(high)"
        case (let low?, nil): text += ", at least \(low)"
        case (nil, let high?): text += ", at most \(high)"
        case (nil, nil): break
        }
        switch (numberMinimum.map(Self.numberText), numberMaximum.map(Self.numberText)) {
        case (let low?, let high?): text += " from \(low) to \(high)"
        case (let low?, nil): text += ", at least \(low)"
        case (nil, let high?): text += ", at most \(high)"
        case (nil, nil): break
        }
        if isOptional { text += ", optional" }
        return text
    }

    static func summary(_ type: ParameterType) -> String {
        switch type {
        case .enumeration(_, let cases): return "one of " + cases.map(\.value).joined(separator: ", ")
        case .array(let items): return "list of " + summary(items)
        default: return type.name
        }
    }
}
