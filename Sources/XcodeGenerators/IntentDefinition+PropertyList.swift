public import Foundation

extension IntentDefinition {
    /// The definition an `.intentdefinition` file's bytes (an XML property list, as Xcode writes
    /// it) hold.
    /// - Throws: ``IntentDefinitionError`` naming the first place the file does not hold a
    ///   definition: not an XML property list, a missing name, a name Swift cannot use, a reference
    ///   to an enumeration or a type the file does not declare, a default that is not a case.
    public init(propertyList data: Data) throws(IntentDefinitionError) {
        // A binary list may refer to one value from many places, and a few kilobytes of them
        // expand to gigabytes read; Xcode never writes one.
        guard !data.starts(with: Array("bplist".utf8)) else {
            throw IntentDefinitionError(
                "", "the file is a binary property list; an .intentdefinition file is XML, as Xcode writes it"
            )
        }
        // Foundation's XML reader stops the process on bytes that are not UTF-8 (at a number).
        guard String(validating: data, as: UTF8.self) != nil else {
            throw IntentDefinitionError(
                "", "the file is not UTF-8 text, as Xcode writes an .intentdefinition file")
        }
        let root: PropertyListValue
        do {
            root = try PropertyListDecoder().decode(PropertyListValue.self, from: data)
        } catch {
            throw Self.unreadable(error)
        }
        guard case .dictionary(let top) = root else {
            throw IntentDefinitionError("", "the file's property list is not a dictionary")
        }
        let file = Entry(values: top, place: "")
        // The project's class prefix, which Xcode puts before the Swift names of the intents,
        // enumerations and types that have no class name of their own (`HRPG` + `TaskType`); the
        // file records it with each intent.
        var prefix = ""
        for entry in try file.list("INIntents") {
            if let found = try entry.optionalIdentifier("INIntentClassPrefix") {
                prefix = found
                break
            }
        }
        enumerations = []
        for entry in try file.list("INEnums") {
            enumerations.append(try Self.enumeration(entry, prefix: prefix))
        }
        types = []
        intents = []
        let enumerationNames = Dictionary(
            enumerations.map { ($0.name, $0.typeName) }, uniquingKeysWith: { first, _ in first })
        var typeNames: [String: String] = [:]
        for entry in try file.list("INTypes") {
            let name = try entry.identifier("INTypeName")
            typeNames[name] = try entry.swiftName("INType", name: name, prefix: prefix)
        }
        let references = References(enumerations: enumerationNames, types: typeNames)
        for entry in try file.list("INTypes") {
            types.append(try objectType(entry, references: references))
        }
        for entry in try file.list("INIntents") {
            intents.append(try intent(entry, references: references, prefix: prefix))
        }
        try Self.checkUnique(enumerations.map(\.typeName) + types.map(\.className) + intents.map(\.className))
    }

    /// The Swift names the file's enumerations and custom types have, by the names it knows them by.
    private struct References {
        var enumerations: [String: String]
        var types: [String: String]
    }

    private static func enumeration(_ entry: Entry, prefix: String) throws(IntentDefinitionError)
        -> Enumeration
    {
        let name = try entry.identifier("INEnumName")
        let typeName = try entry.swiftName("INEnum", name: name, prefix: prefix)
        var cases: [Enumeration.Case] = []
        for value in try entry.list("INEnumValues") {
            let caseName = try value.identifier("INEnumValueName")
            let index = try value.integer("INEnumValueIndex") ?? 0
            guard !enumerationMembers.contains(caseName) else {
                throw IntentDefinitionError(
                    value.place, "'\(caseName)' is a member every enumeration has already")
            }
            guard !cases.contains(where: { $0.name == caseName || $0.index == index }) else {
                throw IntentDefinitionError(
                    value.place, "a second case named '\(caseName)' or of index \(index)")
            }
            cases.append(
                .init(
                    name: caseName, index: index,
                    title: try value.string("INEnumValueDisplayName") ?? caseName))
        }
        // Swift declares no enum with a raw type and no case.
        guard !cases.isEmpty else {
            throw IntentDefinitionError(entry.place, "the enumeration '\(name)' has no cases")
        }
        return Enumeration(
            name: name, typeName: typeName, title: try entry.string("INEnumDisplayName") ?? name,
            cases: cases.sorted { $0.index < $1.index })
    }

