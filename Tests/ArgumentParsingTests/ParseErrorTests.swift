import Testing

@testable import ArgumentParsing

@Suite struct ParseErrorTests {
    private let parser = WidgetHostSpec.parser

    private static let runUsage = """
        Usage: widgethost run [<config> ...] [--widget <id> ...] [--family <family>] [--at <date>] \
        [--timeline] [--preview] [--format <format>] [--store <dir>] [--timeline-limit <count>]
          See 'widgethost run --help' for more information.
        """

    private func standardError(_ arguments: [String]) -> String? {
        guard case .failure(let error) = parser.parse(arguments) else { return nil }
        return error.renderedText
    }

    static let errors: [([String], String)] = [
        (
            ["run", "--fromat", "json"],
            """
            Error: Unknown option '--fromat'. Did you mean '--format'?
            \(runUsage)

            """
        ),
        (
            ["run", "-format", "json"],
            """
            Error: Unknown option '-format'. Did you mean '--format'?
            \(runUsage)

            """
        ),
        (
            ["run", "--hlep"],
            """
            Error: Unknown option '--hlep'. Did you mean '--help'?
            \(runUsage)

            """
        ),
        (
            ["yaml", "--versoin"],
            """
            Error: Unknown option '--versoin'. Did you mean '--version'?
            Usage: widgethost yaml [<file>]
              See 'widgethost yaml --help' for more information.

            """
        ),
        (
            ["yaml", "--fromat"],
            """
            Error: Unknown option '--fromat'
            Usage: widgethost yaml [<file>]
              See 'widgethost yaml --help' for more information.

            """
        ),
        (
            ["run", "-x"],
            """
            Error: Unknown option '-x'
            \(runUsage)

            """
        ),
        (
            ["--format", "json", "run"],
            """
            Error: Unknown option '--format'
            Usage: widgethost <subcommand>
              See 'widgethost --help' for more information.

            """
        ),
        (
            ["run", "--format"],
            """
            Error: Missing value for '--format <format>'
            Help:  --format <format>  Output format.
            \(runUsage)

            """
        ),
        (
            ["run", "-w", "--timeline"],
            """
            Error: Missing value for '-w <id>'
            Help:  -w <id>  Only run the widget with this id.
            \(runUsage)

            """
        ),
        (
            ["run", "--format", "xml"],
            """
            Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'json' or 'ndjson'.
            Help:  --format <format>  Output format.
            \(runUsage)

            """
        ),
        (
            ["store", "export", "--format=yaml"],
            """
            Error: The value 'yaml' is invalid for '--format <format>'. Please provide one of 'json'.
            Help:  --format <format>  Output format.
            Usage: widgethost store export [--format <format>]
              See 'widgethost store export --help' for more information.

            """
        ),
        (
            ["run", "--timeline=yes"],
            """
            Error: The option '--timeline' does not take any value, but 'yes' was specified.
            \(runUsage)

            """
        ),
        (
            ["store", "import"],
            """
            Error: Missing expected argument '<file>'
            Help:  <file>  The file to import.
            Usage: widgethost store import <file>
              See 'widgethost store import --help' for more information.

            """
        ),
        (
            ["yaml", "a.yaml", "foo"],
            """
            Error: Unexpected argument 'foo'
            Usage: widgethost yaml [<file>]
              See 'widgethost yaml --help' for more information.

            """
        ),
        (
            ["yaml", "a.yaml", "b.yaml", "c.yaml"],
            """
            Error: 2 unexpected arguments: 'b.yaml', 'c.yaml'
            Usage: widgethost yaml [<file>]
              See 'widgethost yaml --help' for more information.

            """
        ),
        (
            ["yml"],
            """
            Error: Unknown subcommand 'yml'. Did you mean 'yaml'?
            Usage: widgethost <subcommand>
              See 'widgethost --help' for more information.

            """
        ),
        (
            ["foo"],
            """
            Error: Unknown subcommand 'foo'. Please provide one of 'run', 'yaml' or 'store'.
            Usage: widgethost <subcommand>
              See 'widgethost --help' for more information.

            """
        ),
        (
            ["store", "exprot", "--format", "json"],
            """
            Error: Unknown subcommand 'exprot'. Did you mean 'export'?
            Usage: widgethost store <subcommand>
              See 'widgethost store --help' for more information.

            """
        ),
        (
            ["help", "stroe"],
            """
            Error: Unknown subcommand 'stroe'. Did you mean 'store'?
            Usage: widgethost <subcommand>
              See 'widgethost --help' for more information.

            """
        ),
        (
            ["help", "store", "import", "extra"],
            """
            Error: Unexpected argument 'extra'
            Usage: widgethost store import <file>
              See 'widgethost store import --help' for more information.

            """
        ),
        (
            ["help", "--all"],
            """
            Error: Unknown option '--all'
            Usage: widgethost <subcommand>
              See 'widgethost --help' for more information.

            """
        ),
        (
            ["--", "run"],
            """
            Error: Unexpected argument 'run'
            Usage: widgethost <subcommand>
              See 'widgethost --help' for more information.

            """
        ),
        (
            ["yml", "--help"],
            """
            Error: Unknown subcommand 'yml'. Did you mean 'yaml'?
            Usage: widgethost <subcommand>
              See 'widgethost --help' for more information.

            """
        ),
        (
            ["store", "exprot", "-h"],
            """
            Error: Unknown subcommand 'exprot'. Did you mean 'export'?
            Usage: widgethost store <subcommand>
              See 'widgethost store --help' for more information.

            """
        ),
        (
            ["run", "--family", "systemSmall", "--family=systemLarge"],
            """
            Error: The option '--family <family>' was given more than once; it takes one value.
            Help:  --family <family>  The widget family to render.
            \(runUsage)

            """
        ),
        (
            ["run", "-w", "a", "--format", "json", "--widget", "b", "--format", "text"],
            """
            Error: The option '--format <format>' was given more than once; it takes one value.
            Help:  --format <format>  Output format.
            \(runUsage)

            """
        ),
    ]

