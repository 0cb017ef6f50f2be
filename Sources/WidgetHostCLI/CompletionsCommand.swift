import ArgumentParsing

extension WidgetHostCommand {
    /// `widgethost completions bash|zsh|fish`: a completion script generated from the command specs.
    enum CompletionsCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "completions",
            abstract: "Prints a shell completion script for bash, zsh or fish.",
            discussion: """
                Subcommands, options and their fixed values complete from the script itself; widget \
                ids, kinds, intents and their name= parameters, and families are asked of widgethost, \
                which reads the configuration and the plugins' manifests without starting a plugin or \
                opening the store. scripts/install puts them where each shell looks; by hand, for \
                bash, 'mkdir -p ~/.local/share/bash-completion/completions && widgethost completions \
                bash > ~/.local/share/bash-completion/completions/widgethost'; for zsh, 'mkdir -p \
                ~/.zfunc && widgethost completions zsh > ~/.zfunc/_widgethost' (with ~/.zfunc in \
                fpath); for fish, 'mkdir -p ~/.config/fish/completions && widgethost completions \
                fish > ~/.config/fish/completions/widgethost.fish'.
                """,
            arguments: [
                .positional(
                    "shell", help: "The shell: bash, zsh or fish.",
                    completion: .values(CompletionShell.allCases.map(\.rawValue)))
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let name = try values.requiredString("shell")
            guard let shell = CompletionShell(rawValue: name) else {
                throw values.validationError(
                    CommandOptions.unknown(
                        "shell", named: name, among: CompletionShell.allCases.map(\.rawValue)))
            }
            StandardStream.output.writeData(
                ArgumentParser(root: WidgetHostCommand.spec).completionScript(for: shell))
            return ExitStatus.success
        }
    }
}
