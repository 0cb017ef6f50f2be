import Diagnostics

/// One left-to-right pass over a command line, descending into subcommands as their names appear.
///
/// Options belong to the command whose name precedes them. A help flag wins over everything, then
/// `--version`, then the first error met; only after a clean pass are missing arguments checked, as
/// swift-argument-parser reports them after decoding.
struct ArgumentScanner {
    private let root: CommandSpec
    private let arguments: [String]
    private let screenWidth: Int

    /// The path from the root to the command now receiving arguments; never empty.
    private var stack: [CommandSpec]
    /// For each command of `stack`, what was given for its arguments.
    private var occurrences: [[String: [ParsedValues.Occurrence]]]
    /// The next positional argument of the current command to fill.
    private var positionalIndex = 0
    /// The next element of `arguments` to read.
    private var index = 0
    /// Whether `--` was read, after which every element is a value.
    private var isAfterTerminator = false
    /// The first problem met; the pass goes on only to look for help and version flags.
    private var firstError: ParseError?
    /// Values no positional argument took.
    private var extraValues: [String] = []
    private var isVersionRequested = false

    /// Prepares a pass over `arguments` (without the program name).
    init(root: CommandSpec, arguments: [String], screenWidth: Int) {
        self.root = root
        self.arguments = arguments
        self.screenWidth = screenWidth
        self.stack = [root]
        self.occurrences = [[:]]
    }

