/// Compact JSON text.
extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, members in order.
    public var description: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the value as compact JSON text: the bytes ``write(to:)-([UInt8])`` writes, as a
    /// `String` (one writer, one escaping of strings).
    public func write(to output: inout String) {
        let buffer = JSONByteBuffer()
        write(to: buffer)
        buffer.withBytes { output += String(decoding: $0, as: UTF8.self) }
    }

    /// A finite number's JSON text: an integral value below 10^15 with `.0` (so that it reads
    /// back as a double), any other as Swift writes it; JSON has no infinities or NaN, so those
    /// are `null`.
    static func text(of value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) + ".0" : "\(value)"
    }
}
