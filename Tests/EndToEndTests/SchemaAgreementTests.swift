import Foundation
import TestSupport
import Testing

/// The JSON Schema `widgethost schema` writes accepts exactly what `validate` accepts: a real JSON
/// Schema validator (the `jsonschema` package from PyPI, which `scripts/setup-tests` installs)
/// judges each configuration of a table, after `widgethost yaml` has made it the JSON an editor
/// sees, and its verdict is compared with `validate`'s case by case, for every parameter type (a
/// plugin fixture declares one of each) and the file's own keys.
@Suite struct SchemaAgreementTests {
    static let plugin = TemporaryDirectory.repositoryURL
        .appendingPathComponent("Tests/EndToEndTests/Fixtures/every-type").path

    /// (what is tried, the YAML, whether both must accept it).
    static let cases: [(String, String, Bool)] = [
        (
            "the sample", "widgets:\n  - {kind: TaskWidget, configuration: {maxTasks: 3, category: work}}\n",
            true
        ),
        (
            "a number as a string parameter",
            "widgets:\n  - {kind: TaskWidget, configuration: {category: 7}}\n", true
        ),
        ("a number as the app group", "appGroup: 12\nwidgets:\n  - kind: Quickmenu\n", true),
        ("an app group with a slash", "appGroup: a/b\nwidgets:\n  - kind: Quickmenu\n", false),
        ("the app group '..'", "appGroup: '..'\nwidgets:\n  - kind: Quickmenu\n", false),
        ("an app group with a tab", "appGroup: \"a\\tb\"\nwidgets:\n  - kind: Quickmenu\n", false),
        ("an empty app group", "appGroup: ''\nwidgets:\n  - kind: Quickmenu\n", false),
        (
            "a boolean as a string", "widgets:\n  - {kind: TaskWidget, configuration: {category: true}}\n",
            false
        ),
        ("an integer written 1e3", "widgets:\n  - {kind: EveryType, configuration: {anyCount: 1e3}}\n", true),
        (
            "an integer written 3.0", "widgets:\n  - {kind: TaskWidget, configuration: {maxTasks: 3.0}}\n",
            true
        ),
        (
            "a fraction as an integer", "widgets:\n  - {kind: TaskWidget, configuration: {maxTasks: 1.5}}\n",
            false
        ),
        (
            "a 23-digit integer",
            "widgets:\n  - {kind: EveryType, configuration: {anyCount: 12345678901234567890123}}\n",
            false
        ),
        (
            "an integer below its minimum",
            "widgets:\n  - {kind: TaskWidget, configuration: {maxTasks: 0}}\n", false
        ),
        (
            "an integer above its maximum", "widgets:\n  - {kind: EveryType, configuration: {count: 11}}\n",
            false
        ),
        ("an integer in hexadecimal", "widgets:\n  - {kind: EveryType, configuration: {count: 0xA}}\n", true),
        ("a string as an integer", "widgets:\n  - {kind: EveryType, configuration: {count: '3'}}\n", false),
        ("a boolean", "widgets:\n  - {kind: EveryType, configuration: {flag: true}}\n", true),
        ("yes as a boolean", "widgets:\n  - {kind: EveryType, configuration: {flag: yes}}\n", false),
        ("a number", "widgets:\n  - {kind: EveryType, configuration: {ratio: 2}}\n", true),
        ("a fractional number", "widgets:\n  - {kind: EveryType, configuration: {ratio: -0.25}}\n", true),
        ("a string as a number", "widgets:\n  - {kind: EveryType, configuration: {ratio: half}}\n", false),
        ("an enum case", "widgets:\n  - {kind: EveryType, configuration: {mode: slow}}\n", true),
        ("an unknown enum case", "widgets:\n  - {kind: EveryType, configuration: {mode: medium}}\n", false),
        ("a date", "widgets:\n  - {kind: EveryType, configuration: {day: 2028-02-29}}\n", true),
        (
            "a date-time with a zone",
            "widgets:\n  - {kind: EveryType, configuration: {day: '2027-03-01T09:30:00.25+02:00'}}\n",
            true
        ),
        (
            "a date-time without a zone",
            "widgets:\n  - {kind: EveryType, configuration: {day: '2027-03-01T09:30:00'}}\n", false
        ),
        (
            "a day that does not exist",
            "widgets:\n  - {kind: EveryType, configuration: {day: 2027-02-29}}\n", false
        ),
        (
            "a month that does not exist",
            "widgets:\n  - {kind: EveryType, configuration: {day: 2027-13-01}}\n", false
        ),
        ("a list of strings", "widgets:\n  - {kind: EveryType, configuration: {tags: [a, 2]}}\n", true),
        (
            "a list holding a list", "widgets:\n  - {kind: EveryType, configuration: {tags: [a, [b]]}}\n",
            false
        ),
        ("a string as a list", "widgets:\n  - {kind: EveryType, configuration: {tags: a}}\n", false),
        (
            "null for an optional parameter",
            "widgets:\n  - {kind: EveryType, configuration: {note: null}}\n", true
        ),
        ("null for a required one", "widgets:\n  - {kind: EveryType, configuration: {text: null}}\n", false),
        ("an unknown parameter", "widgets:\n  - {kind: TaskWidget, configuration: {colour: red}}\n", false),
        ("configuration of a static widget", "widgets:\n  - {kind: FocusWidget, configuration: {}}\n", false),
        ("an unsupported family", "widgets:\n  - {kind: Quickmenu, family: accessoryInline}\n", false),
        ("an id with a space", "widgets:\n  - {kind: Quickmenu, id: 'a b'}\n", false),
        ("a number as the id", "widgets:\n  - {kind: Quickmenu, id: 12}\n", true),
        ("an unknown kind", "widgets:\n  - {kind: Nothing}\n", false),
        ("include without widgets", "include: [other.yaml]\n", true),
        ("include as one path", "include: other.yaml\nwidgets: []\n", true),
        ("an include that is not a path", "include: [{a: 1}]\n", false),
        ("no widgets and no include", "appGroup: group.x\n", false),
        // Variables (none of these is set when validate runs): a value holding one is typed after
        // substitution, so the schema takes it wherever a typed scalar goes.
        (
            "a variable for an integer",
            "widgets:\n  - kind: TaskWidget\n    configuration:\n      maxTasks: ${WH_TEST_UNSET_N:-2}\n",
            true
        ),
        (
            "a variable for a boolean",
            "widgets:\n  - kind: EveryType\n    configuration:\n      flag: ${WH_TEST_UNSET_B:-true}\n", true
        ),
        (
            "a variable for an enum case",
            "widgets:\n  - kind: EveryType\n    configuration:\n      mode: ${WH_TEST_UNSET_M:-slow}\n", true
        ),
        (
            "a variable for a date",
            "widgets:\n  - kind: EveryType\n    configuration:\n      day: ${WH_TEST_UNSET_D:-2028-02-29}\n",
            true
        ),
        (
            "a variable for a number in a list",
            "widgets:\n  - kind: EveryType\n    configuration:\n      ratio: ${WH_TEST_UNSET_R:-0.5}\n", true
        ),
        (
            "a variable for a family",
            "widgets:\n  - kind: Quickmenu\n    family: ${WH_TEST_UNSET_F:-systemSmall}\n", true
        ),
        ("a variable for a kind", "widgets:\n  - kind: ${WH_TEST_UNSET_K:-Quickmenu}\n", true),
        (
            "a variable among text",
            "widgets:\n  - kind: EveryType\n    configuration:\n      count: ${WH_TEST_UNSET_A:-1}${WH_TEST_UNSET_B:-0}\n",
            true
        ),
        (
            "a literal $ before a brace",
            "widgets:\n  - kind: EveryType\n    configuration:\n      count: $${N}\n", false
        ),
        (
            "a variable named with a digit first",
            "widgets:\n  - kind: EveryType\n    configuration:\n      count: ${1N}\n", false
        ),
        (
            "a variable left open", "widgets:\n  - kind: EveryType\n    configuration:\n      count: ${N\n",
            false
        ),
        (
            "a variable with a stray operator",
            "widgets:\n  - kind: EveryType\n    configuration:\n      count: ${N:x}\n", false
        ),
    ]