    /// Reads every argument and decides what the command line asks for.
    mutating func scan() -> ParseResult {
        if arguments.first == "help", !root.subcommands.isEmpty, root.subcommand(named: "help") == nil {
            return helpCommand(Array(arguments.dropFirst()))
        }
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if isAfterTerminator {
                if firstError == nil { handleValue(token, matchingSubcommands: false) }
                continue
            }
            if token == "--" {
                isAfterTerminator = true
                continue
            }
            if Self.isHelpFlag(token) {
                // `widgethost bogus --help` names no command: say so rather than show the parent's help.
                if let firstError, case .unknownSubcommand = firstError.reason { return .failure(firstError) }
                return .help(help(for: stack))
            }
            if token == "--version", hasVersion {
                isVersionRequested = true
                continue
            }
            guard firstError == nil else { continue }
            if token.hasPrefix("--") {
                handleLongOption(token)
            } else if Self.isOptionLike(token),
                !(isNegativeNumber(token) && positionalIndex < command.positionals.count)
            {
                // A negative number where a positional argument is due is its value (`tap ID -1`).
                handleShortOption(token)
            } else {
                handleValue(token, matchingSubcommands: true)
            }
        }
        return finish()
    }

    // MARK: - Reading elements

    private var command: CommandSpec { stack.last ?? root }

    private var hasVersion: Bool { stack.contains { !($0.version ?? "").isEmpty } }

    private static func isHelpFlag(_ token: String) -> Bool { token == "-h" || token == "--help" }

    /// Whether an element is an option rather than a value; a lone `-` is a value (standard input).
    private static func isOptionLike(_ token: String) -> Bool { token.hasPrefix("-") && token.count > 1 }

    /// Whether `token` is a negative number for the current command (see
    /// ``CommandSpec/readsAsNegativeNumber(_:)``).
    private func isNegativeNumber(_ token: String) -> Bool {
        command.readsAsNegativeNumber(token)
    }

    /// Whether `token` is spelled as an option or flag of the command, or help.
    private func namesAnOption(_ token: String) -> Bool {
        if Self.isHelpFlag(token) || token == "--" { return true }
        if token.hasPrefix("--") {
            let name = token.dropFirst(2).prefix { $0 != "=" }
            return command.options.contains { $0.name == name } || command.flags.contains { $0.name == name }
                || token == "--version"
        }
        let letter = token.dropFirst().first
        return token.count == 2
            && (command.options.contains { $0.short == letter }
                || command.flags.contains { $0.short == letter })
    }

    private mutating func handleLongOption(_ token: String) {
        let body = token.dropFirst(2)
        let name: String
        let inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }
        let spelling = "--" + name
        if let option = command.options.first(where: { $0.name == name }) {
            takeValue(for: option, spelling: spelling, inlineValue: inlineValue)
        } else if let flag = command.flags.first(where: { $0.name == name }) {
            if let inlineValue {
                fail(.unexpectedValue(option: spelling, value: inlineValue))
            } else {
                record(flag.name, ParsedValues.Occurrence(value: nil, spelling: spelling))
            }
        } else if descendIntoDefaultSubcommand() {
            handleLongOption(token)
        } else {
            fail(.unknownOption(spelling, suggestion: optionSuggestion(for: spelling)))
        }
    }

    private mutating func handleShortOption(_ token: String) {
        let letters = token.dropFirst()
        guard letters.count == 1, let letter = letters.first else {
            // Grouped short flags are not supported; `-format` is most likely a mistyped `--format`.
            if descendIntoDefaultSubcommand() {
                handleShortOption(token)
            } else {
                fail(.unknownOption(token, suggestion: optionSuggestion(for: token)))
            }
            return
        }
        if let option = command.options.first(where: { $0.short == letter }) {
            takeValue(for: option, spelling: token, inlineValue: nil)
        } else if let flag = command.flags.first(where: { $0.short == letter }) {
            record(flag.name, ParsedValues.Occurrence(value: nil, spelling: token))
        } else if descendIntoDefaultSubcommand() {
            handleShortOption(token)
        } else {
            fail(.unknownOption(token, suggestion: nil))
        }
    }

    /// Takes an option's value from `--name=value` or from the next element, unless that is an option.
    private mutating func takeValue(for option: OptionSpec, spelling: String, inlineValue: String?) {
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < arguments.count,
            !Self.isOptionLike(arguments[index]) || isNegativeNumber(arguments[index])
        {
            value = arguments[index]
            index += 1
        } else if index < arguments.count, !namesAnOption(arguments[index]) {
            fail(.dashedValue(option: spelling, key: option.name, value: arguments[index]))
            return
        } else {
            fail(.missingValue(option: spelling, key: option.name))
            return
        }
        if !option.isRepeatable, !(occurrences[occurrences.count - 1][option.name] ?? []).isEmpty {
            fail(.repeatedOption(option: spelling, key: option.name))
            return
        }
        guard option.allowedValues.isEmpty || option.allowedValues.contains(value) else {
            fail(.invalidValue(value, option: spelling, key: option.name, detail: nil))
            return
        }
        record(option.name, ParsedValues.Occurrence(value: value, spelling: spelling))
    }

    private mutating func handleValue(_ token: String, matchingSubcommands: Bool) {
        let positionals = command.positionals
        if !command.subcommands.isEmpty {
            if matchingSubcommands, let subcommand = command.subcommand(named: token) {
                push(subcommand)
            } else if positionalIndex < positionals.count {
                takePositional(token, for: positionals[positionalIndex])
            } else if descendIntoDefaultSubcommand() {
                handleValue(token, matchingSubcommands: matchingSubcommands)
            } else if matchingSubcommands {
                fail(unknownSubcommand(token, of: command))
            } else {
                extraValues.append(token)
            }
        } else if positionalIndex < positionals.count {
            takePositional(token, for: positionals[positionalIndex])
        } else {
            extraValues.append(token)
        }
    }

    private mutating func takePositional(_ value: String, for positional: PositionalSpec) {
        record(positional.name, ParsedValues.Occurrence(value: value, spelling: nil))
        if !positional.isRepeating { positionalIndex += 1 }
    }

    // MARK: - State

    private mutating func push(_ subcommand: CommandSpec) {
        stack.append(subcommand)
        occurrences.append([:])
        positionalIndex = 0
    }

    /// Enters the current command's default subcommand, if it has subcommands and a default.
    private mutating func descendIntoDefaultSubcommand() -> Bool {
        guard !command.subcommands.isEmpty,
            let name = command.defaultSubcommand,
            let subcommand = command.subcommand(named: name)
        else { return false }
        push(subcommand)
        return true
    }

    private mutating func record(_ key: String, _ occurrence: ParsedValues.Occurrence) {
        occurrences[occurrences.count - 1][key, default: []].append(occurrence)
    }

    private mutating func fail(_ reason: ParseError.Reason) {
        if firstError == nil { firstError = ParseError(reason, stack: stack) }
    }

    // MARK: - Outcomes

    private mutating func finish() -> ParseResult {
        if isVersionRequested {
            let version = stack.reversed().compactMap(\.version).first { !$0.isEmpty }
            return .version(version ?? "Unspecified version")
        }
        if let firstError { return .failure(firstError) }
        if !extraValues.isEmpty {
            return .failure(ParseError(.unexpectedArguments(extraValues), stack: stack))
        }
        while !command.subcommands.isEmpty {
            // A command with subcommands and no default is not runnable itself: show what it offers.
            guard descendIntoDefaultSubcommand() else { return .help(help(for: stack)) }
        }
        for (level, spec) in stack.enumerated() {
            for argument in spec.arguments where isMissing(argument, given: occurrences[level]) {
                return .failure(ParseError(.missingArgument(key: argument.key), stack: stack))
            }
        }
        return .run(ParsedValues(stack: stack, occurrences: occurrences))
    }

    private func isMissing(_ argument: ArgumentSpec, given: [String: [ParsedValues.Occurrence]]) -> Bool {
        guard (given[argument.key] ?? []).isEmpty else { return false }
        switch argument {
        case .positional(let positional): return !positional.isOptional && positional.defaultValue == nil
        case .option(let option): return option.isRequired && option.defaultValue == nil
        case .flag: return false
        }
    }

    /// `help [<subcommand> ...]` at the root: the help of the named command.
    private func helpCommand(_ names: [String]) -> ParseResult {
        var stack = [root]
        for name in names where !Self.isHelpFlag(name) {
            let current = stack.last ?? root
            if Self.isOptionLike(name) {
                return .failure(ParseError(.unknownOption(name, suggestion: nil), stack: stack))
            }
            guard !current.subcommands.isEmpty else {
                return .failure(ParseError(.unexpectedArguments([name]), stack: stack))
            }
            guard let subcommand = current.subcommand(named: name) else {
                return .failure(ParseError(unknownSubcommand(name, of: current), stack: stack))
            }
            stack.append(subcommand)
        }
        return .help(help(for: stack))
    }

    private func help(for stack: [CommandSpec]) -> String {
        HelpGenerator(stack: stack, screenWidth: screenWidth).rendered()
    }

    private func unknownSubcommand(_ name: String, of command: CommandSpec) -> ParseError.Reason {
        let names = command.visibleSubcommands.map(\.name)
        let suggestion = EditDistance.suggestion(forSubcommand: name, among: names)
        return .unknownSubcommand(name, suggestion: suggestion, available: names)
    }

    /// The nearest long name of the current command, `--version` when it applies, or `--help`.
    private func optionSuggestion(for spelling: String) -> String? {
        var candidates = command.arguments.compactMap { argument -> String? in
            switch argument {
            case .positional: nil
            case .option(let option): "--" + option.name
            case .flag(let flag): "--" + flag.name
            }
        }
        if hasVersion { candidates.append("--version") }
        candidates.append("--help")
        return EditDistance.suggestion(forOption: spelling, among: candidates)
    }
}
