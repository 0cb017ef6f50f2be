import ArgumentParsing

/// A command of `widgethost`: its declaration, and what runs it once the parser has matched it
/// (a command with subcommands of its own, `store` or `plugins`, picks among them itself). Its
/// metatype is `Sendable`, so the root's list of commands is a constant any thread may read.
protocol Subcommand: SendableMetatype {
    /// The command's declaration.
    static var spec: CommandSpec { get }

    /// Runs the command the parsed command line names.
    /// - Returns: The exit status.
    /// - Throws: ``ParseError`` for an option value the parser could not check.
    static func run(_ values: ParsedValues) async throws(ParseError) -> Int32
}
