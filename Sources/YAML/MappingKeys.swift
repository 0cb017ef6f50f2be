import Diagnostics

/// The checks and rewrites a mapping gets when it closes: duplicate keys are rejected, and merge
/// keys (`<<`) are replaced by the pairs of the mapping(s) they name.
///
/// Works on the composer's flat storage through unsafe buffers, so checking a mapping allocates
/// nothing and retains nothing in the common case (a few string keys). A problem is thrown as a
/// ``Problem``, which the composer reports in its source.
struct MappingKeys {
    let records: UnsafeBufferPointer<NodeRecord>
    let children: UnsafeBufferPointer<Int32>
    let text: UnsafeBufferPointer<UInt8>
    /// The lines met so far, for locations.
    let lines: LineStarts

    /// A duplicate key or an invalid merge: a diagnostic without its source.
    struct Problem: Error {
        var location: SourceLocation
        var code: FailureCode
        var message: String
        var notes: [Diagnostic.Note] = []
    }

    /// What makes two keys the same key: equal values under their resolved tags.
    ///
    /// Collection keys are never equal to one another: the YAML test suite (X38W) accepts a
    /// mapping keyed by a sequence and by an alias of that same sequence.
    enum Identity: Hashable {
        case value(ScalarValue)
        case tagged(Int32, String)
        case collection(Int)
    }

    /// Mappings up to this many keys check duplicates by linear scan: cheaper than hashing.
    private static let linearScanLimit = 8

