/// Where HTML text is written: a `String`, or ``HTMLBytes`` for a page written element by element.
protocol HTMLOutput {
    /// Appends `text` as it is.
    mutating func write(_ text: String)
    /// Appends UTF-8 as it is.
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}

extension String: HTMLOutput {
    /// Appends `text`.
    mutating func write(_ text: String) { self += text }

    /// Appends the text of `bytes` (UTF-8).
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self += String(decoding: bytes, as: UTF8.self)
    }
}

/// HTML as UTF-8 bytes while it is written: appending copies the bytes, without what appending to
/// a `String` checks each time (its room, its UTF-8, its flags), which for the page's many short
/// pieces cost more than the copying. ``string`` is the text at the end.
struct HTMLBytes: HTMLOutput {
    /// The bytes written.
    private(set) var bytes: [UInt8] = []

    /// The bytes as text.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether nothing was written.
    var isEmpty: Bool { bytes.isEmpty }

    /// Appends the UTF-8 of `text`.
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `bytes`.
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }

    /// Makes room for `capacity` bytes.
    mutating func reserveCapacity(_ capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Forgets what was written, keeping the room.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends `text`.
    static func += (output: inout HTMLBytes, text: String) {
        output.write(text)
    }

    /// Appends what `other` holds.
    static func += (output: inout HTMLBytes, other: HTMLBytes) {
        output.bytes.append(contentsOf: other.bytes)
    }
}
