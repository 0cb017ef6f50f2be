import Foundation
import Testing

@testable import XcodeGenerators

/// Property lists written as Xcode writes `.intentdefinition` files (the keys of the files of
/// Mastodon's, Habitica's and Simplenote's widget extensions), read and generated.
@Suite struct IntentDefinitionTests {
    /// A property list of `body` (the dictionary's keys and values, as XML).
    static func plist(_ body: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """.utf8)
    }

    /// An intent named `name` with `parameters` (each a parameter's dictionary body).
    static func intent(_ name: String, _ parameters: [String], extra: String = "") -> String {
        let list = parameters.map { "<dict>\($0)</dict>" }.joined()
        return "<key>INIntents</key><array><dict><key>INIntentName</key><string>\(name)</string>"
            + "\(extra)<key>INIntentParameters</key><array>\(list)</array></dict></array>"
    }

    /// A configurable parameter's body.
    static func parameter(_ name: String, type: String, _ extra: String = "") -> String {
        "<key>INIntentParameterConfigurable</key><true/><key>INIntentParameterDisplayName</key>"
            + "<string>\(name.capitalized)</string><key>INIntentParameterName</key><string>\(name)</string>"
            + "<key>INIntentParameterType</key><string>\(type)</string>\(extra)"
    }

    static let taskType = """
        <key>INEnums</key><array><dict><key>INEnumDisplayName</key><string>Task Type</string>
        <key>INEnumName</key><string>TaskType</string><key>INEnumValues</key><array>
        <dict><key>INEnumValueDisplayName</key><string>Unknown</string><key>INEnumValueName</key><string>unknown</string></dict>
        <dict><key>INEnumValueDisplayName</key><string>Daily</string><key>INEnumValueIndex</key><integer>2</integer>
        <key>INEnumValueName</key><string>daily</string></dict>
        <dict><key>INEnumValueDisplayName</key><string>Habit</string><key>INEnumValueIndex</key><integer>1</integer>
        <key>INEnumValueName</key><string>habit</string></dict></array></dict></array>
        """

    static let tagType = """
        <key>INTypes</key><array><dict><key>INTypeClassName</key><string>WidgetTag</string>
        <key>INTypeName</key><string>Tag</string><key>INTypeProperties</key><array>
        <dict><key>INTypePropertyName</key><string>identifier</string><key>INTypePropertyType</key><string>String</string></dict>
        <dict><key>INTypePropertyName</key><string>displayString</string><key>INTypePropertyType</key><string>String</string></dict>
        <dict><key>INTypePropertyName</key><string>kind</string><key>INTypePropertyType</key><string>Integer</string></dict>
        </array></dict></array>
        """

    /// A parameter `taskType` of the enumeration `TaskType`, with `metadata` (the dictionary's body).
    static func taskTypeParameter(metadata: String? = nil) -> String {
        parameter(
            "taskType", type: "Integer",
            "<key>INIntentParameterEnumType</key><string>TaskType</string>"
                + (metadata.map { "<key>INIntentParameterMetadata</key><dict>\($0)</dict>" } ?? ""))
    }

    static let tagParameter = parameter(
        "tag", type: "Object", "<key>INIntentParameterObjectType</key><string>Tag</string>")

    /// A definition of the enumeration `TaskType`, the type `Tag`, and the intent `AddTask` with
    /// `parameters`.
    static func addTask(_ parameters: [String], extra: String = "") -> Data {
        plist(taskType + tagType + intent("AddTask", parameters, extra: extra))
    }

    @Test func aDefinitionIsReadWithItsIntentsEnumerationsAndTypes() throws {
        let data = Self.addTask([
            Self.taskTypeParameter(
                metadata: "<key>INIntentParameterMetadataDefaultValue</key><string>habit</string>"),
            Self.tagParameter,
            Self.parameter(
                "count", type: "Integer",
                "<key>INIntentParameterMetadata</key><dict><key>INIntentParameterMetadataDefaultValue</key>"
                    + "<integer>3</integer><key>INIntentParameterMetadataMaximumValue</key><integer>8</integer>"
                    + "</dict>"),
            Self.parameter(
                "accounts", type: "String", "<key>INIntentParameterSupportsMultipleValues</key><true/>"),
            "<key>INIntentParameterName</key><string>source</string>",
        ])
        let definition = try IntentDefinition(propertyList: data)
        #expect(
            definition.enumerations == [
                .init(
                    name: "TaskType", typeName: "TaskType", title: "Task Type",
                    cases: [
                        .init(name: "unknown", index: 0, title: "Unknown"),
                        .init(name: "habit", index: 1, title: "Habit"),
                        .init(name: "daily", index: 2, title: "Daily"),
                    ])
            ])
        #expect(
            definition.types == [
                .init(name: "Tag", className: "WidgetTag", properties: [.init(name: "kind", type: .integer)])
            ])
        let intent = try #require(definition.intents.first)
        #expect(intent.className == "AddTaskIntent")
        #expect(
            intent.parameters == [
                .init(
                    name: "taskType", title: "Tasktype", type: .enumeration("TaskType"), isConfigurable: true,
                    defaultValue: .string("habit")),
                .init(
                    name: "tag", title: "Tag", type: .object("WidgetTag"), isConfigurable: true,
                    defaultValue: nil),
                .init(
                    name: "count", title: "Count", type: .integer, isConfigurable: true,
                    defaultValue: .number(3),
                    maximum: 8),
                .init(
                    name: "accounts", title: "Accounts", type: .array(.string), isConfigurable: true,
                    defaultValue: nil),
                .init(
                    name: "source", title: "source", type: .string, isConfigurable: false, defaultValue: nil),
            ])
        #expect(definition.leftOut.isEmpty)
    }

    @Test func theSwiftIsWhatXcodeDeclaresInTheSDKsForms() throws {
        let data = Self.addTask(
            [
                Self.taskTypeParameter(), Self.tagParameter,
                Self.parameter(
                    "showChart", type: "Boolean",
                    "<key>INIntentParameterMetadata</key><dict><key>INIntentParameterMetadataDefaultValue</key>"
                        + "<true/></dict>"),
                Self.parameter("size", type: "Decimal"),
                Self.parameter(
                    "accounts", type: "String",
                    "<key>INIntentParameterSupportsMultipleValues</key><true/><key>INIntentParameterArraySizes</key>"
                        + "<array><dict><key>INIntentParameterArraySizeSize</key><integer>3</integer>"
                        + "<key>INIntentParameterArraySizeSizeClass</key><string>Small</string></dict>"
                        + "<dict><key>INIntentParameterArraySizeSize</key><integer>1</integer>"
                        + "<key>INIntentParameterArraySizeSizeClass</key><string>AccessoryCorner</string></dict>"
                        + "<dict><key>INIntentParameterArraySizeSize</key><integer>6</integer>"
                        + "<key>INIntentParameterArraySizeSizeClass</key><string>Large</string></dict></array>"
                ),
                Self.parameter("day", type: "DateComponents"),
                Self.parameter(
                    "default", type: "String",
                    "<key>INIntentParameterMetadata</key><dict><key>INIntentParameterMetadataDefaultValue</key>"
                        + "<string>say \"hi\"\\</string></dict>"),
            ],
            extra: "<key>INIntentClassName</key><string>AddTaskConfiguration</string>")
        let swift = try IntentDefinition(propertyList: data).swift(source: "Widget.intentdefinition")
        for line in [
            "public enum TaskType: Int, INEnumeration, Sendable {",
            "    case habit = 1",
            "    public static let enumerationName = \"Task Type\"",
            "        .habit: \"Habit\",",
            "public class WidgetTag: INObject, @unchecked Sendable {",
            "    public var kind: NSNumber? = nil",
            "public class AddTaskConfiguration: INIntent, @unchecked Sendable {",
            "    @Parameter(title: \"Tasktype\") public var taskType: TaskType",
            "    @Parameter(title: \"Tag\") public var tag: WidgetTag?",
            "    @INNumberParameter(title: \"Showchart\", type: .boolean, default: .bool(true)) public var showChart: NSNumber?",
            "    @INNumberParameter(title: \"Size\", type: .number) public var size: NSNumber?",
            // The watch's corner is not a family of widgets on iPhone.
            "    @Parameter(title: \"Accounts\", size: [.systemSmall: 3, .systemLarge: 6]) public var accounts: [String]?",
            "    @Parameter(title: \"Day\") public var day: DateComponents?",
            "    @Parameter(title: \"Default\", default: \"say \\\"hi\\\"\\\\\") public var `default`: String?",
        ] {
            #expect(swift.contains(line + "\n"), "\(line)\n---\n\(swift)")
        }
        // `unknown` is the unset value, not a choice.
        #expect(!swift.contains(".unknown:"))
    }

    /// Without a class name, an intent, an enumeration or a type is named with the project's class
    /// prefix, which the file records with each intent (Habitica's `HRPGAddTaskIntent`,
    /// `HRPGTaskType`); a class name is the Swift name as it is (Simplenote's `NoteWidgetIntent`).
    @Test func theProjectsClassPrefixStandsBeforeNamesWithoutAClassName() throws {
        let definition = try IntentDefinition(
            propertyList: Self.addTask(
                [Self.taskTypeParameter()], extra: "<key>INIntentClassPrefix</key><string>HRPG</string>"))
        #expect(definition.intents.map(\.className) == ["HRPGAddTaskIntent"])
        #expect(definition.enumerations.map(\.typeName) == ["HRPGTaskType"])
        #expect(definition.intents.first?.parameters.first?.type == .enumeration("HRPGTaskType"))
        // The type has a class name of its own.
        #expect(definition.types.map(\.className) == ["WidgetTag"])
        let named = Self.intent(
            "NoteWidget", [],
            extra:
                "<key>INIntentClassName</key><string>NoteWidgetIntent</string><key>INIntentClassPrefix</key>"
                + "<string>SP</string>")
        #expect(
            try IntentDefinition(propertyList: Self.plist(named)).intents.map(\.className) == [
                "NoteWidgetIntent"
            ])
    }

    /// The intent-definition fuzz target's findings: a binary property list holding a set crashed
    /// swift-corelibs-foundation's `PropertyListSerialization` (bridging the set), and one of 3 KB
    /// whose values refer to each other many times took gigabytes and minutes to read. The file is
    /// read with `PropertyListDecoder`, and only as XML, as Xcode writes it.
    @Test(arguments: ["binary-with-a-set.plist", "binary-references-expanding.plist"])
    func aBinaryListIsRefusedBeforeItIsRead(_ name: String) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/intent-definition/" + name)
        let data = try Data(contentsOf: file)
        #expect(
            throws: IntentDefinitionError(
                "", "the file is a binary property list; an .intentdefinition file is XML, as Xcode writes it"
            )
        ) { try IntentDefinition(propertyList: data) }
    }

    /// The target's third finding: bytes that are not UTF-8 in an XML list stopped
    /// `PropertyListDecoder` with a fatal error; they are refused before it reads them.
    @Test func aFileThatIsNotUTF8IsRefusedBeforeItIsRead() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Fuzz/Corpus/intent-definition/xml-not-utf8.plist")
        #expect(
            throws: IntentDefinitionError(
                "", "the file is not UTF-8 text, as Xcode writes an .intentdefinition file")
        ) { try IntentDefinition(propertyList: try Data(contentsOf: file)) }
    }

    /// A value an XML list cannot hold where a definition is read is refused where it is.
    @Test func aValueOfNoKnownTypeIsRefusedWhereItIs() throws {
        let data = Self.plist("<key>INIntents</key><array><dict><key>INIntentName</key><wat/></dict></array>")
        #expect(throws: IntentDefinitionError.self) { try IntentDefinition(propertyList: data) }
    }

    @Test func aTitleIsWrittenAsASwiftLiteralWhateverItHolds() {
        #expect(SwiftSource.literal("say \"hi\"\\\n\t\u{1}\u{7F}é") == #""say \"hi\"\\\n\t\u{1}\u{7f}é""#)
        #expect(SwiftSource.name("default") == "`default`")
        #expect(SwiftSource.name("tag") == "tag")
    }

    @Test func aTypeWidgethostDoesNotMapIsLeftOutAndSaidSo() throws {
        let data = Self.plist(
            Self.intent(
                "Trip",
                [
                    Self.parameter("place", type: "Location"), Self.parameter("title", type: "String"),
                    Self.parameter(
                        "flags", type: "Boolean", "<key>INIntentParameterSupportsMultipleValues</key><true/>"),
                ]))
        let definition = try IntentDefinition(propertyList: data)
        #expect(definition.intents.first?.parameters.map(\.name) == ["title"])
        #expect(
            definition.leftOut.map(\.description) == [
                "INIntents[0] (Trip).INIntentParameters[0] (place): 'place' is of type 'Location', which widgethost "
                    + "does not map yet; it is left out",
                "INIntents[0] (Trip).INIntentParameters[2] (flags): 'flags' takes several values of type 'Boolean', "
                    + "which widgethost does not map yet; it is left out",
            ])
        #expect(!definition.swift(source: "Trip.intentdefinition").contains("place"))
    }

    @Test(arguments: [
        (Data("not a plist".utf8), "the file is not a property list"),
        (
            Data(#"<?xml version="1.0"?><plist version="1.0"><array/></plist>"#.utf8),
            "the file's property list is not a dictionary"
        ),
        (plist("<key>INIntents</key><dict/>"), "INIntents: is not an array"),
        (plist("<key>INIntents</key><array><string>x</string></array>"), "INIntents[0]: is not a dictionary"),
        (
            plist(intent("Two Words", [])),
            "INIntents[0] (Two Words).INIntentName: 'Two Words' is not a name Swift can declare"
        ),
        (plist("<key>INIntents</key><array><dict/></array>"), "INIntents[0]: has no INIntentName"),
        (
            plist(
                intent(
                    "A",
                    [
                        parameter(
                            "x", type: "Integer", "<key>INIntentParameterEnumType</key><string>Nope</string>")
                    ])),
            "INIntents[0] (A).INIntentParameters[0] (x): the enumeration 'Nope' is not declared in INEnums"
        ),
        (
            plist(intent("A", [parameter("x", type: "Object")])),
            "INIntents[0] (A).INIntentParameters[0] (x): the type '' is not declared in INTypes"
        ),
        (
            plist(intent("A", [parameter("x", type: "String"), parameter("x", type: "Boolean")])),
            "INIntents[0] (A).INIntentParameters[1] (x): a second parameter named 'x'"
        ),
        (
            plist(
                taskType
                    + intent(
                        "A",
                        [
                            parameter(
                                "x", type: "Integer",
                                "<key>INIntentParameterEnumType</key><string>TaskType</string><key>INIntentParameterMetadata"
                                    + "</key><dict><key>INIntentParameterMetadataDefaultValue</key><string>weekly</string></dict>"
                            )
                        ])),
            "INIntents[0] (A).INIntentParameters[0] (x).INIntentParameterMetadata: the default 'weekly' is not a case of 'TaskType'"
        ),
        (
            plist(
                intent(
                    "A",
                    [
                        parameter(
                            "x", type: "Integer",
                            "<key>INIntentParameterMetadata</key><dict><key>INIntentParameterMetadataDefaultValue</key>"
                                + "<string>three</string></dict>")
                    ])),
            "INIntents[0] (A).INIntentParameters[0] (x).INIntentParameterMetadata.INIntentParameterMetadataDefaultValue: "
                + "the default 'three' does not fit the parameter's type"
        ),
        (
            plist(
                intent(
                    "A",
                    [
                        parameter(
                            "x", type: "String",
                            "<key>INIntentParameterConfigurable</key><string>yes</string>")
                    ])),
            "INIntents[0] (A).INIntentParameters[0] (x).INIntentParameterConfigurable: is not a boolean"
        ),
        (
            plist(intent("A", [], extra: "<key>INIntentClassName</key><string>TaskType</string>") + taskType),
            "two declarations make the Swift type 'TaskType'"
        ),
        (
            plist(
                "<key>INEnums</key><array><dict><key>INEnumName</key><string>Empty</string></dict></array>"),
            "INEnums[0] (Empty): the enumeration 'Empty' has no cases"
        ),
        (
            plist(
                "<key>INEnums</key><array><dict><key>INEnumName</key><string>E</string><key>INEnumValues</key><array>"
                    + "<dict><key>INEnumValueName</key><string>json</string></dict></array></dict></array>"),
            "INEnums[0] (E).INEnumValues[0]: 'json' is a member every enumeration has already"
        ),
        (
            plist(
                "<key>INTypes</key><array><dict><key>INTypeName</key><string>T</string><key>INTypeProperties</key>"
                    + "<array><dict><key>INTypePropertyName</key><string>description</string></dict></array></dict>"
                    + "</array>"),
            "INTypes[0] (T).INTypeProperties[0] (description): 'description' is a property the type has already "
                + "(an INObject's or another)"
        ),
    ])
    func aFileThatIsNotADefinitionSaysWhereAndWhy(_ data: Data, _ message: String) {
        #expect(throws: IntentDefinitionError.self) { try IntentDefinition(propertyList: data) }
        do {
            _ = try IntentDefinition(propertyList: data)
        } catch {
            #expect(error.description == message)
        }
    }
}
