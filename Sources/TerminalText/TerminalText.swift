internal import CUTF8Proc

/// Text as a terminal shows it: measured, padded and cut in columns, one grapheme cluster at a time.
///
/// Widths come from utf8proc (East Asian Width, emoji presentation, zero-width and combining marks),
/// and clusters from its grapheme-break rules. A cluster is as wide as the sum of its characters'
/// widths (Thai SARA AM and other spacing marks count; combining marks and joiners do not), except an
/// emoji sequence, which is one picture two columns wide: a flag, a ZWJ family, a skin tone, or any
/// character followed by the emoji presentation selector U+FE0F. This is what terminals that lay out
/// grapheme clusters draw (foot, kitty, WezTerm, VTE); a terminal that adds up code points draws a
/// ZWJ sequence wider.
///
/// Nothing here makes text safe to show: run data through ``visible(_:)`` first, so that no control
/// character is measured as zero columns and then acted on by the terminal.
public enum TerminalText {
    /// The columns `text` takes.
    ///
    /// - Complexity: O(n) in the length of `text`; printable ASCII is counted byte by byte.
    public static func width(of text: some StringProtocol) -> Int {
        if let ascii = printableASCIIWidth(text) { return ascii }
        var total = 0
        forEachCluster(in: text) { _, width in total += width }
        return total
    }

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut. A cluster is never
    /// split: when a wide one does not fit, the text is cut before it and may be a column short.
    public static func truncated(_ text: String, to width: Int) -> String {
        cut(text, to: width).text
    }

    /// `text` in exactly `width` columns: cut as ``truncated(_:to:)`` cuts it, then padded with
    /// spaces.
    public static func fitted(_ text: String, to width: Int) -> String {
        let (cut, used) = cut(text, to: width)
        return used >= width ? cut : cut + String(repeating: " ", count: width - used)
    }

    /// `text` cut to at most `width` columns, and the columns it then takes.
    private static func cut(_ text: String, to width: Int) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        if let ascii = printableASCIIWidth(text) {
            guard ascii > width else { return (text, ascii) }
            return ((String(text.utf8.prefix(width - 1)) ?? "") + "…", width)
        }
        var used = 0
        var fitsWhole = true
        var cut = text.startIndex  // where the text is cut if it turns out wider than `width`
        var cutWidth = 0
        forEachCluster(in: text) { range, clusterWidth in
            guard fitsWhole else { return }
            if used + clusterWidth <= width - 1 {
                cut = range.upperBound
                cutWidth = used + clusterWidth
            }
            used += clusterWidth
            if used > width { fitsWhole = false }
        }
        return fitsWhole ? (text, used) : (String(text[..<cut]) + "…", cutWidth + 1)
    }

    /// Calls `body` with each grapheme cluster's range and width, in order.
    static func forEachCluster(in text: some StringProtocol, _ body: (Range<String.Index>, Int) -> Void) {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        guard index < scalars.endIndex else { return }
        var state: Int32 = 0
        var start = index
        var cluster = ClusterWidth(first: scalars[index])
        var previous = scalars[index]
        index = scalars.index(after: index)
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if utf8proc_grapheme_break_stateful(
                Int32(bitPattern: previous.value), Int32(bitPattern: scalar.value), &state)
            {
                body(start..<index, cluster.width)
                start = index
                cluster = ClusterWidth(first: scalar)
            } else {
                cluster.add(scalar)
            }
            previous = scalar
            index = scalars.index(after: index)
        }
        body(start..<scalars.endIndex, cluster.width)
    }

    /// The width of text made only of printable ASCII (one column a byte), or `nil`.
    private static func printableASCIIWidth(_ text: some StringProtocol) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }
}

/// The width of one grapheme cluster, built up one character at a time.
private struct ClusterWidth {
    private var sum: Int
    private let firstWidth: Int
    private let startsAsEmoji: Bool
    private var isEmojiSequence = false

    init(first: Unicode.Scalar) {
        firstWidth = Self.width(of: first)
        sum = firstWidth
        let boundClass = utf8proc_get_property(Int32(bitPattern: first.value)).pointee.boundclass
        startsAsEmoji =
            boundClass == UInt32(UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC.rawValue)
            || boundClass == UInt32(UTF8PROC_BOUNDCLASS_E_BASE.rawValue)
            || boundClass == UInt32(UTF8PROC_BOUNDCLASS_E_BASE_GAZ.rawValue)
            || boundClass == UInt32(UTF8PROC_BOUNDCLASS_E_ZWG.rawValue)
            || boundClass == UInt32(UTF8PROC_BOUNDCLASS_REGIONAL_INDICATOR.rawValue)
    }

    mutating func add(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0xFE0F: isEmojiSequence = true  // emoji presentation: "©️", "1️⃣"
        case 0x200D, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF:
            // A joiner, a skin tone or a second regional indicator after an emoji: one picture.
            if startsAsEmoji { isEmojiSequence = true }
        default: break
        }
        sum += Self.width(of: scalar)
    }

    var width: Int {
        if isEmojiSequence { return 2 }
        return startsAsEmoji ? firstWidth : sum
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return 1 }
        return Int(utf8proc_charwidth(Int32(bitPattern: scalar.value)))
    }
}
