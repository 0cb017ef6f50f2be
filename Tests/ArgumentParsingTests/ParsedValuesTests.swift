import Testing

@testable import ArgumentParsing

@Suite struct ParsedValuesTests {
    private let parser = WidgetHostSpec.parser

    private func values(_ arguments: [String]) throws -> ParsedValues {
        guard case .run(let values) = parser.parse(arguments) else {
            throw ParseError(.internalError("not a run"), stack: [])
        }
        return values
    }

    /// The error a getter throws, or `nil` when it returns.
    private func error(_ body: () throws(ParseError) -> some Any) -> ParseError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func intReadsTheValue() throws {
        let parsed = try values(["run", "--timeline-limit=12"])
        #expect(try parsed.int("timeline-limit") == 12)
        #expect(try values(["run"]).int("timeline-limit") == nil)
    }

    @Test func intThatIsNotANumberIsAUsageError() throws {
        let parsed = try values(["run", "--timeline-limit", "many"])
        let thrown = try #require(error { () throws(ParseError) in try parsed.int("timeline-limit") })
        #expect(
            thrown.renderedText == """
                Error: The value 'many' is invalid for '--timeline-limit <count>'
                Help:  --timeline-limit <count>  The most entries printed for each widget with --timeline; \
                entries past the limit are counted, not printed.
                Usage: widgethost run [<config> ...] [--widget <id> ...] [--family <family>] [--at <date>] \
                [--timeline] [--preview] [--format <format>] [--store <dir>] [--timeline-limit <count>]
                  See 'widgethost run --help' for more information.

                """
        )
        #expect(thrown.terminalOutput.exitCode == 64)
    }

    @Test func intOutsideTheRangeIsAUsageError() throws {
        let parsed = try values(["run", "--timeline-limit", "0"])
        let thrown = try #require(
            error { () throws(ParseError) in try parsed.int("timeline-limit", in: 1...100) })
        #expect(
            thrown.message
                == "The value '0' is invalid for '--timeline-limit <count>': expected an integer from 1 to 100"
        )
        #expect(try values(["run", "--timeline-limit", "100"]).int("timeline-limit", in: 1...100) == 100)
    }

    @Test func positionalThatIsNotANumberNamesThePositional() throws {
        let tool = CommandSpec(name: "tool", arguments: [.positional("count", help: "How many.")])
        guard case .run(let parsed) = ArgumentParser(root: tool).parse(["x"]) else {
            Issue.record("expected to run")
            return
        }
        let thrown = try #require(error { () throws(ParseError) in try parsed.int("count") })
        #expect(thrown.message == "The value 'x' is invalid for '<count>'")
        #expect(thrown.help == "<count>  How many.")
    }

    /// A whole number past 64 bits says so, rather than only that it is invalid.
    @Test(arguments: [
        ("99999999999999999999", "it is over the largest integer, 9223372036854775807"),
        ("+9223372036854775808", "it is over the largest integer, 9223372036854775807"),
        ("-9223372036854775809", "it is below the smallest integer, -9223372036854775808"),
    ])
    func aWholeNumberPast64BitsSaysSo(text: String, detail: String) throws {
        let tool = CommandSpec(name: "tool", arguments: [.positional("count", help: "How many.")])
        guard case .run(let parsed) = ArgumentParser(root: tool).parse(["--", text]) else {
            Issue.record("expected to run")
            return
        }
        let thrown = try #require(error { () throws(ParseError) in try parsed.int("count") })
        #expect(thrown.message == "The value '\(text)' is invalid for '<count>': \(detail)")
    }

    @Test func requiredStringReportsAMissingArgument() throws {
        let parsed = try values(["run"])
        #expect(try parsed.requiredString("format") == "text")
        let thrown = try #require(error { () throws(ParseError) in try parsed.requiredString("family") })
        #expect(thrown.message == "Missing expected argument '--family <family>'")
        #expect(thrown.help == "--family <family>  The widget family to render.")
    }

    @Test func undeclaredKeysAreInternalUsageErrors() throws {
        let parsed = try values(["run"])
        let undeclared = try #require(error { () throws(ParseError) in try parsed.string("colour") })
        #expect(undeclared.message == "Internal error. 'colour' is not an argument of 'widgethost run'.")
        #expect(undeclared.exitCode == 64)
        let notAFlag = try #require(error { () throws(ParseError) in try parsed.flag("format") })
        #expect(notAFlag.message == "Internal error. 'format' is not a flag of 'widgethost run'.")
        let aFlag = try #require(error { () throws(ParseError) in try parsed.string("timeline") })
        #expect(
            aFlag.message
                == "Internal error. 'timeline' is a flag of 'widgethost run', not an argument with a value."
        )
    }

    @Test func validationErrorsUseTheChosenCommandsUsage() throws {
        let parsed = try values(["yaml", "missing.yaml"])
        #expect(
            parsed.validationError("No such file 'missing.yaml'.").renderedText == """
                Error: No such file 'missing.yaml'.
                Usage: widgethost yaml [<file>]
                  See 'widgethost yaml --help' for more information.

                """
        )
    }
}
