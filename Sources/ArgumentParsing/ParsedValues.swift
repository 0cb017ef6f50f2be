/// The values a command line gave, with typed getters that look arguments up by their key.
///
/// A key is a positional argument's name or an option's or flag's long name without dashes.
/// Getters look in the chosen command first, then in its ancestors. Every getter failure is a
/// ``ParseError``, so the caller reports it like any other usage error (exit 64):
///
/// ```swift
/// let limit = try values.int("timeline-limit", in: 1...100)
/// ```
public struct ParsedValues: Sendable, Equatable {
    /// One appearance of an argument on the command line.
    struct Occurrence: Sendable, Equatable {
        /// The value; `nil` for a flag.
        var value: String?
        /// The option as typed (`--format`, `-f`); `nil` for a positional argument.
        var spelling: String?
    }

    /// The path from the root to the chosen command.
    let stack: [CommandSpec]

    /// For each command of the path, the occurrences of its arguments by key.
    let occurrences: [[String: [Occurrence]]]

    /// Creates the values parsed for the path `stack`.
    init(stack: [CommandSpec], occurrences: [[String: [Occurrence]]]) {
        self.stack = stack
        self.occurrences = occurrences
    }

    /// The names from the root to the chosen command, e.g. `["widgethost", "store", "import"]`.
    public var commandNames: [String] { stack.map(\.name) }

    /// The names of the chosen subcommands below the root, e.g. `["store", "import"]`; empty for the root.
    public var subcommandPath: [String] { Array(commandNames.dropFirst()) }

    /// The value of a positional argument or an option: the last one given, else its default.
    ///
    /// - Parameter key: The argument's key.
    /// - Returns: The value, or `nil` when absent without a default.
    /// - Throws: ``ParseError`` when no command of the path declares a positional argument or option
    ///   with this key.
    public func string(_ key: String) throws(ParseError) -> String? {
        try values(key).last
    }

    /// The value of a positional argument or an option that must be there.
    ///
    /// - Parameter key: The argument's key.
    /// - Returns: The last value given, else the default.
    /// - Throws: ``ParseError`` `Missing expected argument` when absent without a default, or when the
    ///   key is not declared.
    public func requiredString(_ key: String) throws(ParseError) -> String {
        guard let value = try string(key) else { throw error(.missingArgument(key: key)) }
        return value
    }

    /// Every value of a repeating positional argument or repeatable option, in command-line order.
    ///
    /// - Parameter key: The argument's key.
    /// - Returns: The values given, else the default as the only value, else none.
    /// - Throws: ``ParseError`` when the key is not declared as a positional argument or option.
    public func strings(_ key: String) throws(ParseError) -> [String] {
        try values(key)
    }

    /// Whether a flag was given.
    ///
    /// - Parameter key: The flag's long name.
    /// - Returns: `true` when the flag appears at least once.
    /// - Throws: ``ParseError`` when the key is not declared as a flag.
    public func flag(_ key: String) throws(ParseError) -> Bool {
        let (level, declaration) = try locate(key)
        guard case .flag = declaration else {
            throw error(.internalError("'\(key)' is not a flag of '\(commandNames.joined(separator: " "))'."))
        }
        return !(occurrences[level][key] ?? []).isEmpty
    }

    /// The value of a positional argument or an option as an integer.
    ///
    /// - Parameters:
    ///   - key: The argument's key.
    ///   - range: The values accepted; `nil` for any integer.
    /// - Returns: The last value given, else the default, or `nil` when absent without a default.
    /// - Throws: ``ParseError`` `The value 'x' is invalid for '--option <value>'` when the value is not
    ///   an integer or is outside `range`, or when the key is not declared.
    public func int(_ key: String, in range: ClosedRange<Int>? = nil) throws(ParseError) -> Int? {
        let (level, _) = try locate(key)
        guard let text = try string(key) else { return nil }
        let spelling = occurrences[level][key]?.last?.spelling
        let expected = range.map { "expected an integer from \($0.lowerBound) to \($0.upperBound)" }
        guard let number = Int(text) else {
            let digits = text.drop { $0 == "-" || $0 == "+" }
            // Digits only, yet no Int: past 64 bits, which no range here reaches.
            let isWhole =
                text.count - digits.count <= 1 && !digits.isEmpty
                && digits.allSatisfy { ("0"..."9").contains($0) }
            let detail =
                !isWhole
                ? nil
                : text.hasPrefix("-")
                    ? "it is below the smallest integer, \(Int.min)"
                    : "it is over the largest integer, \(Int.max)"
            throw error(.invalidValue(text, option: spelling, key: key, detail: detail))
        }
        if let range, !range.contains(number) {
            throw error(.invalidValue(text, option: spelling, key: key, detail: expected))
        }
        return number
    }

    /// Whether the chosen command (or one it is nested in) declares `key`: lets shared plumbing read
    /// an option only the commands that take it declare.
    public func declares(_ key: String) -> Bool {
        stack.contains { $0.argument(forKey: key) != nil }
    }

    /// A usage error worded by the command itself, reported with the chosen command's usage.
    ///
    /// - Parameter message: The sentence after `Error: `.
    /// - Returns: The error to throw or report.
    public func validationError(_ message: String) -> ParseError {
        error(.validation(message))
    }

    private func error(_ reason: ParseError.Reason) -> ParseError {
        ParseError(reason, stack: stack)
    }

    /// The nearest command of the path declaring `key`, as an index into `stack`, and the declaration.
    private func locate(_ key: String) throws(ParseError) -> (Int, ArgumentSpec) {
        for level in stack.indices.reversed() {
            if let declaration = stack[level].argument(forKey: key) { return (level, declaration) }
        }
        let path = commandNames.joined(separator: " ")
        throw error(.internalError("'\(key)' is not an argument of '\(path)'."))
    }

    private func values(_ key: String) throws(ParseError) -> [String] {
        let (level, declaration) = try locate(key)
        let given = (occurrences[level][key] ?? []).compactMap(\.value)
        let defaultValue: String?
        switch declaration {
        case .positional(let positional): defaultValue = positional.defaultValue
        case .option(let option): defaultValue = option.defaultValue
        case .flag:
            let path = commandNames.joined(separator: " ")
            throw error(.internalError("'\(key)' is a flag of '\(path)', not an argument with a value."))
        }
        if given.isEmpty, let defaultValue { return [defaultValue] }
        return given
    }
}
