/// Where HTML text is written: a `String`, or ``HTMLBytes`` for a page written element by element.
protocol HTMLOutput: ~Copyable {
    /// Appends `text` as it is.
    mutating func write(string text: String)
    /// Appends a literal as it is.
    mutating func write(_ text: StaticString)
    /// Appends UTF-8 as it is.
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
    /// Appends the UTF-8 `body` writes into room for `count` bytes (it returns how many it
    /// wrote, at most `count`).
    mutating func write(upTo count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int)
}

extension String: HTMLOutput {
    /// Appends `text`.
    mutating func write(string text: String) { self += text }

    /// Appends `text`.
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { write(utf8: $0) }
    }

    /// Appends the text of `bytes` (UTF-8).
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text `body` writes (UTF-8).
    mutating func write(upTo count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { buffer in
            guard let base = buffer.baseAddress else { return }
            write(utf8: UnsafeBufferPointer(start: base, count: min(body(base), count)))
        }
    }
}

/// HTML as UTF-8 bytes while it is written, in memory the value owns: appending checks the room
/// once and copies, without what appending to a `String` checks each time (its room, its UTF-8,
/// its flags) or an array's uniqueness and generic copying, which for the page's many short
/// pieces cost more than the copying. Not copyable: one owner, freed when it ends.
struct HTMLBytes: ~Copyable, HTMLOutput {
    /// The memory written into: `count` bytes written of `capacity`.
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes were written.
    private(set) var count = 0
    /// How many bytes `base` has room for.
    private var capacity: Int

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes as text.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Whether nothing was written.
    var isEmpty: Bool { count == 0 }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Moves the bytes to memory with room for at least `needed`.
    @inline(never)
    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Forgets what was written, keeping the room.
    mutating func removeAll() {
        count = 0
    }

    /// Appends `byte`.
    @inline(__always)
    mutating func write(byte: UInt8) {
        reserve(1)
        (base + count).initialize(to: byte)
        count += 1
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a literal's UTF-8.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        if text.hasPointerRepresentation {
            write(utf8: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { write(utf8: $0) }
        }
    }

    /// Appends the UTF-8 of `text`.
    mutating func write(string text: String) {
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { write(utf8: $0) }
        if written == nil {
            var text = text
            text.withUTF8 { write(utf8: $0) }
        }
    }

    /// Appends what `other` holds.
    mutating func write(_ other: borrowing HTMLBytes) {
        write(utf8: UnsafeBufferPointer(start: other.base, count: other.count))
    }

    /// Appends `count` bytes written by `body` into the room made for them (`body` returns how
    /// many it wrote, at most `count`).
    @inline(__always)
    mutating func write(upTo count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(count)
        self.count += body(base + self.count)
    }

    /// Appends `text`.
    @inline(__always)
    static func += (output: inout HTMLBytes, text: StaticString) {
        output.write(text)
    }

    /// Appends what `other` holds.
    @inline(__always)
    static func += (output: inout HTMLBytes, other: borrowing HTMLBytes) {
        output.write(other)
    }
}
