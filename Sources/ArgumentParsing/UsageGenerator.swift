/// Builds the synopsis strings of usage lines, help labels and error messages.
///
/// The forms follow swift-argument-parser: `[<file>]`, `<config> ...`, `[--widget <id> ...]`,
/// `[--timeline]` in usage; `-w, --widget <id>` in help.
enum UsageGenerator {
    /// Beyond this many arguments the usage line keeps only the required ones.
    private static let maximumListedArguments = 12

    /// The usage of the last command of `stack`: the override if any, else the generated synopsis.
    static func usage(for stack: [CommandSpec]) -> String {
        guard let command = stack.last else { return "" }
        if let usage = command.usage { return usage }
        let toolName = stack.map(\.name).joined(separator: " ")
        var usage: String
        switch command.arguments.count {
        case 0:
            usage = toolName
        case ...maximumListedArguments:
            usage = toolName + " " + command.arguments.map { synopsis(of: $0) }.joined(separator: " ")
        default:
            let required = command.arguments.filter { argument in
                if case .positional = argument { return true }
                return !isOptional(argument)
            }
            if !required.isEmpty, required.count <= maximumListedArguments {
                usage = toolName + " [<options>] " + required.map { synopsis(of: $0) }.joined(separator: " ")
            } else {
                usage = toolName + " <options>"
            }
        }
        if !command.subcommands.isEmpty {
            if usage.last != " " { usage += " " }
            usage += "<subcommand>"
        }
        return usage
    }

    /// The two lines under an error: `Usage: ...` and where to find more information.
    static func usageMessage(for stack: [CommandSpec]) -> String {
        let usage = usage(for: stack)
        let names = stack.map(\.name).joined(separator: " ")
        let seeHelp = "  See '\(names) --help' for more information."
        guard !usage.isEmpty else { return seeHelp }
        return "Usage: " + usage.hangingIndented(by: 7) + "\n" + seeHelp
    }

    /// How the names and values of a synopsis are written: plain in help, errors and the Markdown
    /// reference, in roff's fonts in the man page.
    struct Markup: Sendable {
        /// An option's or a flag's name, dashes included (`--widget`).
        var name: @Sendable (String) -> String
        /// An option's value or a positional argument (`id`).
        var value: @Sendable (String) -> String

        /// `--widget <id>`.
        static let plain = Markup(name: { $0 }, value: { "<\($0)>" })
    }

    /// How an argument appears in a usage line, with brackets when it may be left out.
    static func synopsis(of argument: ArgumentSpec, markup: Markup = .plain) -> String {
        let synopsis = nonOptionalSynopsis(of: argument, markup: markup)
        return isOptional(argument) ? "[\(synopsis)]" : synopsis
    }

    /// How an argument appears in a usage line or a `Missing expected argument` message, without
    /// brackets.
    static func nonOptionalSynopsis(of argument: ArgumentSpec, markup: Markup = .plain) -> String {
        switch argument {
        case .positional(let positional):
            return markup.value(positional.name) + (positional.isRepeating ? " ..." : "")
        case .option(let option):
            return markup.name("--" + option.name) + " " + markup.value(option.valueName)
                + (option.isRepeatable ? " ..." : "")
        case .flag(let flag):
            return markup.name("--" + flag.name)
        }
    }

    /// How an argument is labelled in the help's sections: short name first, then the long one.
    static func helpLabel(of argument: ArgumentSpec) -> String {
        switch argument {
        case .positional(let positional):
            return "<\(positional.name)>"
        case .option(let option):
            let names = [option.short.map { "-\($0)" }, "--\(option.name)"].compactMap { $0 }
            return names.joined(separator: ", ") + " <\(option.valueName)>"
        case .flag(let flag):
            let names = [flag.short.map { "-\($0)" }, "--\(flag.name)"].compactMap { $0 }
            return names.joined(separator: ", ")
        }
    }

    /// Whether the user may leave the argument out.
    static func isOptional(_ argument: ArgumentSpec) -> Bool {
        switch argument {
        case .positional(let positional): positional.isOptional || positional.defaultValue != nil
        case .option(let option): !option.isRequired
        case .flag: true
        }
    }
}
