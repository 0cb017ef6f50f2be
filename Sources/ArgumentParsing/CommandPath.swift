/// One command of a tool's tree with its path from the root, as completion scripts and the man
/// page walk the tree.
struct CommandPath {
    /// The commands from the root to this one.
    var stack: [CommandSpec]

    /// The command itself.
    var command: CommandSpec { stack.last ?? CommandSpec(name: "") }

    /// `""` for the root, `/store/import` below it: the key scripts look commands up by.
    var key: String { stack.dropFirst().map { "/" + $0.name }.joined() }

    /// The names below the root, space-separated: `store import`.
    var words: String { stack.dropFirst().map(\.name).joined(separator: " ") }

    /// Every visible command of the tree of `root`, parents before children.
    static func all(from root: CommandSpec) -> [CommandPath] {
        var paths: [CommandPath] = []
        func visit(_ stack: [CommandSpec]) {
            paths.append(CommandPath(stack: stack))
            guard let last = stack.last else { return }
            for subcommand in last.visibleSubcommands { visit(stack + [subcommand]) }
        }
        visit([root])
        return paths
    }

    /// Whether `--version` is offered here: a command of the path has a version.
    var hasVersion: Bool { stack.contains { !($0.version ?? "").isEmpty } }

    /// `key --name` and `key -x` for each option of the command: the cases after which a script
    /// skips the next word, the option's value.
    var valuedOptionCases: [String] {
        command.options.flatMap { option in
            ["\(key) --\(option.name)"] + (option.short.map { ["\(key) -\($0)"] } ?? [])
        }
    }

    /// The lines of a script's `case` arm that skips an option's value, for the options of every
    /// command in `paths`: the `pattern` of their ``valuedOptionCases``, then `body`; none when no
    /// command has an option.
    static func valuedOptionArm(
        _ paths: [CommandPath], pattern: ([String]) -> String, body: String
    ) -> [String] {
        let cases = paths.flatMap(\.valuedOptionCases)
        return cases.isEmpty ? [] : [pattern(cases), body]
    }

    /// Every option and flag spelling the command accepts, help and version included.
    var optionSpellings: [String] {
        var spellings: [String] = []
        for argument in command.arguments {
            switch argument {
            case .positional: break
            case .option(let option):
                spellings.append("--" + option.name)
                if let short = option.short { spellings.append("-" + String(short)) }
            case .flag(let flag):
                spellings.append("--" + flag.name)
                if let short = flag.short { spellings.append("-" + String(short)) }
            }
        }
        if hasVersion { spellings.append("--version") }
        return spellings + ["-h", "--help"]
    }
}
