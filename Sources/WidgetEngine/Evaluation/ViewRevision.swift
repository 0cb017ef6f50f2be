import JSON
public import WidgetHostKit

/// Which view a widget showed, so that a tap can say which one it meant: a digest (64-bit FNV-1a)
/// of the view as JSON, its texts, controls and their intents' values included. Entries that
/// draw the same view have the same revision, so a tap is refused only when what it would act on
/// is no longer what was shown.
public struct ViewRevision: Hashable, Sendable, CustomStringConvertible {
    /// The digest.
    public let value: UInt64

    /// The revision of `view`.
    public init(_ view: ViewNode) {
        var bytes = JSONBytes(capacity: 1024)
        view.write(to: &bytes)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes.output {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// The revision `text` writes (sixteen hexadecimal digits, as ``description`` gives it), or
    /// `nil` when it is not one.
    public init?(_ text: String) {
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
        guard text.utf8.count == 16, text.utf8.allSatisfy(isDigit), let value = UInt64(text, radix: 16)
        else { return nil }
        self.value = value
    }

    /// Sixteen lowercase hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
