import Diagnostics

/// The suggestions of swift-argument-parser's conventions, for options and subcommands.
extension EditDistance {
    /// The option name to suggest for a mistyped one, following swift-argument-parser: the closest
    /// candidate at a distance below 4, the first one on ties.
    ///
    /// - Parameters:
    ///   - name: The option as typed, with its dashes (`--fromat`).
    ///   - candidates: The long option names with their dashes, in declaration order.
    /// - Returns: The suggestion, or `nil` when nothing is close enough.
    static func suggestion(forOption name: String, among candidates: [String]) -> String? {
        closest(to: name, among: candidates) { distance in distance < 4 }
    }

    /// The subcommand name to suggest for a mistyped one.
    ///
    /// Subcommand names are short and carry no dashes, so besides the distance below 4 used for
    /// options, at most half of the typed characters may change: `yml` suggests `yaml`, `foo` does
    /// not suggest `run`.
    ///
    /// - Parameters:
    ///   - name: The word as typed.
    ///   - candidates: The subcommand names, in declaration order.
    /// - Returns: The suggestion, or `nil` when nothing is close enough.
    static func suggestion(forSubcommand name: String, among candidates: [String]) -> String? {
        suggestion(for: name, among: candidates)
    }
}
