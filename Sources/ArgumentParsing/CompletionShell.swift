/// A shell `completions` writes a script for.
public enum CompletionShell: String, Sendable, CaseIterable {
    /// GNU Bash, through `complete -F`.
    case bash
    /// Z shell, through its bash-completion emulation (`bashcompinit`).
    case zsh
    /// The friendly interactive shell, through `complete -c`.
    case fish
}
