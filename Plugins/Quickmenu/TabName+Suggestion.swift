extension TabName {
    /// The tab a mistyped name most likely meant: the same name in another letter case, else the
    /// nearest by edit distance when it is close (at most a third of the name's letters away).
    static func nearest(to name: String) -> TabName? {
        if let sameLetters = allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) {
            return sameLetters
        }
        let scored = allCases.map { ($0, editDistance(name.lowercased(), $0.rawValue.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, best.0.rawValue.count / 3) ? best.0 : nil
    }

    /// The Levenshtein distance between two strings, over characters.
    private static func editDistance(_ source: String, _ target: String) -> Int {
        let source = Array(source)
        let target = Array(target)
        if source.isEmpty { return target.count }
        var previous = Array(0...target.count)
        for (i, sourceCharacter) in source.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: target.count)
            for (j, targetCharacter) in target.enumerated() {
                let substitution = previous[j] + (sourceCharacter == targetCharacter ? 0 : 1)
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
            }
            previous = current
        }
        return previous[target.count]
    }
}
