import Testing

@testable import ArgumentParsing

@Suite struct ArgumentParserTests {
    private let parser = WidgetHostSpec.parser

    /// The values of a successful parse, or a recorded issue.
    private func values(
        _ arguments: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ParsedValues {
        let result = parser.parse(arguments)
        guard case .run(let values) = result else {
            Issue.record("expected to run a command, got \(result)", sourceLocation: sourceLocation)
            throw ParseError(.internalError("not a run"), stack: [])
        }
        return values
    }

    @Test func choosesTheSubcommandPath() throws {
        #expect(try values(["yaml"]).subcommandPath == ["yaml"])
        #expect(try values(["store", "import", "tasks.yaml"]).subcommandPath == ["store", "import"])
        #expect(try values(["store", "export"]).commandNames == ["widgethost", "store", "export"])
    }

    @Test func optionalPositionalMayBeLeftOut() throws {
        #expect(try values(["yaml"]).string("file") == nil)
        #expect(try values(["yaml", "-"]).string("file") == "-")
    }

    @Test(arguments: [
        ["run", "--format", "json"],
        ["run", "--format=json"],
    ])
    func optionValueForms(arguments: [String]) throws {
        #expect(try values(arguments).string("format") == "json")
    }

    @Test func inlineValueMayContainEqualsSigns() throws {
        #expect(try values(["run", "--at=2025-01-01T00:00:00Z", "--store=a=b"]).string("store") == "a=b")
    }

    @Test func optionsAfterTheSubcommandInterleaveWithPositionals() throws {
        let parsed = try values([
            "run", "a.yaml", "-w", "work", "--timeline", "b", "--widget", "home", "--format", "ndjson", "c",
        ])
        #expect(try parsed.strings("config") == ["a.yaml", "b", "c"])
        #expect(try parsed.strings("widget") == ["work", "home"])
        #expect(try parsed.string("widget") == "home")
        #expect(try parsed.flag("timeline"))
        #expect(try !parsed.flag("preview"))
        #expect(try parsed.string("format") == "ndjson")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try values(["run", "--timeline", "--", "--preview", "-w", "-", "--help"])
        #expect(try parsed.strings("config") == ["--preview", "-w", "-", "--help"])
        #expect(try parsed.flag("timeline"))
        #expect(try !parsed.flag("preview"))
        #expect(try parsed.strings("widget") == [])
    }

    @Test func loneDashIsAValue() throws {
        #expect(try values(["run", "--store", "-"]).string("store") == "-")
    }

    /// A negative number after an option is its value (the option's own check judges it), never
    /// an option; anything else starting with `-` still is one.
    @Test(arguments: ["-1", "-0.5", "-.5", "-1e3"])
    func negativeNumbersAreValues(number: String) throws {
        #expect(try values(["run", "--store", number]).string("store") == number)
        #expect(try values(["run", "--store", number, "--format", "json"]).string("format") == "json")
    }

    /// Another word that starts with `-` is no value: one naming no option says to attach it with
    /// `=`; an option of the command (`-w`, `--format`, `--format=json`) is that option.
    @Test(arguments: ["-x", "-1x", "--1", "-.", "-w", "--format", "--format=json"])
    func otherDashedWordsAreNotValues(word: String) {
        guard case .failure(let error) = parser.parse(["run", "--store", word]) else {
            Issue.record("accepted '\(word)' as a value")
            return
        }
        if ["-w", "--format", "--format=json"].contains(word) {
            #expect(error.reason == ParseError.Reason.missingValue(option: "--store", key: "store"))
        } else {
            #expect(
                error.reason == ParseError.Reason.dashedValue(option: "--store", key: "store", value: word))
            #expect(
                error.message
                    == "Missing value for '--store <dir>': '\(word)' starts with '-', so it reads as an option; "
                    + "attach it with '=': --store=\(word)")
        }
    }

    /// A negative number where a positional argument is due is that argument.
    @Test func aNegativeNumberFillsAPositional() throws {
        #expect(try values(["yaml", "-1"]).string("file") == "-1")
        #expect(try values(["store", "import", "-0.5"]).string("file") == "-0.5")
        #expect(try values(["run", "a.yaml", "-2"]).strings("config") == ["a.yaml", "-2"])
        // A word that is not a number is still an option, and unknown.
        guard case .failure(let error) = parser.parse(["yaml", "-1x"]) else {
            Issue.record("accepted '-1x' as a file")
            return
        }
        #expect(error.reason == ParseError.Reason.unknownOption("-1x", suggestion: nil))
    }

    @Test func defaultsApplyWhenAbsent() throws {
        let parsed = try values(["run"])
        #expect(try parsed.string("format") == "text")
        #expect(try parsed.strings("format") == ["text"])
        #expect(try parsed.string("family") == nil)
        #expect(try parsed.strings("config") == [])
    }

    @Test func subcommandNamesAreValuesOnceTheLeafIsReached() throws {
        #expect(try values(["run", "store", "yaml"]).strings("config") == ["store", "yaml"])
    }

    @Test(arguments: [
        ["--version"], ["yaml", "--version"], ["store", "import", "--version"],
        ["run", "--fromat", "--version"],
    ])
    func versionAtEveryLevel(arguments: [String]) throws {
        let result = parser.parse(arguments)
        #expect(result == .version("1.2.0"))
        let output = try #require(result.terminalOutput)
        #expect(output == TerminalOutput(stream: .standardOutput, text: "1.2.0\n", exitCode: 0))
    }

    @Test func versionIsAnUnknownOptionWithoutAVersion() {
        let tool = CommandSpec(name: "tool")
        guard case .failure(let error) = ArgumentParser(root: tool).parse(["--version"]) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == .unknownOption("--version", suggestion: nil))
    }

    @Test func helpGoesToStandardOutputWithExitCode0() throws {
        let output = try #require(parser.parse(["yaml", "-h"]).terminalOutput)
        #expect(output.stream == .standardOutput)
        #expect(output.exitCode == 0)
        #expect(output.text.hasPrefix("OVERVIEW: Print each YAML document"))
        // Like `print(help)` in swift-argument-parser: the help's own final newline, then print's.
        #expect(output.text.hasSuffix("Show help information.\n\n"))
    }

    @Test func runHasNoTerminalOutput() {
        #expect(parser.parse(["yaml"]).terminalOutput == nil)
    }

    @Test func helpIsAValueForTheHelpSubcommandOnlyAtTheRoot() throws {
        #expect(try values(["run", "help"]).strings("config") == ["help"])
    }

    @Test func defaultSubcommandTakesValuesAndOptionsItsParentDoesNotKnow() throws {
        let add = CommandSpec(
            name: "add",
            arguments: [
                .positional("values", isRepeating: true),
                .flag("hex", short: "x"),
            ]
        )
        let math = CommandSpec(
            name: "math",
            subcommands: [add, CommandSpec(name: "multiply")],
            defaultSubcommand: "add"
        )
        let parser = ArgumentParser(root: math)
        guard case .run(let values) = parser.parse(["1", "--hex", "2"]) else {
            Issue.record("expected to run add")
            return
        }
        #expect(values.subcommandPath == ["add"])
        #expect(try values.strings("values") == ["1", "2"])
        #expect(try values.flag("hex"))

        guard case .run(let shortFlag) = parser.parse(["-x", "3"]) else {
            Issue.record("expected to run add")
            return
        }
        #expect(try shortFlag.flag("hex"))

        guard case .failure(let missing) = parser.parse([]) else {
            Issue.record("expected add's missing argument")
            return
        }
        #expect(missing.reason == .missingArgument(key: "values"))
        #expect(missing.message == "Missing expected argument '<values> ...'")
        guard case .run(let multiply) = parser.parse(["multiply"]) else {
            Issue.record("expected to run multiply")
            return
        }
        #expect(multiply.subcommandPath == ["multiply"])
    }

    @Test func parentOptionsAreReadFromTheLeaf() throws {
        let tool = CommandSpec(
            name: "tool",
            arguments: [.flag("verbose", short: "v")],
            subcommands: [CommandSpec(name: "leaf", arguments: [.positional("name")])]
        )
        guard case .run(let values) = ArgumentParser(root: tool).parse(["-v", "leaf", "x"]) else {
            Issue.record("expected to run leaf")
            return
        }
        #expect(try values.flag("verbose"))
        #expect(try values.string("name") == "x")
    }

    @Test func positionalDefaultIsUsedAndShown() throws {
        let tool = CommandSpec(
            name: "tool", arguments: [.positional("config", help: "Config.", defaultValue: "config")])
        let parser = ArgumentParser(root: tool)
        guard case .run(let values) = parser.parse([]) else {
            Issue.record("expected to run")
            return
        }
        #expect(try values.string("config") == "config")
        #expect(
            parser.helpText(forCommandPath: []) == """
                USAGE: tool [<config>]

                ARGUMENTS:
                  <config>                Config. (default: config)

                OPTIONS:
                  -h, --help              Show help information.

                """
        )
    }
}
