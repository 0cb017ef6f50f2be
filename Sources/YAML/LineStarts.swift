import CYAML

/// The character index at which each line of a YAML stream starts, learnt from libyaml's marks as
/// they are met, so that a node keeps two indexes instead of two (line, column, index) marks.
///
/// Within a line libyaml moves a mark's index and column together, so `index - column` is the
/// line's start for every mark on it. Only the lines a mark was met on are kept (a node's marks are
/// always met, so its lines are always known), in order: the lines of a streamed item are
/// forgotten with it, and a list of 20,000 widgets costs no table of all its lines. libyaml puts
/// its stream end on a line of its own when the last line has no break ("force new line"): that
/// line starts at the index where the line before it ends, so a mark in column 1 is looked up as
/// the line starting at its index, any other as the line it is past the start of.
struct LineStarts {
    /// The 0-based lines a mark was met on, ascending.
    private var lines: [Int32] = []
    /// The index of the first character of each of ``lines``.
    private var starts: [Int32] = []

    init() {}

    /// Notes the line of `mark`.
    /// - Complexity: O(1) for marks met in order (nearly all); O(n) for one met after a later line.
    mutating func note(_ mark: yaml_mark_t) {
        let line = Int32(truncatingIfNeeded: mark.line)
        let start = Int32(truncatingIfNeeded: mark.index - mark.column)
        guard let last = lines.last, line <= last else {
            lines.append(line)
            starts.append(start)
            return
        }
        guard line != last else { return }
        // A line met after a later one: it goes in its place.
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] < line { low = middle + 1 } else { high = middle }
        }
        guard lines[low] != line else { return }
        lines.insert(line, at: low)
        starts.insert(start, at: low)
    }

    /// How many lines are known.
    var count: Int { lines.count }

    /// Forgets the lines learnt after the first `count`: those of a streamed item let go, which no
    /// node left refers to.
    mutating func removeLines(from count: Int) {
        guard count < lines.count else { return }
        lines.removeSubrange(count...)
        starts.removeSubrange(count...)
    }

    /// The line and column of character `index`, written at the start of its line or not.
    /// - Complexity: O(log n) in the number of lines known.
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
        let position = max(low - 1, 0)
        let line = lines.isEmpty ? 0 : Int(lines[position])
        let start = starts.isEmpty ? 0 : starts[position]
        return Mark(line: line + 1, column: Int(index - start) + 1, index: Int(index))
    }
}
