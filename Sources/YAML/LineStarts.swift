import CYAML

/// The character index at which each line of a YAML stream starts, learnt from libyaml's marks as
/// they are met, so that a node keeps two indexes instead of two (line, column, index) marks.
///
/// Within a line libyaml moves a mark's index and column together, so `index - column` is the
/// line's start for every mark on it. Only lines a mark was met on are known; the others take the
/// start of the next known line, which keeps the table sorted (lines start in order) and keeps
/// them from being found. libyaml puts its stream end on a line of its own when the last line has
/// no break ("force new line"): that line starts at the index where the line before it ends, so a
/// mark in column 1 is looked up as the line starting at its index, any other as the line it is
/// past the start of.
struct LineStarts {
    /// For each line (0-based), the index of its first character.
    private var starts: [Int32] = []

    init() {}

    /// Notes the line of `mark`.
    /// - Complexity: amortised O(1) for marks met in order.
    mutating func note(_ mark: yaml_mark_t) {
        let line = Int(mark.line)
        let start = Int32(truncatingIfNeeded: mark.index - mark.column)
        if line >= starts.count {
            starts.append(contentsOf: repeatElement(start, count: line + 1 - starts.count))
            return
        }
        guard starts[line] != start else { return }
        // A line met after a later one: the lines before it that took a later start take its own.
        starts[line] = start
        var earlier = line - 1
        while earlier >= 0 && starts[earlier] > start {
            starts[earlier] = start
            earlier -= 1
        }
    }

    /// The mark at character `index`: in column 1 when `atLineStart`, otherwise past its line's start.
    /// - Complexity: O(log n) in the number of lines.
    /// How many lines have a start noted.
    var count: Int { starts.count }

    /// Forgets the starts of the lines from `count` on: those of a streamed item let go, which no
    /// node left refers to. A line noted again later takes its start anew.
    mutating func removeLines(from count: Int) {
        if count < starts.count { starts.removeSubrange(count...) }
    }

    func mark(at index: Int32, atLineStart: Bool) -> Mark {
        // The last line whose start is before `index` (at or before it, for column 1).
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < index || (atLineStart && starts[middle] == index) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        let line = max(low - 1, 0)
        let start = starts.isEmpty ? 0 : starts[line]
        return Mark(line: line + 1, column: Int(index - start) + 1, index: Int(index))
    }
}
