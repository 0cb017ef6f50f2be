import Testing

@testable import TerminalText

/// Widths checked against a table written by hand from the Unicode data (East Asian Width, emoji
/// presentation, combining classes), not against utf8proc.
@Suite struct TerminalTextWidthTests {
    @Test(arguments: [
        ("", 0),
        ("Tasks", 5),
        ("กำลังทำ", 6),  // ก ำ(1: SARA AM is a spacing vowel) ล ั(0) ง ท ำ(1)
        ("น้ำ", 2),  // น ้(0 tone mark) ำ(1)
        ("ทำงานบ้าน", 8),  // ท ำ ง า น บ ้ า น
        ("보고서 작성", 11),  // five Hangul syllables (2 each) and a space
        ("会議の準備", 10),
        ("ＡＢＣ", 6),  // fullwidth Latin
        ("ｶﾀｶﾅ", 4),  // halfwidth katakana
        ("👨‍👩‍👧", 2),  // a ZWJ family is one picture
        ("🇹🇭🇰🇷", 4),  // two flags
        ("👍🏽", 2),  // a skin tone
        ("©️", 2),  // emoji presentation selector
        ("©", 1),
        ("e\u{301}", 1),  // e and a combining acute
        ("a\u{200B}b", 2),  // zero-width space
        ("مرحبا", 5),
        ("שלום", 4),
        ("Görevi tamamla", 14),
        ("İstanbul", 8),
    ])
    func width(_ text: String, _ expected: Int) {
        #expect(TerminalText.width(of: text) == expected)
    }

    @Test func truncationNeverSplitsAClusterAndEndsInAnEllipsis() {
        #expect(TerminalText.truncated("보고서 작성", to: 6) == "보고…")
        #expect(TerminalText.width(of: TerminalText.truncated("보고서 작성", to: 6)) == 5)
        #expect(TerminalText.truncated("กำลังทำ", to: 4) == "กำลั…")  // ลั is one cluster
        #expect(TerminalText.truncated("👨‍👩‍👧👨‍👩‍👧", to: 3) == "👨‍👩‍👧…")
        #expect(TerminalText.truncated("short", to: 5) == "short")
        #expect(TerminalText.truncated("longer", to: 5) == "long…")
        #expect(TerminalText.truncated("anything", to: 1) == "…")
        #expect(TerminalText.truncated("anything", to: 0) == "")
    }

    @Test(arguments: ["보고서 작성", "กำลังทำงาน", "ＡＢＣＤＥＦ", "👨‍👩‍👧🇹🇭x", "e\u{301}e\u{301}e\u{301}", "plain ascii"])
    func fittedTextIsExactlyTheWidth(_ text: String) {
        for width in 1...14 {
            #expect(
                TerminalText.width(of: TerminalText.fitted(text, to: width)) == width, "\(text) in \(width)")
        }
    }
}

@Suite struct TerminalTextVisibleTests {
    @Test(arguments: [
        ("\u{1B}[2J", "␛[2J"),
        ("\u{1B}]52;c;SGVsbG8=\u{07}", "␛]52;c;SGVsbG8=␇"),
        ("a\rb\nc\td", "a␍b␊c␉d"),
        ("del\u{7F}", "del␡"),
        ("c1\u{9B}31m", "c1\\u{9B}31m"),
        ("\u{202E}txt.exe", "\\u{202E}txt.exe"),
        ("\u{2066}iso\u{2069}", "\\u{2066}iso\\u{2069}"),
        ("line\u{2028}sep", "line\\u{2028}sep"),
        ("plain Görev 보고서", "plain Görev 보고서"),
        ("\u{A0}nbsp and \u{2030} permille", "\u{A0}nbsp and \u{2030} permille"),
    ])
    func controlsBecomeVisible(_ text: String, _ expected: String) {
        #expect(TerminalText.visible(text) == expected)
    }

    @Test func guardedOutputKeepsLineBreaksAndColorOnly() {
        let output = "\u{1B}[1;31merror:\u{1B}[0m bad\u{1B}]0;title\u{07}\r\nnext\n"
        #expect(TerminalText.guarded(output) == "\u{1B}[1;31merror:\u{1B}[0m bad␛]0;title␇␍\nnext\n")
        #expect(TerminalText.guarded("\u{1B}[") == "␛[")
    }

    @Test func visibleTextHasNoControlCharacter() {
        var all = ""
        for value in UInt32(0)...0x3000 {
            if let scalar = Unicode.Scalar(value) { all.unicodeScalars.append(scalar) }
        }
        let visible = TerminalText.visible(all)
        for scalar in visible.unicodeScalars {
            #expect(!(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)))
            #expect(!(0x2028...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value))
        }
    }
}

@Suite struct TerminalColorTests {
    @Test(arguments: [
        ([String: String](), true), (["TERM": "xterm-256color"], true), (["NO_COLOR": ""], true),
        (["NO_COLOR": "1"], false), (["TERM": "dumb"], false), (["TERM": "xterm", "NO_COLOR": "yes"], false),
    ])
    func colorRule(environment: [String: String], expected: Bool) {
        #expect(TerminalColor.isEnabled(environment: environment) == expected)
    }
}