    func bytes(_ record: NodeRecord) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[Int(record.first)..<Int(record.first + record.count)])
    }

    func identity(of node: Int32, position: Int) -> Identity {
        let record = records[Int(node)]
        guard record.kind == .scalar else { return .collection(position) }
        let value = String(decoding: bytes(record), as: UTF8.self)
        switch CoreTag(rawValue: record.tag) {
        case .str?: return .value(.string(value))
        case let core? where core == .int || core == .float || core == .bool || core == .null:
            return ScalarValue.parse(value, tag: core.tag).map(Identity.value) ?? .tagged(record.tag, value)
        default: return .tagged(record.tag, value)
        }
    }

    func sameKey(_ first: Int32, _ second: Int32) -> Bool {
        let a = records[Int(first)]
        let b = records[Int(second)]
        if a.kind == .scalar, b.kind == .scalar, a.tag == CoreTag.str.rawValue, b.tag == CoreTag.str.rawValue
        {
            return a.count == b.count && bytes(a).elementsEqual(bytes(b))
        }
        return identity(of: first, position: 0) == identity(of: second, position: 1)
    }

    /// Throws at the second of two equal keys among `pairs` (keys and values alternating).
    func checkDuplicates(_ pairs: ArraySlice<Int32>) throws(Problem) {
        if pairs.count <= 2 * Self.linearScanLimit {
            for later in stride(from: pairs.startIndex + 2, to: pairs.endIndex - 1, by: 2) {
                for earlier in stride(from: pairs.startIndex, to: later, by: 2)
                where sameKey(pairs[earlier], pairs[later]) {
                    throw duplicate(pairs[earlier], pairs[later])
                }
            }
            return
        }
        let keys = stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2).map { pairs[$0] }
        var seen: [Identity: Int32] = [:]
        seen.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            if let earlier = seen.updateValue(key, forKey: identity(of: key, position: position)) {
                throw duplicate(earlier, key)
            }
        }
    }

    /// Whether any key of `pairs` is a merge key.
    func hasMergeKey(_ pairs: ArraySlice<Int32>) -> Bool {
        stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2).contains {
            records[Int(pairs[$0])].tag == CoreTag.merge.rawValue
        }
    }

    /// Where a pair of a merged mapping came from, so the composer can tell through which alias
    /// each of its nodes was reached.
    struct MergeOrigin {
        /// For a pair the mapping sets itself, its key's position in `pairs` (from 0); else -1.
        var explicit: Int32 = -1
        /// For a merged pair, the position in `pairs` of the `<<` value that brought it; else -1.
        var mergeValue: Int32 = -1
        /// For a pair merged from a list of mappings, the slot in `children` of that list's item.
        var itemSlot: Int32 = -1
        /// For a merged pair, the slot in `children` of its key in the merged mapping.
        var keySlot: Int32 = -1
    }

    /// `pairs` with each `<<` pair replaced by the pairs of the mapping(s) it names, skipping keys
    /// the mapping sets itself (explicit keys win) and keys an earlier merged mapping gave.
    func merge(_ pairs: ArraySlice<Int32>) throws(Problem) -> [Int32] {
        var origins: [MergeOrigin] = []
        return try merge(pairs, origins: &origins)
    }

    /// ``merge(_:)``, also saying where each resulting pair came from (one origin a pair).
    func merge(_ pairs: ArraySlice<Int32>, origins: inout [MergeOrigin]) throws(Problem) -> [Int32] {
        // Few keys are compared one with another, as duplicates are; many are hashed.
        var taken: Set<Identity>?
        var position = 0
        if pairs.count / 2 + mergedPairCount(pairs) > 2 * Self.linearScanLimit {
            var identities: Set<Identity> = []
            for index in stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2) {
                position += 1
                let key = pairs[index]
                if records[Int(key)].tag != CoreTag.merge.rawValue {
                    identities.insert(identity(of: key, position: position))
                }
            }
            taken = identities
        }
        var result: [Int32] = []
        for index in stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2) {
            let key = pairs[index]
            let value = pairs[index + 1]
            guard records[Int(key)].tag == CoreTag.merge.rawValue else {
                result.append(key)
                result.append(value)
                origins.append(MergeOrigin(explicit: Int32(index - pairs.startIndex)))
                continue
            }
            let valueRecord = records[Int(value)]
            let sourceCount: Int
            switch valueRecord.kind {
            case .mapping: sourceCount = 1
            case .sequence: sourceCount = Int(valueRecord.count)
            case .scalar: throw mergeError(value)
            }
            for item in 0..<sourceCount {
                let merged = valueRecord.kind == .mapping ? value : children[Int(valueRecord.first) + item]
                let mergedRecord = records[Int(merged)]
                guard mergedRecord.kind == .mapping else { throw mergeError(merged) }
                let first = Int(mergedRecord.first)
                for pair in 0..<Int(mergedRecord.count) {
                    // Negative positions keep merged collection keys apart from the explicit ones.
                    position += 1
                    let mergedKey = children[first + 2 * pair]
                    if taken != nil {
                        guard taken?.insert(identity(of: mergedKey, position: -position)).inserted == true
                        else {
                            continue
                        }
                    } else if isTaken(mergedKey, explicit: pairs, merged: result) {
                        continue
                    }
                    result.append(mergedKey)
                    result.append(children[first + 2 * pair + 1])
                    origins.append(
                        MergeOrigin(
                            mergeValue: Int32(index + 1 - pairs.startIndex),
                            itemSlot: valueRecord.kind == .mapping ? -1 : valueRecord.first + Int32(item),
                            keySlot: Int32(first + 2 * pair)
                        )
                    )
                }
            }
        }
        return result
    }

    /// How many pairs the merge keys of `pairs` bring in, before any is skipped; values that are
    /// not mappings bring none (``merge(_:)`` reports them).
    private func mergedPairCount(_ pairs: ArraySlice<Int32>) -> Int {
        var count = 0
        for index in stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2)
        where records[Int(pairs[index])].tag == CoreTag.merge.rawValue {
            let value = records[Int(pairs[index + 1])]
            switch value.kind {
            case .mapping:
                count += Int(value.count)
            case .sequence:
                for item in children[Int(value.first)..<Int(value.first + value.count)] {
                    let source = records[Int(item)]
                    if source.kind == .mapping { count += Int(source.count) }
                }
            case .scalar:
                break
            }
        }
        return count
    }

    /// Whether `key` has the identity of an explicit key of `pairs` or of a key already in `merged`
    /// (keys and values alternating), compared one by one.
    private func isTaken(_ key: Int32, explicit pairs: ArraySlice<Int32>, merged: [Int32]) -> Bool {
        for index in stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2)
        where records[Int(pairs[index])].tag != CoreTag.merge.rawValue && sameIdentity(pairs[index], key) {
            return true
        }
        return stride(from: 0, to: merged.count - 1, by: 2).contains { sameIdentity(merged[$0], key) }
    }

    /// Whether two keys have the same ``Identity``, as hashing them would find, without making
    /// `String`s of two string keys whose bytes are equal, or differ and are all ASCII (text only
    /// Unicode canonical equivalence makes equal has bytes beyond ASCII).
    func sameIdentity(_ first: Int32, _ second: Int32) -> Bool {
        let a = records[Int(first)]
        let b = records[Int(second)]
        if a.kind == .scalar, b.kind == .scalar, a.tag == CoreTag.str.rawValue, b.tag == CoreTag.str.rawValue
        {
            let aBytes = bytes(a)
            let bBytes = bytes(b)
            if aBytes.count == bBytes.count && aBytes.elementsEqual(bBytes) { return true }
            if aBytes.allSatisfy({ $0 < 0x80 }) && bBytes.allSatisfy({ $0 < 0x80 }) { return false }
        }
        return identity(of: first, position: 0) == identity(of: second, position: 1)
    }

    private func location(_ node: Int32) -> SourceLocation {
        let record = records[Int(node)]
        return lines.mark(at: record.startIndex, atLineStart: record.startsAtLineStart).location
    }

    private func mergeError(_ node: Int32) -> Problem {
        let record = records[Int(node)]
        let what: String
        switch record.kind {
        case .sequence: what = "a list"
        case .mapping: what = "a mapping"
        case .scalar: what = "the scalar '\(Self.excerpt(String(decoding: bytes(record), as: UTF8.self)))'"
        }
        return Problem(
            location: location(node),
            code: .yamlInvalidMerge,
            message: "a merge key '<<' takes a mapping or a list of mappings, not \(what)"
        )
    }

    private func duplicate(_ first: Int32, _ second: Int32) -> Problem {
        let name = keyText(second)
        let firstName = keyText(first)
        let firstLocation = location(first)
        let secondLocation = location(second)
        // Equal keys can be spelled differently (`0x10` and `16`): name the first as written.
        let spelledAs = firstName == name ? "" : " (as '\(firstName)')"
        return Problem(
            location: secondLocation,
            code: .yamlDuplicateKey,
            message: "duplicate key '\(name)': first at line \(firstLocation.line)\(spelledAs), "
                + "again at line \(secondLocation.line)",
            notes: [Diagnostic.Note("'\(firstName)' first defined here", at: firstLocation)]
        )
    }

    /// A key as shown in messages: its text, cut to a readable length.
    private func keyText(_ node: Int32) -> String {
        let record = records[Int(node)]
        guard record.kind == .scalar else { return record.kind == .mapping ? "{...}" : "[...]" }
        return Self.excerpt(String(decoding: bytes(record), as: UTF8.self))
    }

    /// A scalar as quoted in messages: cut to 40 characters, as a scalar can be megabytes long.
    static func excerpt(_ text: String) -> String {
        Excerpt.of(text)
    }
}
