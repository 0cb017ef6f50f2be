import Diagnostics
import Testing

@testable import YAML

/// Nodes keep character indexes only; their lines and columns are found again from where each
/// line starts. The marks expected here are libyaml 0.2.5's own, as its events give them.
@Suite struct LineStartsTests {
    /// A node's start and end: line, column, index of each.
    typealias Marks = (Int, Int, Int, Int, Int, Int)

    /// An input and the marks of its nodes, in document order (a collection before its contents).
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var marks: [Marks]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // libyaml ends the stream on a line of its own when the last line has no break: the
        // mapping ends there, at the same index as the scalar before it.
        Case(
            name: "no final break", text: "a: b",
            marks: [(1, 1, 0, 2, 1, 4), (1, 1, 0, 1, 2, 1), (1, 4, 3, 1, 5, 4)]),
        Case(
            name: "empty value at the end", text: "key:",
            marks: [(1, 1, 0, 2, 1, 4), (1, 1, 0, 1, 4, 3), (1, 5, 4, 1, 5, 4)]),
        Case(
            name: "block sequence at the end", text: "top:\n  - one\n  - two",
            marks: [
                (1, 1, 0, 4, 1, 20), (1, 1, 0, 1, 4, 3), (2, 3, 7, 4, 1, 20), (2, 5, 9, 2, 8, 12),
                (3, 5, 17, 3, 8, 20),
            ]),
        Case(
            name: "CRLF", text: "- x\r\n- y\r\n",
            marks: [(1, 1, 0, 3, 1, 10), (1, 3, 2, 1, 4, 3), (2, 3, 7, 2, 4, 8)]),
        Case(
            name: "byte order mark", text: "\u{FEFF}a: [1, 2]\n",
            marks: [
                (1, 1, 0, 2, 1, 10), (1, 1, 0, 1, 2, 1), (1, 4, 3, 1, 10, 9), (1, 5, 4, 1, 6, 5),
                (1, 8, 7, 1, 9, 8),
            ]),
        Case(
            name: "line separator, literal, lines without nodes",
            text: "a: \"é\u{2028}x\"\nb: |\n  lit\n\n  eral\n# comment\n\nc: {d: e}",
            marks: [
                (1, 1, 0, 10, 1, 48), (1, 1, 0, 1, 2, 1), (1, 4, 3, 2, 3, 8), (3, 1, 9, 3, 2, 10),
                (3, 4, 12, 7, 1, 28), (9, 1, 39, 9, 2, 40), (9, 4, 42, 9, 10, 48), (9, 5, 43, 9, 6, 44),
                (9, 8, 46, 9, 9, 47),
            ]),
        Case(
            name: "next line", text: "a: b\u{85}c: d\n",
            marks: [
                (1, 1, 0, 3, 1, 10), (1, 1, 0, 1, 2, 1), (1, 4, 3, 1, 5, 4), (2, 1, 5, 2, 2, 6),
                (2, 4, 8, 2, 5, 9),
            ]),
        Case(
            name: "tabs and characters of several bytes", text: "ключ:\tзначение\nx: [éé, {y: z}]\n",
            marks: [
                (1, 1, 0, 3, 1, 31), (1, 1, 0, 1, 5, 4), (1, 7, 6, 1, 15, 14), (2, 1, 15, 2, 2, 16),
                (2, 4, 18, 2, 16, 30), (2, 5, 19, 2, 7, 21), (2, 9, 23, 2, 15, 29), (2, 10, 24, 2, 11, 25),
                (2, 13, 27, 2, 14, 28),
            ]),
        Case(
            name: "comments first", text: "\n\n# c\n  a: 1\n  b:\n",
            marks: [
                (4, 3, 8, 6, 1, 18), (4, 3, 8, 4, 4, 9), (4, 6, 11, 4, 7, 12), (5, 3, 15, 5, 4, 16),
                (5, 5, 17, 5, 5, 17),
            ]),
    ]

    @Test(arguments: cases)
    func marksAreLibYAMLs(_ example: Case) throws {
        let root = try Loading.document(example.text)
        var nodes: [Node] = []
        var stack = [root]
        while let node = stack.popLast() {
            nodes.append(node)
            if node.isSequence {
                stack += (0..<node.count).reversed().map { node.item($0) }
            } else if node.isMapping {
                stack += (0..<node.count).reversed().flatMap { [node.pair($0).value, node.pair($0).key] }
            }
        }
        try #require(nodes.count == example.marks.count)
        for (node, marks) in zip(nodes, example.marks) {
            #expect(node.start == Mark(line: marks.0, column: marks.1, index: marks.2))
            #expect(node.end == Mark(line: marks.3, column: marks.4, index: marks.5))
        }
    }

    /// Composition reports a duplicate key while the lines after it are still unknown.
    @Test func aDuplicateKeyIsReportedAtItsLineAndColumn() throws {
        let diagnostic = try #require(Loading.error("# one\n\nouter:\n  a: 1\n\n  a: 2\nlater: x\n"))
        #expect(diagnostic.code.rawValue == "yaml.duplicate-key")
        #expect(diagnostic.location == SourceLocation(line: 6, column: 3))
    }
}
