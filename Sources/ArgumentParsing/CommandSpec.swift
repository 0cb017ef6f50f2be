/// The declaration of one command: its name, its help text, its arguments and its subcommands.
///
/// A tool is a tree of `CommandSpec` values whose root is the tool itself:
///
/// ```swift
/// let root = CommandSpec(
///     name: "widgethost",
///     abstract: "Run WidgetKit-style widgets from the command line.",
///     version: "1.0.0",
///     subcommands: [
///         CommandSpec(
///             name: "yaml",
///             abstract: "Print each YAML document as one line of JSON.",
///             arguments: [.positional("file", help: "The YAML file to read.", isOptional: true)]
///         )
///     ]
/// )
/// ```
public struct CommandSpec: Sendable, Equatable {
    /// The name the user types to select this command; for the root, the tool's name.
    public var name: String

    /// A one-sentence description, shown after `OVERVIEW:` and in the parent's subcommand list.
    public var abstract: String

    /// Longer text shown in the help after the abstract; empty for none.
    public var discussion: String

    /// A usage line that replaces the generated one (without the leading `USAGE: `); `nil` to generate it.
    public var usage: String?

    /// The version printed for `--version`; usually set on the root only, and inherited by subcommands.
    public var version: String?

    /// The positional arguments, options and flags, in the order help and usage list them.
    public var arguments: [ArgumentSpec]

    /// The commands nested in this one, in the order help lists them.
    public var subcommands: [CommandSpec]

    /// The name of the subcommand chosen when the user names none; `nil` to show help instead.
    public var defaultSubcommand: String?

    /// Whether help, usage errors, completions and the man page leave the command out (an entry
    /// point for scripts, such as the one completion scripts call).
    public var isHidden: Bool

    /// Creates a command declaration.
    ///
    /// - Parameters:
    ///   - name: The name the user types; for the root, the tool's name.
    ///   - abstract: A one-sentence description.
    ///   - discussion: Longer help text shown after the abstract.
    ///   - usage: A usage line replacing the generated one.
    ///   - version: The version printed for `--version`.
    ///   - arguments: The positional arguments, options and flags.
    ///   - subcommands: The nested commands.
    ///   - defaultSubcommand: The subcommand chosen when none is named.
    ///   - isHidden: Whether help and the generated documents leave the command out.
    public init(
        name: String,
        abstract: String = "",
        discussion: String = "",
        usage: String? = nil,
        version: String? = nil,
        arguments: [ArgumentSpec] = [],
        subcommands: [CommandSpec] = [],
        defaultSubcommand: String? = nil,
        isHidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.version = version
        self.arguments = arguments
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.isHidden = isHidden
    }

    /// The subcommands help and the generated documents show: all but the hidden ones.
    public var visibleSubcommands: [CommandSpec] {
        subcommands.filter { !$0.isHidden }
    }

    /// The subcommand with the given name, if there is one.
    ///
    /// - Parameter name: The name as typed by the user.
    /// - Returns: The matching subcommand, or `nil`.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The positional arguments, in declaration order.
    var positionals: [PositionalSpec] {
        arguments.compactMap { argument in
            if case .positional(let positional) = argument { return positional }
            return nil
        }
    }

    /// The options, in declaration order.
    var options: [OptionSpec] {
        arguments.compactMap { argument in
            if case .option(let option) = argument { return option }
            return nil
        }
    }

    /// The flags, in declaration order.
    var flags: [FlagSpec] {
        arguments.compactMap { argument in
            if case .flag(let flag) = argument { return flag }
            return nil
        }
    }

    /// The declaration whose key is `key`, if any.
    func argument(forKey key: String) -> ArgumentSpec? {
        arguments.first { $0.key == key }
    }
}

extension CommandSpec {
    /// Whether `token` is a negative number (`-1`, `-0.5`) that no option or flag of this command
    /// is spelled as: after an option it is the option's value (refused or not by the option's own
    /// check), and where a positional argument is due it is that argument (`tap ID -1`), never an
    /// unknown option.
    public func readsAsNegativeNumber(_ token: String) -> Bool {
        let body = token.dropFirst()
        guard token.hasPrefix("-"), let first = body.first, first.isASCII,
            first.isNumber || (first == "." && body.count > 1), Double(token) != nil
        else { return false }
        return !options.contains { $0.short == first } && !flags.contains { $0.short == first }
    }
}