    /// The properties every `INObject` has, which a custom type lists too.
    private static let objectProperties: Set<String> = [
        "identifier", "displayString", "pronunciationHint", "alternativeSpeakableMatches",
    ]

    /// The members of a generated enumeration no case may be named.
    private static let enumerationMembers: Set<String> = [
        "json", "rawValue", "allCases", "caseTitles", "enumerationName", "unsetValue", "parameterType",
        "isOptional", "suggestsValues", "hashValue", "init",
    ]

    /// The other members of an `INObject` a property of a custom type may not declare again.
    private static let objectMembers: Set<String> = [
        "subtitleString", "description", "json", "hashValue", "parameterType", "unsetValue", "isOptional",
        "suggestsValues",
    ]

    private mutating func objectType(_ entry: Entry, references: References) throws(IntentDefinitionError)
        -> ObjectType
    {
        let name = try entry.identifier("INTypeName")
        var properties: [Property] = []
        for property in try entry.list("INTypeProperties") {
            let propertyName = try property.identifier("INTypePropertyName")
            guard !Self.objectProperties.contains(propertyName) else { continue }
            guard !Self.objectMembers.contains(propertyName),
                !properties.contains(where: { $0.name == propertyName })
            else {
                throw IntentDefinitionError(
                    property.place,
                    "'\(propertyName)' is a property the type has already (an INObject's or another)")
            }
            guard
                let type = try valueType(
                    property, prefix: "INTypeProperty", references: references, name: propertyName)
            else { continue }
            properties.append(Property(name: propertyName, type: type))
        }
        return ObjectType(name: name, className: references.types[name] ?? name, properties: properties)
    }

    private mutating func intent(_ entry: Entry, references: References, prefix: String)
        throws(IntentDefinitionError) -> Intent
    {
        let name = try entry.identifier("INIntentName")
        let className = try entry.swiftName("INIntent", name: name + "Intent", prefix: prefix)
        var parameters: [Parameter] = []
        for parameter in try entry.list("INIntentParameters") {
            let parameterName = try parameter.identifier("INIntentParameterName")
            guard !parameters.contains(where: { $0.name == parameterName }) else {
                throw IntentDefinitionError(parameter.place, "a second parameter named '\(parameterName)'")
            }
            guard
                let type = try valueType(
                    parameter, prefix: "INIntentParameter", references: references, name: parameterName)
            else { continue }
            let metadata = try parameter.dictionary("INIntentParameterMetadata")
            let defaultValue = try Self.defaultValue(metadata, type: type)
            if case .enumeration(let swiftName) = type, case .string(let text) = defaultValue,
                let enumeration = enumerations.first(where: { $0.typeName == swiftName }),
                !enumeration.cases.contains(where: { $0.name == text && $0.index != 0 })
            {
                throw IntentDefinitionError(
                    parameter.place + ".INIntentParameterMetadata",
                    "the default '\(text)' is not a case of '\(enumeration.name)'")
            }
            parameters.append(
                Parameter(
                    name: parameterName,
                    title: try parameter.string("INIntentParameterDisplayName") ?? parameterName,
                    type: type,
                    isConfigurable: try parameter.boolean("INIntentParameterConfigurable") ?? false,
                    defaultValue: defaultValue,
                    minimum: try metadata?.number("INIntentParameterMetadataMinimumValue"),
                    maximum: try metadata?.number("INIntentParameterMetadataMaximumValue"),
                    sizes: try Self.sizes(parameter)))
        }
        return Intent(name: name, className: className, parameters: parameters)
    }

