import Testing

/// The root command, run as a binary: help, the version and usage errors, checked verbatim.
@Suite struct WidgetHostCommandTests {
    static let rootHelp = """
        OVERVIEW: Runs WidgetKit-style widgets from YAML configurations on Linux.

        USAGE: widgethost <subcommand>

        OPTIONS:
          --build-options         With --version, also print the versions of libyaml,
                                  SQLite and utf8proc it runs on.
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          run                     Runs the widgets and prints what each one shows.
          validate                Checks configurations and reports every problem.
          config                  Shows the configuration as resolved, with origins.
          describe                Describes the widgets, their parameters and intents.
          schema                  Prints the JSON Schema of configuration files.
          perform                 Performs an app intent, as a button or toggle does.
          tap                     Taps the Nth control of a widget's current view.
          open                    Resolves a widget's deep link to the app tab it opens.
          yaml                    Prints each YAML document as one line of JSON, after
                                  anchors, merge keys and tags.
          store                   Creates the shared store; imports, exports, deletes
                                  and moves tasks; reads and writes shared defaults.
          plugins                 Lists, checks, writes and trusts plugins.
          watch                   Hosts the widgets live, writing what they show as it
                                  changes.
          serve                   Serves the widgets as a live web page whose buttons
                                  work.
          reload                  Asks the widgets of some kinds, or all, to reload
                                  their timelines.
          snapshot                Records or verifies snapshots of the widgets: layout
                                  and picture, every family and scheme.
          simulate                Runs the widgets' timelines on a virtual clock, as
                                  WidgetKit would, and prints what happens.
          completions             Prints a shell completion script for bash, zsh or
                                  fish.
          man                     Prints the man page (roff), generated from the same
                                  declarations as the help.

          See 'widgethost help <subcommand>' for detailed help.

        """

    static let yamlHelp = """
        OVERVIEW: Prints each YAML document as one line of JSON, after anchors, merge
        keys and tags.

        Use it to see what your YAML means: aliases are expanded, merge keys (<<)
        applied and scalars resolved to strings, numbers, booleans and nulls. Mapping
        keys that are not strings become their text, so '1: a' prints as {"1":"a"}.
        With '-' or no file, standard input is read.

        USAGE: widgethost yaml [<options>] [<file>]

        ARGUMENTS:
          <file>                  The YAML file to read; '-' or none for standard input.

        OPTIONS:
          --max-depth <levels>    The deepest nesting of sequences and mappings
                                  accepted; at most 6000, as libyaml's time grows with
                                  the square of the depth of [ and { nesting (6000
                                  levels take about a second). (default: 512)
          --max-alias-nodes <count>
                                  The most nodes aliases may expand to in one document.
                                  (default: 1000000)
          --max-input-size <bytes>
                                  The largest input accepted. (default: 67108864)
          --diagnostics <format>  How errors are written to standard error. (values:
                                  text, json; default: text)
          --version               Show the version.
          -h, --help              Show help information.


        """

    static let yamlUsage = """
        Usage: widgethost yaml [<options>] [<file>]
          See 'widgethost yaml --help' for more information.

        """

    static let rootUsage = """
        Usage: widgethost <subcommand>
          See 'widgethost --help' for more information.

        """

    @Test(arguments: [["--help"], ["-h"], ["help"], []])
    func rootHelp(arguments: [String]) throws {
        let run = try WidgetHostProcess.run(arguments)
        run.expectSucceeded(standardOutput: Self.rootHelp)
    }

    @Test(arguments: [["help", "yaml"], ["yaml", "--help"], ["yaml", "-h"], ["yaml", "x.yaml", "--help"]])
    func yamlHelp(arguments: [String]) throws {
        let run = try WidgetHostProcess.run(arguments)
        run.expectSucceeded(standardOutput: Self.yamlHelp)
    }

    @Test(arguments: [["--version"], ["yaml", "--version"]])
    func version(arguments: [String]) throws {
        let run = try WidgetHostProcess.run(arguments)
        run.expectSucceeded(standardOutput: "0.1.0\n")
    }

    @Test(arguments: [
        (["yml"], "Error: Unknown subcommand 'yml'. Did you mean 'yaml'?\n" + rootUsage),
        (["help", "yml"], "Error: Unknown subcommand 'yml'. Did you mean 'yaml'?\n" + rootUsage),
        (
            ["frobnicate"],
            "Error: Unknown subcommand 'frobnicate'. Please provide one of the following:\n"
                + [
                    "run", "validate", "config", "describe", "schema", "perform", "tap", "open", "yaml",
                    "store",
                    "plugins", "watch", "serve", "reload", "snapshot", "simulate", "completions", "man",
                ].map {
                    "  - \($0)\n"
                }
                .joined()
                + rootUsage
        ),
        (["--verbose"], "Error: Unknown option '--verbose'\n" + rootUsage),
        (["yaml", "--fromat"], "Error: Unknown option '--fromat'\n" + yamlUsage),
        (
            ["yaml", "--max-dept", "3"],
            "Error: Unknown option '--max-dept'. Did you mean '--max-depth'?\n" + yamlUsage
        ),
        (["yaml", "a.yaml", "b.yaml"], "Error: Unexpected argument 'b.yaml'\n" + yamlUsage),
        (
            ["yaml", "--max-depth", "abc"],
            """
            Error: The value 'abc' is invalid for '--max-depth <levels>'
            Help:  --max-depth <levels>  The deepest nesting of sequences and mappings accepted; at most 6000, as libyaml's time grows with the square of the depth of [ and { nesting (6000 levels take about a second).

            """ + yamlUsage
        ),
        (
            ["yaml", "--max-depth"],
            """
            Error: Missing value for '--max-depth <levels>'
            Help:  --max-depth <levels>  The deepest nesting of sequences and mappings accepted; at most 6000, as libyaml's time grows with the square of the depth of [ and { nesting (6000 levels take about a second).

            """ + yamlUsage
        ),
        (
            ["yaml", "--max-alias-nodes=0"],
            """
            Error: The value '0' is invalid for '--max-alias-nodes <count>': expected an integer from 1 to 1073741824
            Help:  --max-alias-nodes <count>  The most nodes aliases may expand to in one document.

            """ + yamlUsage
        ),
        (
            ["yaml", "--max-input-size", "1e6"],
            """
            Error: The value '1e6' is invalid for '--max-input-size <bytes>'
            Help:  --max-input-size <bytes>  The largest input accepted.

            """ + yamlUsage
        ),
        (
            ["yaml", "--diagnostics", "yaml"],
            """
            Error: The value 'yaml' is invalid for '--diagnostics <format>'. Please provide one of 'text' and 'json'.
            Help:  --diagnostics <format>  How errors are written to standard error.

            """ + yamlUsage
        ),
    ])
    func usageError(arguments: [String], expected: String) throws {
        let run = try WidgetHostProcess.run(arguments)
        run.expectFailed(64, standardError: expected)
    }

    @Test func usageErrorWinsOverReadingTheFile() throws {
        // The limits are checked before the file is opened, so a bad limit never reads standard input.
        let run = try WidgetHostProcess.run(
            ["yaml", "--max-depth=-1", "-"], input: .pipe(Array("a: 1\n".utf8)))
        #expect(run.status == 64)
        #expect(run.standardOutput.isEmpty)
        #expect(run.firstErrorLine.hasPrefix("Error: The value '-1' is invalid for '--max-depth <levels>'"))
    }
}
