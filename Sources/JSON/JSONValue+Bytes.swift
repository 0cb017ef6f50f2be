/// Compact JSON written as UTF-8 bytes into an output buffer, the same text as
/// ``description`` without building a `String` (a batch run writes tens of megabytes of it).
extension JSONValue {
    /// Appends the value as compact JSON text, members in order.
    /// - Complexity: O(n) in the size of the text written.
    public func write(to output: inout [UInt8]) {
        let buffer = JSONByteBuffer()
        write(to: buffer)
        buffer.withBytes { output.append(contentsOf: $0) }
    }

    /// Appends the value as compact JSON text to `buffer`.
    func write(to buffer: JSONByteBuffer) {
        switch self {
        case .null: buffer.append("null")
        case .bool(let value): buffer.append(value ? "true" : "false")
        case .int(let value): buffer.append(value)
        case .double(let value):
            // Rare in entries and views, and its digits are Swift's own.
            buffer.appendUTF8(of: Self.text(of: value))
        case .string(let value): buffer.appendQuoted(value)
        case .array(let items):
            buffer.append(UInt8(ascii: "["))
            for index in items.indices {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                items[index].write(to: buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let members):
            buffer.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                buffer.appendQuoted(members[index].key)
                buffer.append(UInt8(ascii: ":"))
                members[index].value.write(to: buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }
}

/// A growable run of bytes written through a raw pointer: JSON text is appended a few bytes at a
/// time, and an array's append checks (uniqueness, capacity, its generic paths) cost more than
/// the bytes themselves. One buffer belongs to one writer at a time.
final class JSONByteBuffer {
    // Unchecked: the buffer belongs to one writer, and a dynamic exclusivity check on each of
    // these at every byte costs more than writing the byte.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// How many bytes are written.
    @exclusivity(unchecked) private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always) private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Appends one byte.
    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the ASCII text `text`.
    func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends the UTF-8 of `text`.
    func appendUTF8(of text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends the decimal digits of `value`.
    func append(_ value: Int) {
        reserve(20)
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 0
        var probe = magnitude
        repeat {
            digits += 1
            probe /= 10
        } while probe > 0
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            base[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// Appends `string` as a JSON string literal, escaping what RFC 8259 requires (quote,
    /// backslash, and the C0 controls: `\n`, `\r`, `\t` by name, the others as `\u00XX`) and what a
    /// terminal acts on although JSON may carry it raw (DEL, the C1 controls, the bidi controls,
    /// U+2028 and U+2029, as `\uXXXX`); the runs between escapes are copied whole.
    func appendQuoted(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            guard let start = bytes.baseAddress else {
                append("\"\"")
                return
            }
            reserve(bytes.count + 2)
            base[count] = UInt8(ascii: "\"")
            count += 1
            var run = start
            let end = start + bytes.count
            var next = start
            while next < end {
                // Eight bytes at a time while none needs an escape (most text has none).
                if end - next >= 8 && !Self.needsEscape(UnsafeRawPointer(next).loadUnaligned(as: UInt64.self))
                {
                    next += 8
                    continue
                }
                let byte = next.pointee
                if byte < 0x20 || byte == 0x22 || byte == 0x5C {
                    append(UnsafeBufferPointer(start: run, count: next - run))
                    escape(byte)
                    run = next + 1
                } else if byte >= 0x7F, let (scalar, length) = Self.terminalActive(at: next, end: end) {
                    append(UnsafeBufferPointer(start: run, count: next - run))
                    escape(scalar: scalar)
                    next += length
                    run = next
                    continue
                }
                next += 1
            }
            append(UnsafeBufferPointer(start: run, count: end - run))
            append(UInt8(ascii: "\""))
        }
    }

    /// Whether any of the eight bytes of `word` is a C0 control, a quote or a backslash: the
    /// classic test for a zero byte, applied to the word and to its difference from each.
    @inline(__always) private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // The lead bytes of what a terminal acts on (DEL, C1, U+061C, U+20xx controls), looked at
        // one by one in `terminalActive(at:end:)`.
        let delete = word ^ (ones &* 0x7F)
        let c2 = word ^ (ones &* 0xC2)
        let d8 = word ^ (ones &* 0xD8)
        let e2 = word ^ (ones &* 0xE2)
        let matches =
            control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)
            | ((delete &- ones) & ~delete & highs) | ((c2 &- ones) & ~c2 & highs)
            | ((d8 &- ones) & ~d8 & highs) | ((e2 &- ones) & ~e2 & highs)
        return matches != 0
    }

    /// The scalar a terminal acts on whose UTF-8 starts at `position`, and its length in bytes:
    /// DEL (7F), a C1 control (C2 80-9F), U+061C (D8 9C), U+200E/U+200F (E2 80 8E-8F),
    /// U+2028-U+202E (E2 80 A8-AE) or U+2066-U+2069 (E2 81 A6-A9); `nil` for anything else.
    private static func terminalActive(
        at position: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>
    ) -> (UInt32, Int)? {
        let available = end - position
        let lead = position[0]
        if lead == 0x7F { return (0x7F, 1) }
        if lead == 0xC2, available >= 2, (0x80...0x9F).contains(position[1]) {
            return (UInt32(position[1]), 2)
        }
        if lead == 0xD8, available >= 2, position[1] == 0x9C { return (0x061C, 2) }
        guard lead == 0xE2, available >= 3 else { return nil }
        let low = UInt32(position[2] & 0x3F)
        switch (position[1], position[2]) {
        case (0x80, 0x8E...0x8F), (0x80, 0xA8...0xAE): return (0x2000 | low, 3)
        case (0x81, 0xA6...0xA9): return (0x2040 | low, 3)
        default: return nil
        }
    }

    /// Appends `\uXXXX` for `scalar` (at most U+FFFF).
    private func escape(scalar: UInt32) {
        let hex: StaticString = "0123456789abcdef"
        append("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            append(hex.utf8Start[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }

    private func escape(_ byte: UInt8) {
        switch byte {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            append("\\u00")
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}