    @Test(arguments: errors)
    func usageErrorsAreWordedLikeSwiftArgumentParser(arguments: [String], expected: String) {
        #expect(standardError(arguments) == expected)
    }

    @Test func theFirstErrorWins() {
        let result = parser.parse(["run", "--fromat", "--format", "xml", "extra"])
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.reason == .unknownOption("--fromat", suggestion: "--format"))
    }

    @Test func usageErrorsExitWith64OnStandardError() throws {
        let output = try #require(parser.parse(["yml"]).terminalOutput)
        #expect(output.stream == .standardError)
        #expect(output.exitCode == 64)
        #expect(output.text.hasPrefix("Error: Unknown subcommand 'yml'."))
        #expect(output.text.hasSuffix("for more information.\n"))
    }

    @Test func reasonAndPartsAreExposed() {
        guard case .failure(let error) = parser.parse(["store", "import"]) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == .missingArgument(key: "file"))
        #expect(error.commandNames == ["widgethost", "store", "import"])
        #expect(error.message == "Missing expected argument '<file>'")
        #expect(error.help == "<file>  The file to import.")
        #expect(error.description == "Error: Missing expected argument '<file>'")
        #expect(error.exitCode == 64)
    }

    @Test func requiredOptionIsReportedWithItsSynopsis() {
        let tool = CommandSpec(
            name: "tool",
            arguments: [
                .option("widget", valueName: "id", help: "The widget.", isRepeatable: true, isRequired: true)
            ]
        )
        guard case .failure(let error) = ArgumentParser(root: tool).parse([]) else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            error.renderedText == """
                Error: Missing expected argument '--widget <id> ...'
                Help:  --widget <id>  The widget.
                Usage: tool --widget <id> ...
                  See 'tool --help' for more information.

                """
        )
    }

    @Test func manyAllowedValuesAreListedAsBullets() {
        let values = ["small", "medium", "large", "extraLarge", "accessoryCircular", "accessoryInline"]
        let tool = CommandSpec(name: "tool", arguments: [.option("family", allowedValues: values)])
        guard case .failure(let error) = ArgumentParser(root: tool).parse(["--family", "huge"]) else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            error.renderedText == """
                Error: The value 'huge' is invalid for '--family <family>'. Please provide one of the following:
                  - small
                  - medium
                  - large
                  - extraLarge
                  - accessoryCircular
                  - accessoryInline
                Usage: tool [--family <family>]
                  See 'tool --help' for more information.

                """
        )
    }

    @Test(arguments: [
        (["a"], ". Please provide one of 'a'."),
        (["a", "b"], ". Please provide one of 'a' and 'b'."),
        (["a", "b", "c", "d"], ". Please provide one of 'a', 'b', 'c' or 'd'."),
        ([], ""),
    ])
    func valueLists(values: [String], expected: String) {
        #expect(ErrorMessageGenerator.valueList(values) == expected)
    }
}
