import Diagnostics
import Testing
import YAML

@Suite struct YAMLLimitsTests {
    @Test func defaults() {
        let limits = YAMLLimits()
        #expect(limits.maxDepth == 512)
        #expect(limits.maxAliasExpansion == 1_000_000)
        #expect(limits.maxInputSize == 64 << 20)
        #expect(YAMLLoader().limits == limits)
    }

    // MARK: - Depth

    static let depthThree = YAMLLimits(maxDepth: 3)

    @Test(arguments: [
        "[[[x]]]",
        "{a: [{b: x}]}",
        "a:\n  b:\n    c: x\n",
        "- - - x\n",
        "- b: [x, y]\n",
        "[[[x]], [[y]], [[z]]]",
    ])
    func depthAtTheLimitLoads(text: String) throws {
        // The same document as without the limit: a limit only refuses, it never cuts.
        #expect(try Loading.json(text, limits: Self.depthThree) == Loading.json(text))
    }

    @Test(arguments: [
        ("[[[[x]]]]", 1, 4),
        ("{a: [{b: [x]}]}", 1, 10),
        ("a:\n  b:\n    c:\n      d: x\n", 4, 7),
        ("- - - - x\n", 1, 7),
        ("- b: [x, [y]]\n", 1, 10),
        ("[[[x]], [[y]], [[[z]]]]", 1, 18),
    ])
    func depthOverTheLimitFailsAtTheOpener(text: String, line: Int, column: Int) throws {
        try Loading.expectError(
            text, limits: Self.depthThree, code: "yaml.depth-limit", line: line, column: column,
            message: "nesting is deeper than the limit of 3 levels")
    }

    @Test func defaultDepthBoundary() throws {
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try Loading.document(atLimit)
        let overLimit = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        try Loading.expectError(
            overLimit, code: "yaml.depth-limit", line: 1, column: 513,
            message: "nesting is deeper than the limit of 512 levels")
    }

    /// libyaml alone takes over a minute on this input; the depth check stops it at level 513.
    @Test(arguments: ["[", "{a: ", "- "])
    func hundredThousandOpenersAreRefusedFast(opener: String) throws {
        let text = String(repeating: opener, count: 100_000)
        let clock = ContinuousClock()
        var diagnostic: Diagnostic?
        let elapsed = clock.measure { diagnostic = Loading.error(text) }
        let found = try #require(diagnostic)
        #expect(found.code.rawValue == "yaml.depth-limit")
        #expect(found.location == SourceLocation(line: 1, column: 512 * opener.count + 1))
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
    }

    // MARK: - Aliases

    /// Nine levels of nine aliases each: 9^9 (387 million) nodes once expanded.
    static let billionLaughs: String = {
        let names = "abcdefghi".map(String.init)
        var lines = ["a: &a [" + Array(repeating: "x", count: 9).joined(separator: ",") + "]"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",")
                    + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func billionLaughsIsRefused() throws {
        let clock = ContinuousClock()
        var diagnostic: Diagnostic?
        let elapsed = clock.measure { diagnostic = Loading.error(Self.billionLaughs) }
        let found = try #require(diagnostic)
        #expect(found.code.rawValue == "yaml.alias-budget")
        // a=10 nodes, b=91, c=820, d=7381, e=66430, f=597871: by the first *f the aliases have
        // expanded to 672,588 + 597,871 nodes, over the million.
        #expect(found.location == SourceLocation(line: 7, column: 8))
        #expect(
            found.message
                == "aliases expand to more than 1000000 nodes (the alias expansion limit); "
                + "is this a \"billion laughs\" document?"
        )
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
    }

    /// A document whose aliases reach `nodes` nodes loads with that budget, and fails with one
    /// node less at the alias that goes over it.
    @Test(arguments: [
        // Each *a reaches three nodes (the list and its two items): six in all.
        ("a: &a [x, x]\nb: [*a, *a]\n", 6, 2, 9),
        // A scalar alias counts one node.
        ("a: &a x\nb: [*a, *a, *a]\n", 3, 2, 13),
        // b holds two copies of a (3 nodes each) plus itself: *b reaches 7 nodes, after 6 for b.
        ("a: &a [x, x]\nb: &b [*a, *a]\nc: *b\n", 13, 3, 4),
    ])
    func aliasBudgetBoundary(text: String, nodes: Int, line: Int, column: Int) throws {
        _ = try Loading.document(text, limits: YAMLLimits(maxAliasExpansion: nodes))
        let diagnostic = try #require(Loading.error(text, limits: YAMLLimits(maxAliasExpansion: nodes - 1)))
        #expect(diagnostic.code.rawValue == "yaml.alias-budget")
        #expect(diagnostic.location == SourceLocation(line: line, column: column))
        #expect(diagnostic.message.hasPrefix("aliases expand to more than \(nodes - 1) nodes"))
    }

    @Test func aliasBudgetIsPerDocument() throws {
        let document = "a: &a [x, x]\nb: [*a, *a]\n"
        let documents = try Loading.documents(
            document + "---\n" + document, limits: YAMLLimits(maxAliasExpansion: 6))
        #expect(documents.count == 2)
    }

    // MARK: - Input size

    @Test func inputSizeBoundary() throws {
        let limits = YAMLLimits(maxInputSize: 10)
        #expect(try Loading.json("a: 1234567", limits: limits) == #"{"a":1234567}"#)
        let diagnostic = try #require(Loading.error("a: 12345678", limits: limits))
        #expect(diagnostic.code.rawValue == "yaml.input-too-large")
        #expect(diagnostic.file == "test.yaml")
        #expect(diagnostic.location == nil)
        #expect(diagnostic.message == "input is 11 bytes, over the limit of 10 bytes")
    }
}
