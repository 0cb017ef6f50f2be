/// The rows of an ``InstanceRows`` by id, to find ids used twice: an open-addressing table of row
/// numbers, so that twenty thousand ids cost 160 KB rather than a dictionary of `String`s kept.
/// Ids compare as Swift's strings do (by canonical equivalence: `café` written precomposed or
/// with a combining accent is one id), as `--widget` finds them.
struct RowsByID {
    /// Row numbers, or -1; at most half of them used.
    private var slots: [Int32]
    private var count = 0

    /// A table with room for `capacity` rows before it grows.
    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: -1, count: size)
    }

    /// Adds `row` of `rows` by its id, unless a row with the same id is in already.
    /// - Returns: that row, or `nil` when the id is new.
    /// - Complexity: amortised O(1) in the number of rows, O(n) in the length of the id.
    mutating func insert(_ row: Int, of rows: InstanceRows) -> Int? {
        let id = rows.id(of: row)
        var slot = id.hashValue & (slots.count - 1)
        while slots[slot] >= 0 {
            let other = Int(slots[slot])
            if rows.id(of: other) == id { return other }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = Int32(truncatingIfNeeded: row)
        count += 1
        if 2 * count > slots.count { grow(rows) }
        return nil
    }

    /// Doubles the slots, placing every row again.
    private mutating func grow(_ rows: InstanceRows) {
        let old = slots
        slots = Array(repeating: -1, count: 2 * old.count)
        for row in old where row >= 0 {
            var slot = rows.id(of: Int(row)).hashValue & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = row
        }
    }
}
