/// Renders the help of one command, laid out like swift-argument-parser's help.
///
/// ```
/// OVERVIEW: <abstract>
///
/// USAGE: widgethost yaml [<file>]
///
/// ARGUMENTS:
///   <file>                  The YAML file to read.
///
/// OPTIONS:
///   --version               Show the version.
///   -h, --help              Show help information.
/// ```
struct HelpGenerator {
    /// Where labels start.
    static let helpIndent = 2
    /// Where descriptions start; a label reaching it puts its description on the next line.
    static let labelColumnWidth = 26

    /// The path from the root to the command whose help this is.
    let stack: [CommandSpec]
    /// The width text is wrapped to.
    let screenWidth: Int

    /// The help text, without a final newline after the last section.
    func rendered() -> String {
        guard let command = stack.last else { return "" }
        var abstract = command.abstract
        if !command.discussion.isEmpty {
            if !abstract.isEmpty { abstract += "\n" }
            abstract += "\n" + command.discussion
        }
        let renderedAbstract =
            abstract.isEmpty ? "" : "OVERVIEW: \(abstract)".wrapped(to: screenWidth) + "\n\n"
        let usage = UsageGenerator.usage(for: stack)
        let renderedUsage = usage.isEmpty ? "" : "USAGE: \(usage.hangingIndented(by: 7))\n\n"
        let renderedSections = sections(of: command)
            .filter { !$0.elements.isEmpty }
            .map { section in
                section.title + ":\n" + section.elements.map(render).joined()
            }
            .joined(separator: "\n")
        var seeHelp = ""
        if !command.visibleSubcommands.isEmpty {
            var names = stack.map(\.name)
            names.insert("help", at: 1)
            seeHelp = "\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help."
        }
        return renderedAbstract + renderedUsage + renderedSections + seeHelp
    }

    private struct Section {
        var title: String
        var elements: [(label: String, description: String)]
    }

    private func sections(of command: CommandSpec) -> [Section] {
        var arguments = Section(title: "ARGUMENTS", elements: [])
        var options = Section(title: "OPTIONS", elements: [])
        for argument in command.arguments {
            let element = (UsageGenerator.helpLabel(of: argument), description(of: argument))
            if case .positional = argument {
                arguments.elements.append(element)
            } else {
                options.elements.append(element)
            }
        }
        if stack.contains(where: { !($0.version ?? "").isEmpty }) {
            options.elements.append(("--version", "Show the version."))
        }
        options.elements.append(("-h, --help", "Show help information."))
        let subcommands = Section(
            title: "SUBCOMMANDS",
            elements: command.visibleSubcommands.map { subcommand in
                let isDefault = subcommand.name == command.defaultSubcommand
                return (subcommand.name + (isDefault ? " (default)" : ""), subcommand.abstract)
            }
        )
        return [arguments, options, subcommands]
    }

    private func description(of argument: ArgumentSpec) -> String {
        let (help, values, defaultValue): (String, [String], String?) =
            switch argument {
            case .positional(let positional): (positional.help, [], positional.defaultValue)
            case .option(let option): (option.help, option.allowedValues, option.defaultValue)
            case .flag(let flag): (flag.help, [], nil)
            }
        let listedValues = values.filter { !$0.isEmpty }
        let shownDefault = defaultValue ?? ""
        let suffix: String
        switch (listedValues.isEmpty, shownDefault.isEmpty) {
        case (true, true): suffix = ""
        case (false, true): suffix = "(values: \(listedValues.joined(separator: ", ")))"
        case (true, false): suffix = "(default: \(shownDefault))"
        case (false, false):
            suffix = "(values: \(listedValues.joined(separator: ", ")); default: \(shownDefault))"
        }
        return [help, suffix].filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func render(_ element: (label: String, description: String)) -> String {
        let paddedLabel = String(repeating: " ", count: Self.helpIndent) + element.label
        guard !element.description.isEmpty else { return paddedLabel + "\n" }
        let wrapped = element.description.wrapped(to: screenWidth, wrappingIndent: Self.labelColumnWidth)
        if paddedLabel.count < Self.labelColumnWidth {
            return paddedLabel + wrapped.dropFirst(paddedLabel.count) + "\n"
        }
        return paddedLabel + "\n" + wrapped + "\n"
    }
}
