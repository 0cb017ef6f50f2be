import Diagnostics
import Testing

@testable import YAML

/// Inputs the fuzz targets (Fuzz/, scripts/fuzz) found, each kept with the property it broke.
@Suite struct FuzzFindingTests {
    /// `yaml`, crash-900322ec: a syntax error at the end of an input without a final line break was
    /// reported at a line after the last one (3:1 of two lines), so no line could be quoted.
    @Test func aSyntaxErrorAtTheEndOfTheLastLineIsOnIt() throws {
        let text = "- key: va!!bool item1\n" + String(repeating: "J", count: 72)
        let error = try #require(Loading.error(text))
        #expect(error.code == .yamlSyntax)
        #expect(error.location?.description == "2:73")
        #expect(error.sourceLine == String(repeating: "J", count: 72))
        #expect(error.notes.first?.location?.description == "2:1")
        // With the line break, libyaml's own place is already on a line of the input.
        #expect(Loading.error(text + "\n")?.location?.description == "3:1")
    }

    /// `yaml`, crash-7771a0fa: libyaml counts LS (U+2028), PS and NEL as line breaks, the source's
    /// lines did not, so an error after one was reported on a line of other text, past its end.
    @Test func linesAreCountedAsLibYAMLCountsThem() throws {
        let text = "a\\\u{2028} 1\nc\n d: 1\n"
        let error = try #require(Loading.error(text))
        #expect(error.code == .yamlSyntax)
        #expect(error.location?.description == "4:3")
        #expect(error.sourceLine == " d: 1")
        let source = Loading.source("a\u{85}b\u{2029}c\r\nd\re\u{2028}")
        #expect((1...6).map { source.line($0) } == ["a", "b", "c", "d", "e", ""])
        #expect(source.location(ofByte: 7).description == "3:1")
    }

    /// `store-import`, crash-58b63e27: `---` alone is an empty document, which libyaml places at 2:1
    /// of a one-line input; a problem with it was reported on a line that is not there.
    @Test func anEmptyDocumentAtTheEndIsOnTheLastLine() throws {
        let document = try Loading.document("---")
        var reader = NodeReader(source: Loading.source("---"))
        #expect(reader.string(document, named: "store file") == nil)
        #expect(reader.diagnostics.first?.location?.description == "1:4")
        #expect(reader.diagnostics.first?.sourceLine == "---")
    }
}