    @Test func theSchemaAndValidateAgreeCaseByCase() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("other.yaml", "widgets:\n  - {kind: Quickmenu, id: other}\n")
        let schema = try scratch.widgethost(["schema", "--plugins", Self.plugin])
        try #require(schema.status == 0, "\(schema.standardError)")
        try scratch.file("schema.json", schema.standardOutput)
        var validateVerdicts: [Bool] = []
        for (index, (_, yaml, _)) in Self.cases.enumerated() {
            try scratch.file("case\(index).yaml", yaml)
            let validate = try scratch.widgethost([
                "validate", "case\(index).yaml", "--plugins", Self.plugin,
            ])
            #expect(validate.status == 0 || validate.status == 65, "\(validate.standardError)")
            validateVerdicts.append(validate.status == 0)
        }
        // The JSON an editor sees of each case: `yaml` prints a line for each document of a stream,
        // so one run over the cases as one stream makes them all.
        try scratch.file("cases.yaml", Self.cases.map { "---\n" + $0.1 }.joined())
        let json = try scratch.widgethost(["yaml", "cases.yaml"])
        try #require(json.status == 0, "\(json.standardError)")
        let documents = json.standardOutput.split(separator: "\n")
        try #require(documents.count == Self.cases.count, "\(json.standardOutput)")
        for (index, document) in documents.enumerated() {
            try scratch.file("case\(index).json", document + "\n")
        }
        let schemaVerdicts = try Self.judge(count: Self.cases.count, in: scratch)
        try #require(schemaVerdicts.count == Self.cases.count)
        for (index, (name, _, expected)) in Self.cases.enumerated() {
            #expect(validateVerdicts[index] == expected, "validate, \(name)")
            #expect(schemaVerdicts[index] == expected, "the schema, \(name)")
        }
    }

    /// The verdicts of the `jsonschema` package on `case0.json`... against `schema.json` in
    /// `scratch`: true for valid.
    static func judge(count: Int, in scratch: TemporaryDirectory) throws -> [Bool] {
        let script = """
            import json, sys
            import jsonschema
            schema = json.load(open("schema.json"))
            jsonschema.Draft7Validator.check_schema(schema)
            validator = jsonschema.Draft7Validator(schema)
            for index in range(int(sys.argv[1])):
                instance = json.load(open(f"case{index}.json"))
                print("valid" if validator.is_valid(instance) else "invalid")
            """
        try scratch.file("judge.py", script)
        let judged = try LaunchedProcess(
            URL(fileURLWithPath: Python.interpreter), ["judge.py", "\(count)"],
            environment: ProcessInfo.processInfo.environment, directory: scratch.url
        ).wait()
        try #require(
            judged.status == 0,
            "the jsonschema package is needed (scripts/setup-tests installs it): \(judged.standardError)")
        return judged.standardOutput.split(separator: "\n").map { $0 == "valid" }
    }

    /// The kinds a configuration's `plugins:` brings are in the schema of that configuration
    /// (`schema --config FILE`, or `./config` by default), once trusted, as `validate` takes them
    /// once trusted; the schema of a folder without it refuses them, as `validate` does.
    @Test func theKindsAConfigurationsPluginsBringAgreeToo() throws {
        let scratch = try TemporaryDirectory()
        let configuration = """
            plugins:
              - \(Self.plugin)
            widgets:
              - kind: EveryType
                configuration:
                  count: ${WH_TEST_UNSET_COUNT:-4}
                  mode: slow

            """
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.file("config/widgets.yaml", configuration)
        try scratch.file(
            "case0.json", try scratch.widgethost(["yaml", "config/widgets.yaml"]).standardOutput)

        /// validate's verdict, and the schema's made with `arguments`.
        func verdicts(_ arguments: [String]) throws -> (validate: Bool, schema: Bool) {
            let validate = try scratch.widgethost(["validate", "config/widgets.yaml"])
            #expect(validate.status == 0 || validate.status == 65, "\(validate.standardError)")
            let schema = try scratch.widgethost(["schema"] + arguments)
            try scratch.file("schema.json", schema.standardOutput)
            return (validate.status == 0, try Self.judge(count: 1, in: scratch) == [true])
        }

        // Untrusted, the plugin never runs: validate takes its kind (listed in its manifest) with
        // any configuration, warning that it is not trusted, and so does the schema.
        let untrusted = try verdicts([])
        #expect(untrusted.validate == true)
        #expect(untrusted.schema == true)
        try scratch.file(
            "config/widgets.yaml", configuration.replacingOccurrences(of: "mode: slow", with: "mode: 7"))
        try scratch.file(
            "case0.json", try scratch.widgethost(["yaml", "config/widgets.yaml"]).standardOutput)
        #expect(try verdicts([]) == (true, true))

        // Trusted, its parameters are known to both: the wrong mode is refused by both.
        try scratch.trustPlugins()
        #expect(try verdicts([]) == (false, false))
        try scratch.file("config/widgets.yaml", configuration)
        try scratch.file(
            "case0.json", try scratch.widgethost(["yaml", "config/widgets.yaml"]).standardOutput)
        #expect(try verdicts([]) == (true, true), "schema of ./config")
        #expect(try verdicts(["--config", "config/widgets.yaml"]) == (true, true), "schema --config")

        // Without the configuration, the schema knows only the built-in kinds.
        try FileManager.default.moveItem(
            at: scratch.url.appendingPathComponent("config"),
            to: scratch.url.appendingPathComponent("elsewhere"))
        let schema = try scratch.widgethost(["schema"])
        try scratch.file("schema.json", schema.standardOutput)
        #expect(try Self.judge(count: 1, in: scratch) == [false])
    }
}
