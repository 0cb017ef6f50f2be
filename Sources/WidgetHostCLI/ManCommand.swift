import AppGroup
import ArgumentParsing
import PluginHosting
import Rendering
import WidgetHost

extension WidgetHostCommand {
    /// `widgethost man`: the man page, generated from the command specs.
    enum ManCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "man",
            abstract: "Prints the man page (roff), generated from the same declarations as the help.",
            discussion: """
                Read it with 'widgethost man | man -l -', or install it with 'widgethost man > \
                ~/.local/share/man/man1/widgethost.1'. With --format markdown, the same reference \
                as Markdown (the repository's docs/cli.md).
                """,
            arguments: [
                .option(
                    "format", valueName: "format", help: "The page's language.",
                    allowedValues: ["roff", "markdown"], defaultValue: "roff")
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let parser = ArgumentParser(root: WidgetHostCommand.spec)
            StandardStream.output.writeData(
                try values.string("format") == "markdown"
                    ? parser.markdownReference(sections: sections) : parser.manPage(sections: sections))
            return ExitStatus.success
        }

        /// The sections after the commands.
        static let sections: [ManPageSection] = [
            ManPageSection(
                title: "EXIT STATUS",
                items: [
                    .init(term: "0", text: "Success."),
                    .init(
                        term: "1",
                        text: "A widget or intent failed at run time (the other widgets still printed), "
                            + "or standard output could not be written."),
                    .init(term: "64", text: "Usage error: the command line is wrong."),
                    .init(
                        term: "65",
                        text: "Invalid configuration or input data; nothing was run. Diagnostics name "
                            + "file:line:column."),
                    .init(term: "70", text: "An internal error of widgethost."),
                ]),
            ManPageSection(
                title: "ENVIRONMENT",
                items: [
                    .init(
                        term: "WIDGETHOST_STORE",
                        text: "The shared container directory when --store is not given."),
                    .init(
                        term: StoreLockTimeout.variable,
                        text: "How many seconds a write waits for another process's lock on the store "
                            + "when --lock-timeout is not given (default 30)."),
                    .init(
                        term: "XDG_DATA_HOME",
                        text: "Where stores (widgethost/APP-GROUP) and plugins (widgethost/plugins) are "
                            + "found; default ~/.local/share. An empty or relative XDG_DATA_HOME or HOME "
                            + "is ignored."),
                    .init(term: "NO_COLOR", text: "When set, diagnostics are never coloured."),
                    .init(term: "TERM", text: "When dumb, diagnostics are never coloured."),
                    .init(
                        term: PluginClock.libraryVariable,
                        text: "The libfaketime library plugins are run with under --at, when it is not "
                            + "where Debian installs it."),
                    .init(
                        term: PNGRenderer.symbolLibraryVariable,
                        text: "The librsvg library the symbols of PNGs are drawn with, when it is not "
                            + "librsvg-2.so.2 where the dynamic loader looks."),
                    .init(
                        term: "WIDGETHOST_PLUGIN",
                        text: "Set to 1 in a plugin's environment by the host, so a plugin run by hand "
                            + "can say what it is."),
                ]),
            ManPageSection(
                title: "FILES",
                items: [
                    .init(
                        term: "./config",
                        text:
                            "The configuration read when no CONFIG is given: every *.yaml and *.yml file in it, sorted."
                    ),
                    .init(
                        term: "~/.local/share/widgethost/APP-GROUP/widgethost.sqlite",
                        text: "The shared store of an App Group (SQLite, write-ahead logging)."),
                    .init(
                        term: "CONFIG-DIR/Plugins, $XDG_DATA_HOME/widgethost/plugins",
                        text: "Where plugins are looked for (besides --plugins DIR and a configuration's "
                            + "plugins: list): folders holding a plugin.yaml manifest. Never the current directory."
                    ),
                ]),
            ManPageSection(
                title: "SEE ALSO",
                paragraphs: [
                    "widgethost completions bash|zsh|fish prints a completion script; docs/guide.md of the "
                        + "widgethost repository describes the configuration format, docs/plugin-protocol.md the "
                        + "plugin protocol."
                ]),
        ]
    }
}
