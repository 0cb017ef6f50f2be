/// What a partly typed command line says so far, read leniently for completion: the command named,
/// the values given, and the word being completed. Nothing is checked; nothing fails.
public struct CompletionContext: Sendable, Equatable {
    /// The subcommand names below the root, e.g. `["store", "import"]`.
    public var subcommandPath: [String]
    /// The values given to each positional argument and option so far, by key, in order.
    public var values: [String: [String]]
    /// The word being completed (the last one), possibly empty.
    public var current: String

    /// Reads `words`, the command line after the tool's name whose last element is the word being
    /// completed.
    ///
    /// - Parameters:
    ///   - words: The words typed, the current one last.
    ///   - root: The tool's command tree.
    public init(words: [String], root: CommandSpec) {
        current = words.last ?? ""
        subcommandPath = []
        values = [:]
        var command = root
        var positionalIndex = 0
        var isAfterTerminator = false
        var index = 0
        let typed = Array(words.dropLast())
        while index < typed.count {
            let word = typed[index]
            index += 1
            if !isAfterTerminator, word == "--" {
                isAfterTerminator = true
                continue
            }
            let isPositionalNumber =
                command.readsAsNegativeNumber(word) && positionalIndex < command.positionals.count
            if !isAfterTerminator, word.hasPrefix("-"), word.count > 1, !isPositionalNumber {
                let body = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
                let name = String(body.prefix { $0 != "=" })
                let option = command.options.first {
                    $0.name == name || (word.utf8.count == 2 && $0.short.map(String.init) == name)
                }
                guard let option else { continue }
                if let equals = body.firstIndex(of: "=") {
                    values[option.name, default: []].append(String(body[body.index(after: equals)...]))
                } else if index < typed.count {
                    values[option.name, default: []].append(typed[index])
                    index += 1
                }
                continue
            }
            if !isAfterTerminator, let subcommand = command.subcommand(named: word) {
                command = subcommand
                subcommandPath.append(word)
                positionalIndex = 0
                continue
            }
            let positionals = command.positionals
            guard positionalIndex < positionals.count else { continue }
            let positional = positionals[positionalIndex]
            values[positional.name, default: []].append(word)
            if !positional.isRepeating { positionalIndex += 1 }
        }
    }
}
