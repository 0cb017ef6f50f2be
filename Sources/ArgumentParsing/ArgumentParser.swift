/// Parses a command line against a tree of ``CommandSpec`` values, following swift-argument-parser's
/// conventions.
///
/// The parser only decides; it neither prints nor exits, so every outcome is testable. An executable
/// parses `argv` without `argv[0]`, prints what the result says and dispatches on the command path:
///
/// ```swift
/// let parser = ArgumentParser(root: WidgetHostCommand.spec)
/// switch parser.parse(Array(CommandLine.arguments.dropFirst())) {
/// case .run(let values):
///     do {
///         switch values.subcommandPath {
///         case ["yaml"]: try YAMLCommand.run(file: values.string("file"))
///         default: break
///         }
///     } catch let error as ParseError {
///         write(error.terminalOutput)
///     }
/// case let result:
///     if let output = result.terminalOutput { write(output) }
/// }
/// ```
///
/// It accepts `--option value`, `--option=value`, `-o value`, `--` ending the options, options
/// before, between and after positional arguments, `-h`/`--help` at every level, `help <subcommand>`
/// at the root, and `--version` at every level when a command of the path has a version.
public struct ArgumentParser: Sendable {
    /// The root of the command tree: the tool itself.
    public let root: CommandSpec

    /// The width help text is wrapped to.
    public let screenWidth: Int

    /// The narrowest width help is wrapped to, so descriptions keep room after the label column.
    public static let minimumScreenWidth = 40

    /// Creates a parser for a command tree.
    ///
    /// - Parameters:
    ///   - root: The tool's command, with its subcommands.
    ///   - screenWidth: The width help text is wrapped to; at least ``minimumScreenWidth``.
    public init(root: CommandSpec, screenWidth: Int = 80) {
        self.root = root
        self.screenWidth = max(screenWidth, Self.minimumScreenWidth)
    }

    /// Parses a command line.
    ///
    /// - Parameter arguments: The arguments after the program name (`argv` without `argv[0]`).
    /// - Returns: What to do: run a command with its values, or print help, the version or an error.
    public func parse(_ arguments: [String]) -> ParseResult {
        var scanner = ArgumentScanner(root: root, arguments: arguments, screenWidth: screenWidth)
        return scanner.scan()
    }

    /// The help of the command at `path`, as `--help` shows it.
    ///
    /// - Parameter path: The subcommand names below the root, e.g. `["store", "import"]`; empty for the
    ///   root.
    /// - Returns: The help text without a final newline, or `nil` when no command has that path.
    public func helpText(forCommandPath path: [String]) -> String? {
        var stack = [root]
        for name in path {
            guard let subcommand = stack.last?.subcommand(named: name) else { return nil }
            stack.append(subcommand)
        }
        return HelpGenerator(stack: stack, screenWidth: screenWidth).rendered()
    }
}

extension ArgumentParser {
    /// A completion script for `shell`, generated from the command tree: subcommands, options and
    /// fixed values complete from the script; ``CompletionKind/dynamic(_:)`` values by running
    /// `<tool> __complete <name> -- <words>`.
    ///
    /// - Parameter shell: The shell the script is for.
    /// - Returns: The script, ending with a newline.
    public func completionScript(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: BashCompletionGenerator(root: root).script()
        case .zsh: BashCompletionGenerator(root: root).script(forZsh: true)
        case .fish: FishCompletionGenerator(root: root).script()
        }
    }

    /// The tool's man page (roff), generated from the command tree, with `sections` after the
    /// commands.
    ///
    /// - Parameter sections: Exit status, environment, files and the like.
    /// - Returns: The page, ending with a newline.
    public func manPage(sections: [ManPageSection]) -> String {
        ManPageGenerator(root: root, sections: sections).page()
    }

    /// The command-line reference in Markdown, from the same specs as the man page, followed by
    /// `sections`.
    public func markdownReference(sections: [ManPageSection]) -> String {
        MarkdownReferenceGenerator(root: root, sections: sections).reference()
    }
}