    /// The type of a parameter or property (keys `<prefix>Type`, `<prefix>EnumType`,
    /// `<prefix>ObjectType`, `<prefix>SupportsMultipleValues`); `nil`, noted in ``leftOut``, for a
    /// type widgethost does not map yet.
    private mutating func valueType(
        _ entry: Entry, prefix: String, references: References, name: String
    ) throws(IntentDefinitionError) -> ValueType? {
        let typeName = try entry.string(prefix + "Type") ?? "String"
        var type: ValueType
        if let enumeration = try entry.string(prefix + "EnumType") {
            guard let swiftName = references.enumerations[enumeration] else {
                throw IntentDefinitionError(
                    entry.place, "the enumeration '\(enumeration)' is not declared in INEnums")
            }
            type = .enumeration(swiftName)
        } else if typeName == "Object" {
            let object = try entry.string(prefix + "ObjectType") ?? ""
            guard let className = references.types[object] else {
                throw IntentDefinitionError(entry.place, "the type '\(object)' is not declared in INTypes")
            }
            type = .object(className)
        } else if let scalar = Self.scalarTypes[typeName] {
            type = scalar
        } else {
            leftOut.append(
                IntentDefinitionError(
                    entry.place,
                    "'\(name)' is of type '\(typeName)', which widgethost does not map yet; it is left out"))
            return nil
        }
        if try entry.boolean(prefix + "SupportsMultipleValues") == true {
            switch type {
            case .string, .object: type = .array(type)
            default:
                leftOut.append(
                    IntentDefinitionError(
                        entry.place,
                        "'\(name)' takes several values of type '\(typeName)', which widgethost does not map yet; "
                            + "it is left out"))
                return nil
            }
        }
        return type
    }

    /// A list's size in each family (`INIntentParameterArraySizes`: `{SizeClass, Size}`), the
    /// families widgets have on iPhone; a size class of another device is passed over.
    private static func sizes(_ parameter: Entry) throws(IntentDefinitionError) -> [FamilySize] {
        var sizes: [FamilySize] = []
        for entry in try parameter.list("INIntentParameterArraySizes") {
            guard let sizeClass = try entry.string("INIntentParameterArraySizeSizeClass"),
                let family = sizeClasses[sizeClass]
            else { continue }
            guard let size = try entry.integer("INIntentParameterArraySizeSize"), size >= 0 else {
                throw IntentDefinitionError(entry.place, "has no INIntentParameterArraySizeSize of 0 or more")
            }
            sizes.append(FamilySize(family: family, size: size))
        }
        return sizes
    }

    private static let sizeClasses = [
        "Small": "systemSmall", "Medium": "systemMedium", "Large": "systemLarge",
        "ExtraLarge": "systemExtraLarge",
        "AccessoryInline": "accessoryInline", "AccessoryCircular": "accessoryCircular",
        "AccessoryRectangular": "accessoryRectangular",
    ]

    private static let scalarTypes: [String: ValueType] = [
        "String": .string, "Boolean": .boolean, "Integer": .integer, "Decimal": .decimal,
        "DateComponents": .dateComponents,
    ]

    /// The default of a parameter's metadata, checked against its type.
    private static func defaultValue(_ metadata: Entry?, type: ValueType) throws(IntentDefinitionError)
        -> DefaultValue?
    {
        guard let metadata, let value = metadata.values["INIntentParameterMetadataDefaultValue"] else {
            return nil
        }
        let place = metadata.place + ".INIntentParameterMetadataDefaultValue"
        switch (type, value, value.number) {
        case (.boolean, .boolean(let flag), _): return .boolean(flag)
        case (.boolean, .string(let text), _) where ["true", "false"].contains(text):
            return .boolean(text == "true")
        case (.integer, _, let number?) where number.rounded() == number && abs(number) < 1e15:
            return .number(number)
        case (.decimal, _, let number?) where number.isFinite: return .number(number)
        case (.string, .string(let text), _), (.enumeration, .string(let text), _):
            return .string(text)
        default:
            throw IntentDefinitionError(place, "the default '\(value)' does not fit the parameter's type")
        }
    }

