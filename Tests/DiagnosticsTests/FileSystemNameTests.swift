import Diagnostics
import Glibc
import TerminalText
import TestSupport
import Testing

/// File names as bytes: every byte string round-trips through the `String` widgethost holds it
/// as, valid UTF-8 is held unchanged, and the raw bytes show as `\xHH`.
@Suite struct FileSystemNameTests {
    @Test(arguments: [
        [UInt8]("widgets.yaml".utf8), [UInt8]("日本語.yaml".utf8), [0x63, 0x61, 0x66, 0xE9],
        [0xFF, 0xFE], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
        // A name that really holds U+10FFE9, the scalar a raw 0xE9 is held as, round-trips too.
        [0x61, 0xF4, 0x8F, 0xBF, 0xA9],
    ])
    func bytesRoundTrip(_ bytes: [UInt8]) {
        let name = FileSystemName.string(fromBytes: bytes)
        #expect(FileSystemName.bytes(of: name) == bytes)
        let viaC = FileSystemName.withCString(name) { pointer in
            Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
        #expect(viaC == bytes)
    }

    @Test func randomByteStringsRoundTrip() {
        var generator = SplitMix64(seed: 0xF11E)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...24, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 1...255, using: &generator) }
            #expect(FileSystemName.bytes(of: FileSystemName.string(fromBytes: bytes)) == bytes)
        }
    }

    @Test func validUTF8IsHeldUnchanged() {
        #expect(FileSystemName.string(fromBytes: Array("café ☕.yaml".utf8)) == "café ☕.yaml")
    }

    @Test func rawBytesShowEscaped() {
        let name = FileSystemName.string(fromBytes: [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x79])
        #expect(TerminalText.visible(name) == "caf\\xE9.y")
        #expect(TerminalText.guarded(name + "\n") == "caf\\xE9.y\n")
        #expect(FileSystemName.escapingRawBytes(name) == "caf\\xE9.y")
        #expect(FileSystemName.escapingRawBytes("plain") == "plain")
    }
}
