/// Levenshtein distance, used to suggest the option or subcommand the user probably meant.
enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions turning `source` into
    /// `target`.
    ///
    /// - Complexity: O(*m* × *n*) time and O(*n*) memory for strings of *m* and *n* characters.
    static func between(_ source: String, _ target: String) -> Int {
        let source = Array(source)
        let target = Array(target)
        guard !source.isEmpty, !target.isEmpty else { return max(source.count, target.count) }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for (row, sourceCharacter) in source.enumerated() {
            current[0] = row + 1
            for (column, targetCharacter) in target.enumerated() {
                if sourceCharacter == targetCharacter {
                    current[column + 1] = previous[column]
                } else {
                    current[column + 1] = min(previous[column], previous[column + 1], current[column]) + 1
                }
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }

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
        closest(to: name, among: candidates) { distance in distance < 4 && distance * 2 <= name.count }
    }

    private static func closest(
        to name: String,
        among candidates: [String],
        isCloseEnough: (Int) -> Bool
    ) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = between(candidate, name)
            guard isCloseEnough(distance) else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }
}
