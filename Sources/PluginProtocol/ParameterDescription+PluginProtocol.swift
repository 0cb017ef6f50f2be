@_spi(WidgetHost) public import WidgetHostKit

/// Parameters as the plugin protocol writes them, both ways: the SDK's plugin server declares its
/// widgets' parameters with ``json``, the host reads a plugin's with ``init(json:)``.
extension ParameterDescription {
    /// The parameter as the plugin protocol and `describe --format json` write it:
    /// `{"name", "title", "type", "default"?, "minimum"?, "maximum"?, "cases"?, "caseTitles"?,
    /// "typeName"?, "items"?, "optional"?, "requestValueDialog"?, "dynamicOptions"?}`.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("name", .string(name)),
            .init("title", .string(title)),
        ]
        members += Self.typeMembers(type, parameter: name)
        if let defaultValue { members.append(.init("default", defaultValue)) }
        if let minimum { members.append(.init("minimum", .int(minimum))) }
        if let maximum { members.append(.init("maximum", .int(maximum))) }
        if let numberMinimum { members.append(.init("minimum", Self.numberJSON(numberMinimum))) }
        if let numberMaximum { members.append(.init("maximum", Self.numberJSON(numberMaximum))) }
        if isOptional { members.append(.init("optional", .bool(true))) }
        if let requestValueDialog { members.append(.init("requestValueDialog", .string(requestValueDialog))) }
        if hasDynamicOptions { members.append(.init("dynamicOptions", .bool(true))) }
        return .object(members)
    }

    /// The members of `type`: a list's `items`, an enumeration's `cases` (with `caseTitles` where a
    /// case's title is not its value, and `typeName` where the enumeration's name is not the
    /// `parameter`'s, whatever the case of its letters).
    static func typeMembers(_ type: ParameterType, parameter: String) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [.init("type", .string(type.name))]
        switch type {
        case .enumeration(let name, let cases):
            members.append(.init("cases", .array(cases.map { .string($0.value) })))
            // What a person sees, where it is not the value itself (`To-do` for `todo`).
            if cases.contains(where: { $0.title != $0.value }) {
                members.append(.init("caseTitles", .array(cases.map { .string($0.title) })))
            }
            if !name.isEmpty, name.lowercased() != parameter.lowercased() {
                members.append(.init("typeName", .string(name)))
            }
        case .array(let items):
            members.append(.init("items", .object(typeMembers(items, parameter: parameter))))
        default:
            break
        }
        return members
    }

    /// Reads a parameter as a plugin declares it (see ``json``).
    /// - Throws: ``ProtocolValueError`` saying which member is missing or wrong.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard let name = json["name"]?.stringValue, !name.isEmpty else {
            throw ProtocolValueError("a parameter has no 'name'")
        }
        let type = try Self.type(json, parameter: name)
        let title = json["title"]?.stringValue ?? name
        let defaultValue = json["default"].flatMap { $0 == .null ? nil : $0 }
        var minimum: Int?
        var maximum: Int?
        var numberMinimum: Double?
        var numberMaximum: Double?
        if case .number = type {
            // A number's bounds are any numbers, fractions included.
            for key in ["minimum", "maximum"] {
                guard let value = json[key], value != .null else { continue }
                guard let bound = value.doubleValue, bound.isFinite else {
                    throw ProtocolValueError("the '\(key)' of parameter '\(name)' is not a number")
                }
                if key == "minimum" { numberMinimum = bound } else { numberMaximum = bound }
            }
        } else {
            if let value = json["minimum"], value != .null {
                guard let bound = value.intValue else {
                    throw ProtocolValueError("the 'minimum' of parameter '\(name)' is not an integer")
                }
                minimum = bound
            }
            if let value = json["maximum"], value != .null {
                guard let bound = value.intValue else {
                    throw ProtocolValueError("the 'maximum' of parameter '\(name)' is not an integer")
                }
                maximum = bound
            }
        }
        self.init(
            name: name,
            title: title,
            type: type,
            defaultValue: defaultValue,
            minimum: minimum,
            maximum: maximum,
            isOptional: json["optional"]?.boolValue ?? false,
            requestValueDialog: json["requestValueDialog"]?.stringValue,
            hasDynamicOptions: json["dynamicOptions"]?.boolValue ?? false,
            numberMinimum: numberMinimum,
            numberMaximum: numberMaximum
        )
    }

    static func type(_ json: JSONValue, parameter: String) throws(ProtocolValueError) -> ParameterType {
        let name = json["type"]?.stringValue
        if let name, let scalar = ParameterType(scalarName: name) { return scalar }
        switch name {
        case "enum":
            guard case .array(let items)? = json["cases"], !items.isEmpty else {
                throw ProtocolValueError("the enum parameter '\(parameter)' has no 'cases'")
            }
            var titles: [String]?
            if let declared = json["caseTitles"], declared != .null {
                guard case .array(let list) = declared, list.count == items.count,
                    let strings = Optional(list.compactMap(\.stringValue)), strings.count == list.count
                else {
                    throw ProtocolValueError(
                        "the 'caseTitles' of parameter '\(parameter)' must be a string for each case")
                }
                titles = strings
            }
            var cases: [EnumCase] = []
            for (index, item) in items.enumerated() {
                guard let value = item.stringValue else {
                    throw ProtocolValueError("the cases of parameter '\(parameter)' must be strings")
                }
                cases.append(EnumCase(value: value, title: titles?[index] ?? value))
            }
            let typeName = json["typeName"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            return .enumeration(name: typeName ?? parameter, cases: cases)
        case "array":
            guard let items = json["items"] else {
                throw ProtocolValueError("the array parameter '\(parameter)' has no 'items'")
            }
            return .array(try type(items, parameter: parameter))
        case let other?:
            throw ProtocolValueError(
                "the parameter '\(parameter)' has the unknown type '\(other)'; expected string, boolean, "
                    + "integer, number, enum, date or array")
        case nil:
            throw ProtocolValueError("the parameter '\(parameter)' has no 'type'")
        }
    }
}
