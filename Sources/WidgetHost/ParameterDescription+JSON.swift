public import WidgetHostKit

extension ParameterDescription {
    /// The parameter as the plugin protocol and `describe --format json` write it:
    /// `{"name", "title", "type", "default"?, "minimum"?, "maximum"?, "cases"?, "items"?, "optional"?}`.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("name", .string(name)),
            .init("title", .string(title)),
        ]
        members += Self.typeMembers(type)
        if let defaultValue { members.append(.init("default", defaultValue)) }
        if let minimum { members.append(.init("minimum", .int(minimum))) }
        if let maximum { members.append(.init("maximum", .int(maximum))) }
        if isOptional { members.append(.init("optional", .bool(true))) }
        return .object(members)
    }

    static func typeMembers(_ type: ParameterType) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [.init("type", .string(type.name))]
        switch type {
        case .enumeration(_, let cases):
            members.append(.init("cases", .array(cases.map { .string($0.value) })))
        case .array(let items):
            members.append(.init("items", .object(typeMembers(items))))
        default:
            break
        }
        return members
    }

    /// `integer, 1 or more`, `enum: all, high, medium, low`, `array of string`: the type in words.
    public var typeSummary: String {
        var text = Self.summary(type)
        switch (minimum, maximum) {
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
