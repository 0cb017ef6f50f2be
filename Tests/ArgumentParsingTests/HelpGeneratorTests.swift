import Testing

@testable import ArgumentParsing

@Suite struct HelpGeneratorTests {
    private let parser = WidgetHostSpec.parser

    private func help(_ arguments: [String]) -> String? {
        guard case .help(let text) = parser.parse(arguments) else { return nil }
        return text
    }

    static let rootHelp = """
        OVERVIEW: Run WidgetKit-style widgets from the command line.

        Widgets come from configuration files; their output goes to standard output.

        USAGE: widgethost <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          run                     Run widgets and print their current entries and views.
          yaml                    Print each YAML document as one line of JSON.
          store                   Import into or export from the shared store.

          See 'widgethost help <subcommand>' for detailed help.
        """

    @Test(arguments: [[], ["--help"], ["-h"], ["help"], ["help", "--help"], ["--help", "yml"]])
    func rootHelpListsSubcommands(arguments: [String]) {
        #expect(help(arguments) == Self.rootHelp)
    }

    static let runHelp = """
        OVERVIEW: Run widgets and print their current entries and views.

        USAGE: widgethost run [<config> ...] [--widget <id> ...] [--family <family>] [--at <date>] \
        [--timeline] [--preview] [--format <format>] [--store <dir>] [--timeline-limit <count>]

        ARGUMENTS:
          <config>                A configuration file, or a directory of them.

        OPTIONS:
          -w, --widget <id>       Only run the widget with this id.
          --family <family>       The widget family to render.
          --at <date>             Run as if the clock read this ISO 8601 date.
          --timeline              Print every entry of the timeline, not only the
                                  current one.
          --preview               Render each widget's placeholder instead of its
                                  timeline.
          --format <format>       Output format. (values: text, json, ndjson; default:
                                  text)
          --store <dir>           The directory of the app group's shared store.
          --timeline-limit <count>
                                  The most entries printed for each widget with
                                  --timeline; entries past the limit are counted, not
                                  printed.
          --version               Show the version.
          -h, --help              Show help information.

        """

    /// A label reaching column 26 puts its description on the next line; long descriptions wrap at 80.
    @Test(arguments: [
        ["run", "--help"], ["run", "-h"], ["help", "run"], ["run", "a", "--help", "b"],
        ["run", "--fromat", "--help"], ["run", "--version", "--help"],
    ])
    func subcommandHelpWrapsLongLabelsAndDescriptions(arguments: [String]) {
        #expect(help(arguments) == Self.runHelp)
    }

    @Test func yamlHelpShowsOptionalPositional() {
        #expect(
            help(["yaml", "--help"]) == """
                OVERVIEW: Print each YAML document as one line of JSON.

                USAGE: widgethost yaml [<file>]

                ARGUMENTS:
                  <file>                  The YAML file to read, or '-' for standard input.

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                """
        )
    }

    static let storeHelp = """
        OVERVIEW: Import into or export from the shared store.

        USAGE: widgethost store <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          import                  Import tasks from a YAML or JSON file.
          export                  Print the stored tasks.

          See 'widgethost help store <subcommand>' for detailed help.
        """

    @Test(arguments: [["store"], ["store", "--help"], ["help", "store"], ["store", "-h", "import"]])
    func nestedCommandHelpPointsAtHelpSubcommand(arguments: [String]) {
        #expect(help(arguments) == Self.storeHelp)
    }

    static let storeImportHelp = """
        OVERVIEW: Import tasks from a YAML or JSON file.

        USAGE: widgethost store import <file>

        ARGUMENTS:
          <file>                  The file to import.

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        """

    @Test(arguments: [
        ["store", "import", "--help"], ["help", "store", "import"], ["store", "import", "-h"],
    ])
    func nestedSubcommandHelp(arguments: [String]) {
        #expect(help(arguments) == Self.storeImportHelp)
    }

    @Test func helpOfACommandTreeWithoutVersionHasNoVersionFlag() {
        let tool = CommandSpec(
            name: "tool",
            arguments: [
                .option("output", short: "o", valueName: "file", help: "Where to write.", isRequired: true)
            ]
        )
        #expect(
            ArgumentParser(root: tool).parse(["--help"])
                == .help(
                    """
                    USAGE: tool --output <file>

                    OPTIONS:
                      -o, --output <file>     Where to write.
                      -h, --help              Show help information.

                    """
                )
        )
    }

    @Test func defaultSubcommandIsMarkedAndUsageOverrideIsUsed() {
        let tool = CommandSpec(
            name: "tool",
            usage: "tool [<subcommand>] [<options>]\ntool --version",
            version: "2.0",
            subcommands: [
                CommandSpec(name: "first", abstract: "The first."),
                CommandSpec(name: "second"),
            ],
            defaultSubcommand: "first"
        )
        #expect(
            ArgumentParser(root: tool).parse(["-h"])
                == .help(
                    """
                    USAGE: tool [<subcommand>] [<options>]
                           tool --version

                    OPTIONS:
                      --version               Show the version.
                      -h, --help              Show help information.

                    SUBCOMMANDS:
                      first (default)         The first.
                      second

                      See 'tool help <subcommand>' for detailed help.
                    """
                )
        )
    }

    /// Like swift-argument-parser, a line breaks at the last space among its first `width` characters.
    @Test func overviewAndDescriptionsWrapAtTheScreenWidth() {
        let tool = CommandSpec(
            name: "tool",
            abstract: "A tool whose abstract is long enough to need wrapping on a narrow screen.",
            arguments: [
                .flag("verbose", short: "v", help: "Print more about what the tool does while it runs.")
            ]
        )
        #expect(
            ArgumentParser(root: tool, screenWidth: 50).helpText(forCommandPath: []) == """
                OVERVIEW: A tool whose abstract is long enough to
                need wrapping on a narrow screen.

                USAGE: tool [--verbose]

                OPTIONS:
                  -v, --verbose           Print more about what
                                          the tool does while it
                                          runs.
                  -h, --help              Show help information.

                """
        )
    }

    @Test func helpTextForAPath() {
        #expect(parser.helpText(forCommandPath: ["store", "import"]) == Self.storeImportHelp)
        #expect(parser.helpText(forCommandPath: []) == Self.rootHelp)
        #expect(parser.helpText(forCommandPath: ["store", "nothing"]) == nil)
    }

    @Test func screenWidthHasAFloor() {
        #expect(ArgumentParser(root: WidgetHostSpec.root, screenWidth: 3).screenWidth == 40)
    }
}
