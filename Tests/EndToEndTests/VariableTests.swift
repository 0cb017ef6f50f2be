import Foundation
import TestSupport
import Testing

/// `${NAME}`, `${NAME:-default}`, `${NAME:?message}` and `$$` in configuration values, run as a
/// binary with the variables in its environment.
@Suite struct VariableTests {
    static let config = """
        appGroup: ${GROUP:-group.test.vars}
        widgets:
          - id: tasks-${WHO}
            kind: TaskWidget
            family: ${FAMILY}
            configuration:
              maxTasks: ${N}
              category: "${CATEGORY:?name the category}"
              priorityFilter: high

        """

    /// Runs widgethost with `arguments` and the variables `environment` in a new scratch directory
    /// holding ``config`` as `vars.yaml`.
    static func runOnConfig(
        _ arguments: [String], environment: [String: String]
    ) throws -> WidgetHostProcess.Result {
        let scratch = try TemporaryDirectory()
        try scratch.file("vars.yaml", config)
        return try scratch.widgethost(arguments, environment: environment)
    }

    @Test func substitutedValuesAreTypedAndTheirOriginsShown() throws {
        let run = try Self.runOnConfig(
            ["config", "vars.yaml"],
            environment: ["WHO": "ana", "FAMILY": "systemLarge", "N": "4", "CATEGORY": "work"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONPath(run.standardOutput)
        let widget = try #require(json["widgets"]?[0])
        #expect(widget["id"]?["value"]?.string == "tasks-ana")
        #expect(widget["id"]?["origin"]?.string == "env WHO")
        #expect(widget["family"]?["value"]?.string == "systemLarge")
        // The integer 4, not the string "4": a plain scalar is typed after substitution.
        #expect((widget["configuration"]?["maxTasks"]?["value"]?.value as? NSNumber) == 4)
        #expect(!(widget["configuration"]?["maxTasks"]?["value"]?.value is String))
        #expect(widget["configuration"]?["maxTasks"]?["origin"]?.string == "env N")
        #expect(widget["configuration"]?["category"]?["value"]?.string == "work")
        #expect(json["appGroup"]?["value"]?.string == "group.test.vars")
        #expect(json["appGroup"]?["origin"]?.string == "vars.yaml:1:11")
    }

    @Test func aValueOfTheWrongTypeIsReportedAtTheVariableWithItsValue() throws {
        let run = try Self.runOnConfig(
            ["validate", "vars.yaml"],
            environment: ["WHO": "ana", "FAMILY": "systemLarge", "N": "abc", "CATEGORY": "work"])
        #expect(run.status == 65)
        #expect(
            run.standardError == """
                vars.yaml:7:17: error: 'maxTasks' must be an integer, not a string 'abc'
                      maxTasks: ${N}
                                ^
                note: the value 'abc' comes from ${N}
                1 error

                """)
    }

    @Test func unsetVariablesAreErrorsAtTheirOwnColumn() throws {
        let run = try Self.runOnConfig(
            ["validate", "vars.yaml", "--format", "json"], environment: ["N": "2"])
        #expect(run.status == 65)
        let diagnostics = try #require(JSONPath(run.standardOutput)["diagnostics"])
        let found = (0..<(diagnostics.count ?? 0)).compactMap { index -> String? in
            guard let item = diagnostics[index], let line = item["line"]?.int,
                let column = item["column"]?.int,
                let code = item["code"]?.string, let message = item["message"]?.string
            else { return nil }
            return "\(line):\(column) \(code) \(message)"
        }
        #expect(
            found == [
                "3:15 yaml.invalid-variable the variable 'WHO' is not set; set it, or give a default: ${WHO:-default}",
                "5:13 yaml.invalid-variable the variable 'FAMILY' is not set; set it, or give a default: ${FAMILY:-default}",
                "8:18 yaml.invalid-variable the variable 'CATEGORY' is required: name the category",
            ])
    }

    /// A configuration of one TaskWidget, `cost-$$5` (a literal dollar in its id), with `entries` as
    /// the lines of its `configuration`, the first on line 5.
    static func costWidget(configuration entries: [String]) -> String {
        """
        widgets:
          - id: cost-$$5
            kind: TaskWidget
            configuration:

        """ + entries.map { "      \($0)\n" }.joined()
    }

    @Test func dollarDollarIsALiteralDollarAndKeysAreNeverSubstituted() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file(
            "vars.yaml", Self.costWidget(configuration: [#"category: "${EMPTY:-a${B}c}""#, "${KEY}: 1"]))
        let run = try scratch.widgethost(
            ["validate", "vars.yaml"], environment: ["KEY": "maxTasks", "B": "b"])
        #expect(run.status == 65)
        #expect(run.standardError.hasPrefix("vars.yaml:6:7: error: unknown key '${KEY}' in 'configuration'"))
        try scratch.file("vars.yaml", Self.costWidget(configuration: [#"category: "x${EMPTY:-b}y""#]))
        let config = try scratch.widgethost(["config", "vars.yaml"], environment: ["EMPTY": ""])
        #expect(config.status == 0, "\(config.standardError)")
        let widget = try #require(JSONPath(config.standardOutput)["widgets"]?[0])
        #expect(widget["id"]?["value"]?.string == "cost-$5")
        #expect(widget["configuration"]?["category"]?["value"]?.string == "xby")
    }

    @Test func anUnterminatedReferenceIsAnError() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("vars.yaml", "widgets:\n  - kind: TaskWidget\n    id: a${B\n")
        let run = try scratch.widgethost(["validate", "vars.yaml"])
        #expect(run.status == 65)
        #expect(
            run.standardError.hasPrefix(
                "vars.yaml:3:10: error: '${' starts a variable that has no closing '}'; write '$$' for a literal '$'"
            ))
    }
}