    /// Where a property list could not be read: the value of an unknown type (a binary list's set)
    /// by its path, or the whole file.
    private static func unreadable(_ error: any Error) -> IntentDefinitionError {
        let context: DecodingError.Context?
        switch error as? DecodingError {
        case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found):
            context = found
        default: context = nil
        }
        guard let path = context?.codingPath, !path.isEmpty else {
            return IntentDefinitionError("", "the file is not a property list")
        }
        let place = path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return IntentDefinitionError(String(place.drop { $0 == "." }), "is not a value a property list holds")
    }

    private static func checkUnique(_ names: [String]) throws(IntentDefinitionError) {
        var seen: Set<String> = []
        for name in names where !seen.insert(name).inserted {
            throw IntentDefinitionError("", "two declarations make the Swift type '\(name)'")
        }
    }
}

/// A dictionary of the property list and where it is, read with errors that name the place.
private struct Entry {
    var values: [String: PropertyListValue]
    var place: String

    func list(_ key: String) throws(IntentDefinitionError) -> [Entry] {
        guard let value = values[key] else { return [] }
        guard case .array(let items) = value else { throw IntentDefinitionError(at(key), "is not an array") }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            guard case .dictionary(let dictionary) = item else {
                throw IntentDefinitionError(at(key) + "[\(index)]", "is not a dictionary")
            }
            var entry = Entry(values: dictionary, place: at(key) + "[\(index)]")
            // Name the entry too, so a reader finds it without counting.
            for name in [
                "INIntentName", "INEnumName", "INTypeName", "INIntentParameterName", "INTypePropertyName",
            ] {
                if case .string(let text) = dictionary[name] {
                    entry.place += " (\(text))"
                    break
                }
            }
            entries.append(entry)
        }
        return entries
    }

    func dictionary(_ key: String) throws(IntentDefinitionError) -> Entry? {
        guard let value = values[key] else { return nil }
        guard case .dictionary(let dictionary) = value else {
            throw IntentDefinitionError(at(key), "is not a dictionary")
        }
        return Entry(values: dictionary, place: at(key))
    }

    func string(_ key: String) throws(IntentDefinitionError) -> String? {
        guard let value = values[key] else { return nil }
        guard case .string(let text) = value else { throw IntentDefinitionError(at(key), "is not a string") }
        return text
    }

    func boolean(_ key: String) throws(IntentDefinitionError) -> Bool? {
        guard let value = values[key] else { return nil }
        guard case .boolean(let flag) = value else {
            throw IntentDefinitionError(at(key), "is not a boolean")
        }
        return flag
    }

    func integer(_ key: String) throws(IntentDefinitionError) -> Int? {
        guard let value = values[key] else { return nil }
        guard let number = value.number, let whole = Int(exactly: number) else {
            throw IntentDefinitionError(at(key), "is not an integer")
        }
        return whole
    }

    func number(_ key: String) throws(IntentDefinitionError) -> Double? {
        guard let value = values[key] else { return nil }
        guard let number = value.number, number.isFinite else {
            throw IntentDefinitionError(at(key), "is not a number")
        }
        return number
    }

    /// The Swift name of a declaration whose keys start with `key` (`INIntent`): its class name,
    /// else `name` after its class prefix or the file's.
    func swiftName(_ key: String, name: String, prefix: String) throws(IntentDefinitionError) -> String {
        if let className = try optionalIdentifier(key + "ClassName") { return className }
        return (try optionalIdentifier(key + "ClassPrefix") ?? prefix) + name
    }

    /// A name Swift can declare (a letter or `_`, then letters, digits and `_`).
    func identifier(_ key: String) throws(IntentDefinitionError) -> String {
        guard let name = try string(key) else { throw IntentDefinitionError(place, "has no \(key)") }
        return try Self.checked(name, at: at(key))
    }

    func optionalIdentifier(_ key: String) throws(IntentDefinitionError) -> String? {
        guard let name = try string(key) else { return nil }
        return try Self.checked(name, at: at(key))
    }

    private static func checked(_ name: String, at place: String) throws(IntentDefinitionError) -> String {
        guard let first = name.unicodeScalars.first,
            first == "_" || first.properties.isAlphabetic && first.isASCII,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            })
        else {
            throw IntentDefinitionError(place, "'\(name)' is not a name Swift can declare")
        }
        return name
    }

    private func at(_ key: String) -> String { place.isEmpty ? key : place + "." + key }
}
