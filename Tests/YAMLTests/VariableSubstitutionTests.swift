import Diagnostics
import Testing
import YAML

/// `${NAME}` in scalar values: substituted, typed again, located, and never in keys.
@Suite struct VariableSubstitutionTests {
    /// The root of `text` after substitution from `environment`, a reader that knows what was
    /// substituted, and the substitution's own diagnostics.
    func load(_ text: String, _ environment: [String: String]) throws -> (Node, NodeReader, [String]) {
        let source = SourceText(name: "v.yaml", bytes: Array(text.utf8))
        let composed = try YAMLLoader().load(source, environment: environment)
        let substituted = try #require(composed.documents.first)
        var reader = NodeReader(source: source)
        reader.substitutions = composed.substitutions
        return (substituted, reader, composed.diagnostics.map(\.description))
    }

    @Test(arguments: [
        ("a: ${X}", ["X": "5"], "5", "an integer"),
        ("a: '${X}'", ["X": "5"], "5", "a string"),
        ("a: ${X}", ["X": "true"], "true", "a boolean"),
        ("a: ${X:-7}", [:], "7", "an integer"),
        ("a: ${X:-7}", ["X": ""], "7", "an integer"),
        ("a: x${X}y${Y}", ["X": "1", "Y": "2"], "x1y2", "a string"),
        ("a: $$${X}", ["X": "1"], "$1", "a string"),
        ("a: cost $5", [:], "cost $5", "a string"),
        ("a: ${X:?why}", ["X": "ok"], "ok", "a string"),
    ])
    func substitutesAndTypes(text: String, environment: [String: String], value: String, kind: String) throws
    {
        let (root, _, problems) = try load(text + "\n", environment)
        #expect(problems.isEmpty)
        let node = try #require(root["a"])
        #expect(node.scalar == value)
        #expect(node.kindDescription == kind)
    }

    @Test(arguments: [
        (
            "a: ${X}",
            "v.yaml:1:4: error: the variable 'X' is not set; set it, or give a default: ${X:-default}"
        ),
        ("a: b ${X:?give X}", "v.yaml:1:6: error: the variable 'X' is required: give X"),
        (
            "a: ${1X}",
            "v.yaml:1:4: error: '1X' is not a variable name (letters, digits and '_', not starting with a digit)"
        ),
        (
            "a: ${X",
            "v.yaml:1:4: error: '${' starts a variable that has no closing '}'; write '$$' for a literal '$'"
        ),
        (
            "a: ${X=1}",
            "v.yaml:1:4: error: 'X=1' is not a variable name (letters, digits and '_', not starting with a digit)"
        ),
    ])
    func problemsAreAtTheVariable(text: String, expected: String) throws {
        let (_, _, problems) = try load(text + "\n", [:])
        #expect(problems.map { String($0.prefix { $0 != "\n" }) } == [expected])
    }

    /// A 100,000-character name is quoted by its first characters, not whole (a 200 KB message).
    @Test func aHugeVariableNameIsQuotedShort() throws {
        let name = String(repeating: "N", count: 100_000)
        let (_, _, problems) = try load("a: ${\(name)}\n", [:])
        let first = try #require(problems.first.map { String($0.prefix { $0 != "\n" }) })
        #expect(
            first
                == "v.yaml:1:4: error: the variable '\(String(repeating: "N", count: 37))...' is not set; set it, "
                + "or give a default: ${\(String(repeating: "N", count: 37))...:-default}")
    }

    @Test func keysAreNeverSubstituted() throws {
        let (root, _, problems) = try load("${K}: ${V}\n", ["K": "k", "V": "v"])
        #expect(problems.isEmpty)
        #expect(root["${K}"]?.scalar == "v")
        #expect(root["k"] == nil)
    }

    @Test func aSubstitutedValueIsReportedAtItsVariableWithItsValue() throws {
        var (root, reader, _) = try load("n: x ${N}\n", ["N": "abc"])
        #expect(reader.int(try #require(root["n"]), named: "n") == nil)
        #expect(
            reader.diagnostics.map(\.description) == [
                "v.yaml:1:6: error: 'n' must be an integer, not a string 'x abc'\nnote: the value 'x abc' comes from ${N}"
            ])
    }

    @Test func withoutADollarNothingIsSubstituted() throws {
        let source = SourceText(name: "v.yaml", bytes: Array("a: 1\n".utf8))
        let composed = try YAMLLoader().load(source, environment: [:])
        #expect(composed.diagnostics.isEmpty)
        let value = try #require(composed.documents.first?["a"])
        #expect(value.scalar == "1")
        #expect(composed.substitutions.substitution(of: value) == nil)
    }
}
