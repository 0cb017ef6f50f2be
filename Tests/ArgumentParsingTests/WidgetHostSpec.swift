import ArgumentParsing

/// A small command tree mirroring widgethost's, to test parsing, help and errors against.
enum WidgetHostSpec {
    static let run = CommandSpec(
        name: "run",
        abstract: "Run widgets and print their current entries and views.",
        arguments: [
            .positional(
                "config",
                help: "A configuration file, or a directory of them.",
                isOptional: true,
                isRepeating: true
            ),
            .option(
                "widget", short: "w", valueName: "id", help: "Only run the widget with this id.",
                isRepeatable: true),
            .option("family", help: "The widget family to render."),
            .option("at", valueName: "date", help: "Run as if the clock read this ISO 8601 date."),
            .flag("timeline", help: "Print every entry of the timeline, not only the current one."),
            .flag("preview", help: "Render each widget's placeholder instead of its timeline."),
            .option(
                "format", help: "Output format.", allowedValues: ["text", "json", "ndjson"],
                defaultValue: "text"),
            .option("store", valueName: "dir", help: "The directory of the app group's shared store."),
            .option(
                "timeline-limit",
                valueName: "count",
                help: "The most entries printed for each widget with --timeline; "
                    + "entries past the limit are counted, not printed."
            ),
        ]
    )

    static let yaml = CommandSpec(
        name: "yaml",
        abstract: "Print each YAML document as one line of JSON.",
        arguments: [
            .positional("file", help: "The YAML file to read, or '-' for standard input.", isOptional: true)
        ]
    )

    static let storeImport = CommandSpec(
        name: "import",
        abstract: "Import tasks from a YAML or JSON file.",
        arguments: [.positional("file", help: "The file to import.")]
    )

    static let storeExport = CommandSpec(
        name: "export",
        abstract: "Print the stored tasks.",
        arguments: [
            .option("format", help: "Output format.", allowedValues: ["json"], defaultValue: "json")
        ]
    )

    static let store = CommandSpec(
        name: "store",
        abstract: "Import into or export from the shared store.",
        subcommands: [storeImport, storeExport]
    )

    static let root = CommandSpec(
        name: "widgethost",
        abstract: "Run WidgetKit-style widgets from the command line.",
        discussion: "Widgets come from configuration files; their output goes to standard output.",
        version: "1.2.0",
        subcommands: [run, yaml, store]
    )

    static let parser = ArgumentParser(root: root)
}
