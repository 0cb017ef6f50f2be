import Diagnostics
import Foundation
import Testing

@testable import YAML

@Suite struct StreamedItemsTests {
    /// Takes each item as the loader hands it over, keeping only what the test looks at.
    struct Collector: StreamedItems {
        var key = "widgets"
        var before: [String] = []
        var items: [String] = []
        /// The records each item's storage held when handed over.
        var held: [Int] = []
        var substituted: [Bool] = []

        mutating func willTakeItems(after pairs: [Node.Pair], substitutions: Substitutions) {
            before = pairs.compactMap { $0.key.scalar }
        }

        mutating func take(_ item: Node, substitutions: Substitutions) {
            items.append(item["id"]?.scalar ?? item.scalar ?? "?")
            held.append(item.storage.records.count)
            substituted.append(item["v"].map { substitutions.substitution(of: $0) != nil } ?? false)
        }
    }

    static func stream(_ text: String, environment: [String: String]? = nil) throws -> (
        Collector, StreamedDocument
    ) {
        var collector = Collector()
        let document = try YAMLLoader().load(
            Loading.source(text), streaming: &collector, environment: environment)
        return (collector, document)
    }

    /// Each item is handed over alone: the nodes before it were let go, so what is held does not
    /// grow with the list.
    @Test func itemsAreHandedOverOneAtATimeAndLetGo() throws {
        let items = (0..<200).map { "  - {id: w\($0), kind: K, n: [1, 2, 3]}\n" }.joined()
        let (collector, document) = try Self.stream("appGroup: g\nwidgets:\n" + items + "other: 1\n")
        #expect(document.streamed)
        #expect(collector.before == ["appGroup"])
        #expect(collector.items == (0..<200).map { "w\($0)" })
        #expect(Set(collector.held).count == 1)
        #expect(try #require(collector.held.first) < 20)
        // The document keeps the other keys; the streamed list is empty in it.
        let root = try #require(document.documents.first)
        #expect(root["widgets"]?.count == 0)
        #expect(root["other"]?.scalar == "1")
    }

    /// An item defining an anchor is kept for the aliases after it, merged or whole.
    @Test func anItemWithAnAnchorIsKeptForLaterAliases() throws {
        let text = """
            widgets:
              - id: base
                c: &c {a: 1, b: 2}
              - {id: merged, c: {<<: *c, b: 3}}
              - &w {id: whole}
              - *w
            """
        var collector = Collector()
        struct Merges: StreamedItems {
            var key: String { "widgets" }
            var merged: [String] = []
            mutating func willTakeItems(after pairs: [Node.Pair], substitutions: Substitutions) {}
            mutating func take(_ item: Node, substitutions: Substitutions) {
                if let c = item["c"] {
                    merged.append("\(c["a"]?.scalar ?? "-")\(c["b"]?.scalar ?? "-")")
                } else {
                    merged.append(item["id"]?.scalar ?? "?")
                }
            }
        }
        var merges = Merges()
        _ = try YAMLLoader().load(Loading.source(text), streaming: &merges, environment: nil)
        #expect(merges.merged == ["12", "13", "whole", "whole"])
        _ = try YAMLLoader().load(Loading.source(text), streaming: &collector, environment: nil)
        #expect(collector.items == ["base", "merged", "whole", "whole"])
    }

    /// Variables are substituted in each item as it is handed over, and in an anchored value
    /// merged into a later item.
    @Test func variablesAreSubstitutedItemByItem() throws {
        let text = """
            widgets:
              - {id: a, v: "${X}", d: &d {v: "${X}-d"}}
              - {id: b, v: plain}
              - {id: c, <<: *d}
            """
        struct Values: StreamedItems {
            var key: String { "widgets" }
            var values: [String] = []
            mutating func willTakeItems(after pairs: [Node.Pair], substitutions: Substitutions) {}
            mutating func take(_ item: Node, substitutions: Substitutions) {
                values.append(item["v"]?.scalar ?? "-")
            }
        }
        var values = Values()
        let document = try YAMLLoader().load(
            Loading.source(text), streaming: &values, environment: ["X": "x"])
        #expect(values.values == ["x", "plain", "x-d"])
        #expect(document.diagnostics.isEmpty)
    }

    /// A list not under the key, or under it with an anchor, or in a later document, is composed
    /// whole as usual.
    @Test(arguments: [
        "items:\n  - a\n",
        "widgets: &all\n  - a\nmore: *all\n",
        "<<: {x: 1}\nwidgets:\n  - a\n",
        "widgets: none\n",
        "- widgets\n",
    ])
    func otherListsAreComposedWhole(text: String) throws {
        let (collector, document) = try Self.stream(text)
        #expect(!document.streamed)
        #expect(collector.items.isEmpty)
    }

    /// A syntax error after some items is thrown as usual; the items before it were handed over
    /// (the receiver drops them).
    @Test func anErrorAfterItemsIsThrown() throws {
        var collector = Collector()
        #expect(throws: Diagnostic.self) {
            try YAMLLoader().load(
                Loading.source("widgets:\n  - {id: a}\n  - {id: b\n"), streaming: &collector,
                environment: nil)
        }
        #expect(collector.items == ["a"])
    }
}
