import Testing

@testable import YAML

@Suite struct NodeStorageTests {
    /// A configuration of 20,000 widgets composes to some 360,000 nodes: each byte of a record
    /// is a third of a megabyte held while it loads.
    @Test func aRecordIsTwentyFourBytes() {
        #expect(MemoryLayout<NodeRecord>.stride == 24)
    }

    /// Anchors are kept beside the records, by record: on scalars and collections, seen through
    /// aliases and through substitution, and on no other node.
    @Test func anchorsAreFoundBesideTheRecords() throws {
        let text = "base: &b {k: &v x}\nlist: &l [*b, y, &z \"${HOME}\"]\nuse: *l\n"
        let root = try Loading.document(text)
        let substituted = try #require(
            try YAMLLoader().load(Loading.source(text), environment: ["HOME": "/h"]).documents.first)
        for document in [root, substituted] {
            #expect(document.anchor == nil)
            #expect(document["base"]?.anchor == "b")
            #expect(document["base"]?["k"]?.anchor == "v")
            #expect(document["list"]?.anchor == "l")
            #expect(document["list"]?.item(0).anchor == "b")
            #expect(document["list"]?.item(1).anchor == nil)
            #expect(document["list"]?.item(2).anchor == "z")
            #expect(document["use"]?.anchor == "l")
            #expect(document.pair(0).key.anchor == nil)
        }
        #expect(substituted["list"]?.item(2).scalar == "/h")
    }
}
