import TerminalText

/// Words every ``ParseError``: the wording of swift-argument-parser's messages, in one place.
struct ErrorMessageGenerator {
    /// The path from the root to the command being parsed when the error happened.
    let stack: [CommandSpec]

    /// The declaration of `key` in the nearest command of the path that declares it.
    private func declaration(forKey key: String) -> ArgumentSpec? {
        for command in stack.reversed() {
            if let argument = command.argument(forKey: key) { return argument }
        }
        return nil
    }

    /// The sentence after `Error: `.
    func message(for reason: ParseError.Reason) -> String {
        // What the command line said is quoted visibly: an argument cannot act on the terminal.
        let v = TerminalText.visible
        switch reason {
        case .unknownOption(let name, let suggestion?):
            return "Unknown option '\(v(name))'. Did you mean '\(suggestion)'?"
        case .unknownOption(let name, nil):
            return "Unknown option '\(v(name))'"
        case .missingValue(let name, let key):
            guard case .option(let option) = declaration(forKey: key) else {
                return "Missing value for '\(v(name))'"
            }
            return "Missing value for '\(v(name)) <\(option.valueName)>'"
        case .dashedValue(let name, let key, let value):
            let label = declaration(forKey: key).map { argument -> String in
                guard case .option(let option) = argument else { return v(name) }
                return "\(v(name)) <\(option.valueName)>"
            }
            return
                "Missing value for '\(label ?? v(name))': '\(v(value))' starts with '-', so it reads as an "
                + "option; attach it with '=': \(v(name))=\(v(value))"
        case .repeatedOption(let name, let key):
            guard case .option(let option) = declaration(forKey: key) else {
                return "The option '\(v(name))' was given more than once; it takes one value."
            }
            return
                "The option '--\(option.name) <\(option.valueName)>' was given more than once; it takes one value."
        case .unexpectedValue(let name, let value):
            return "The option '\(v(name))' does not take any value, but '\(v(value))' was specified."
        case .invalidValue(let value, let name, let key, let detail):
            let argument = declaration(forKey: key)
            let subject: String
            switch (name, argument) {
            case (let name?, .option(let option)?): subject = " for '\(v(name)) <\(option.valueName)>'"
            case (let name?, _): subject = " for '\(v(name))'"
            case (nil, .positional(let positional)?): subject = " for '<\(positional.name)>'"
            case (nil, _): subject = ""
            }
            let explanation: String
            if let detail {
                explanation = ": " + v(detail)
            } else if case .option(let option)? = argument {
                explanation = Self.valueList(option.allowedValues)
            } else {
                explanation = ""
            }
            return subject.isEmpty
                ? "The value '\(v(value))' is invalid.\(explanation)"
                : "The value '\(v(value))' is invalid\(subject)\(explanation)"
        case .unexpectedArguments(let values):
            if values.count == 1, let value = values.first {
                return "Unexpected argument '\(v(value))'"
            }
            return "\(values.count) unexpected arguments: '\(values.map(v).joined(separator: "', '"))'"
        case .missingArgument(let key):
            guard let argument = declaration(forKey: key) else {
                return "Missing expected argument '\(key)'"
            }
            return "Missing expected argument '\(UsageGenerator.nonOptionalSynopsis(of: argument))'"
        case .unknownSubcommand(let name, let suggestion?, _):
            return "Unknown subcommand '\(v(name))'. Did you mean '\(suggestion)'?"
        case .unknownSubcommand(let name, nil, let available):
            return "Unknown subcommand '\(v(name))'" + Self.valueList(available)
        case .validation(let message):
            // Commands quote what they were given (a name, a file, a variable's value) in their
            // own words: made visible here, once for all of them.
            return v(message)
        case .internalError(let message):
            return "Internal error. \(message)"
        }
    }

    /// The text after `Help:  `: the argument and its abstract, for errors about one argument.
    func help(for reason: ParseError.Reason) -> String {
        let label: String
        let key: String
        switch reason {
        case .missingValue(let name, let optionKey), .repeatedOption(let name, let optionKey),
            .dashedValue(let name, let optionKey, _):
            guard case .option(let option) = declaration(forKey: optionKey) else { return "" }
            label = "\(name) <\(option.valueName)>"
            key = optionKey
        case .missingArgument(let argumentKey):
            guard let argument = declaration(forKey: argumentKey) else { return "" }
            switch argument {
            case .positional(let positional): label = "<\(positional.name)>"
            case .option(let option): label = "--\(option.name) <\(option.valueName)>"
            case .flag(let flag): label = "--\(flag.name)"
            }
            key = argumentKey
        case .invalidValue(_, let name, let argumentKey, _):
            switch (name, declaration(forKey: argumentKey)) {
            case (let name?, .option(let option)?): label = "\(name) <\(option.valueName)>"
            case (nil, .positional(let positional)?): label = "<\(positional.name)>"
            default: return ""
            }
            key = argumentKey
        default:
            return ""
        }
        let abstract =
            switch declaration(forKey: key) {
            case .positional(let positional)?: positional.help
            case .option(let option)?: option.help
            case .flag(let flag)?: flag.help
            case nil: ""
            }
        return abstract.isEmpty ? "" : "\(label)  \(abstract)"
    }

    /// `. Please provide one of 'a', 'b' or 'c'.`, or a bulleted list from six values on; empty for
    /// no values.
    static func valueList(_ values: [String]) -> String {
        guard let last = values.last else { return "" }
        guard values.count < 6 else {
            let bullets = values.map { "  - \($0)" }.joined(separator: "\n")
            return ". Please provide one of the following:\n\(bullets)"
        }
        let quoted = values.map { "'\($0)'" }
        let list =
            quoted.count <= 2
            ? quoted.joined(separator: " and ")
            : quoted.dropLast().joined(separator: ", ") + " or '\(last)'"
        return ". Please provide one of \(list)."
    }
}
