/// Levenshtein distance, used to suggest the name a person probably meant ("did you mean").
public enum EditDistance {
    /// The longest name, in characters, a suggestion is looked for.
    public static let maxNameLength = 256

    /// The number of single-character insertions, deletions and substitutions turning `source` into
    /// `target`.
    ///
    /// - Complexity: O(*m* × *n*) time and O(*n*) memory for strings of *m* and *n* characters.
    public static func between(_ source: String, _ target: String) -> Int {
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

    /// The candidate nearest to `name` that `isCloseEnough` accepts; the first one on ties.
    ///
    /// - Parameters:
    ///   - name: The name as typed.
    ///   - candidates: The valid names, in declaration order.
    ///   - isCloseEnough: Whether a distance is small enough to suggest.
    public static func closest(
        to name: String,
        among candidates: [String],
        isCloseEnough: (Int) -> Bool
    ) -> String? {
        // The distance costs time and memory in the product of the lengths: a 20 MB unknown key took
        // 8.7 s and 725 MB. A name this long is no typo of a short one.
        guard name.utf8.count <= maxNameLength * 4, name.count <= maxNameLength else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = between(candidate, name)
            guard isCloseEnough(distance) else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// The name to suggest for a mistyped word (a key, a kind, an enum case): the closest at a
    /// distance below 4 that changes at most half of the typed characters, so `showComplete`
    /// suggests `showCompleted` and `foo` suggests nothing; else the one name that the typed one
    /// (four characters or more) begins, in any letter case, so `Weather` suggests `WeatherWidget`
    /// and `Toggle`, beginning two intents' names, suggests nothing.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        if let close = closest(to: name, among: candidates, isCloseEnough: { $0 < 4 && $0 * 2 <= name.count })
        {
            return close
        }
        guard name.count >= 4, name.count <= maxNameLength else { return nil }
        let prefix = name.lowercased()
        let beginning = candidates.filter { $0.lowercased().hasPrefix(prefix) }
        return beginning.count == 1 ? beginning[0] : nil
    }
}
