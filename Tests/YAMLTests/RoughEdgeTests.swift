import Diagnostics
import Foundation
import Testing

@testable import YAML

/// The YAML layer's edges found by trying it as a hostile user (issue 17): empty streams, keys JSON
/// cannot hold apart, core tags on the wrong kind of node, numbers without an exact value, and
/// problems inside aliased nodes.
@Suite struct RoughEdgeTests {
    /// A stream of comments, blank lines and `...` markers has no document; libyaml 0.2.5 refuses
    /// the markers alone (test suite HWV9, QT73), the loader does not.
    @Test(arguments: [
        "", "# only a comment\n", "  # c\n   \n\n", "...\n", "# c\n...\n", "...\n... # c\n...\n",
    ])
    func emptyStreamsHaveNoDocument(text: String) throws {
        #expect(try Loading.documents(text).isEmpty)
    }

    @Test(arguments: ["...\na: [\n", "... a\n", "# c\n...\n- [\n"])
    func somethingBesidesEndMarkersIsStillRead(text: String) {
        #expect(Loading.error(text)?.code == .yamlSyntax)
    }

    @Test(arguments: [
        ("1: a\n\"1\": b\n", "2:1", "1:1", "'1' (an integer) (line 1) and '1' (a string)", "'1'"),
        ("null: a\n'null': b\n", "2:1", "1:1", "'null' (null) (line 1) and 'null' (a string)", "'null'"),
        (
            "? [a]\n: 1\n'[\"a\"]': 2\n", "3:1", "1:3", "[...] (a list) (line 1) and '[\"a\"]' (a string)",
            "'[\"a\"]'"
        ),
        (
            "x:\n  y: {true: 1, \"true\": 2}\n", "2:16", "2:7",
            "'true' (a boolean) (line 2) and 'true' (a string)", "'true'"
        ),
    ])
    func keysThatJSONCannotHoldApartAreAClash(
        text: String, at location: String, first: String, keys: String, json: String
    ) throws {
        let documents = try Loading.documents(text)
        let clash = try #require(JSONWriter.keyClash(in: documents[0], source: Loading.source(text)))
        #expect(clash.code == .yamlJSONKeyClash)
        #expect(clash.location?.description == location)
        #expect(
            clash.message
                == "the keys \(keys) are different in YAML but the same key \(json) in JSON; rename or quote one"
        )
        #expect(clash.notes.map { $0.location?.description } == [first])
    }

    @Test(arguments: [
        "1: a\n2: b\n", "a: {1: x}\nb: {'1': y}\n", "[{1: a}, {'1': b}]", "? [a]\n: 1\n? [b]\n: 2\n",
    ])
    func keysThatStayApartInJSONAreNoClash(text: String) throws {
        let documents = try Loading.documents(text)
        #expect(JSONWriter.keyClash(in: documents[0], source: Loading.source(text)) == nil)
    }

    @Test(arguments: [
        ("a: !!str {x: 1}\n", "1:4", "'!!str' tags a scalar, not a mapping"),
        ("a: !!int [1]\n", "1:4", "'!!int' tags a scalar, not a sequence"),
        ("a: !!map [1]\n", "1:4", "'!!map' tags a mapping, not a sequence"),
        ("a: !!seq {x: 1}\n", "1:4", "'!!seq' tags a sequence, not a mapping"),
        ("a: !!seq x\n", "1:4", "'!!seq' tags a sequence, not a scalar"),
        ("a: !!map\n", "1:4", "'!!map' tags a mapping, not a scalar"),
    ])
    func coreTagsOnTheWrongKindOfNodeAreErrors(text: String, location: String, message: String) {
        let error = Loading.error(text)
        #expect(error?.code == .yamlInvalidTaggedValue)
        #expect(error?.location?.description == location)
        #expect(error?.message == message)
    }

    @Test func coreTagsOnTheirOwnKindAreKept() throws {
        #expect(
            try Loading.json("a: !!map {x: !!str 1}\nb: !!seq [!!int 2]\n") == #"{"a":{"x":"1"},"b":[2]}"#)
    }

    @Test(arguments: [
        "1e400", "-1e400", "!!float 1e400", "1.5E+999", "!!float 1\(String(repeating: "0", count: 400))",
    ])
    func floatsNoDoubleHoldsAreErrors(text: String) {
        let error = Loading.error("x: \(text)\n")
        #expect(error?.code == .yamlNumberOutOfRange)
        #expect(error?.location?.description == "1:4")
        #expect(
            error?.message.hasSuffix(
                "is beyond the range of a floating-point number (about ±1.8e308); write .inf for infinity")
                == true)
    }

    @Test func infinityWrittenAsSuchAndTinyFloatsStayNumbers() throws {
        #expect(try Loading.json("[.inf, -.inf, 1e-400, 1e308]") == #"[".inf","-.inf",0.0,1e+308]"#)
    }

    /// Integers of any length are integers with every digit, written in decimal; a `0x` or `0o` one
    /// of more than 4096 digits is refused rather than read as a string.
    @Test func radixIntegersAreExactUpTo4096Digits() throws {
        #expect(CoreSchema.maxRadixDigits == 4096)
        let hex = "0x1" + String(repeating: "0", count: 4095)
        #expect(try Loading.document(hex).tag == .int)
        // 16^4095 ends in ...6 and has 4931 decimal digits.
        let decimal = try Loading.json(hex)
        #expect(decimal.count == 4931)
        #expect(decimal.hasSuffix("6"))
        #expect(try Loading.json("0x" + String(repeating: "F", count: 65)) == "\(BigHex.ones(bits: 260))")
        #expect(
            try Loading.json("!!int 0o" + String(repeating: "7", count: 100)) == "\(BigHex.ones(bits: 300))")
        for text in [
            "0x" + String(repeating: "F", count: 4097), "!!int 0o" + String(repeating: "7", count: 5000),
        ] {
            let error = Loading.error(text)
            #expect(error?.code == .yamlNumberOutOfRange)
            #expect(error?.message.hasSuffix("digits; a 0x or 0o integer has at most 4096") == true)
        }
    }

    /// A megabyte of hexadecimal digits is refused at once, not converted: in about the time a
    /// megabyte string scalar takes to load (converting it would take minutes).
    @Test func aMegabyteRadixIntegerIsRefusedFast() throws {
        let clock = ContinuousClock()
        var error: Diagnostic?
        let refusing = clock.measure {
            error = Loading.error("0x" + String(repeating: "F", count: 1_000_000))
        }
        let loading = try clock.measure {
            _ = try Loading.documents("x" + String(repeating: "F", count: 1_000_000))
        }
        #expect(error?.code == .yamlNumberOutOfRange)
        // Converting would be quadratic: minutes for a million digits. Refusing scans them twice.
        #expect(
            refusing < loading * 20 + .milliseconds(500),
            "refused in \(refusing), a string loads in \(loading)")
    }

    @Test func aNodeReachedThroughAnAliasKnowsTheAlias() throws {
        let document = try Loading.document("a: &x {n: 1}\nb: *x\nc: [*x]\nd: {<<: *x}\n")
        #expect(document.pair(0).value.alias == nil)
        #expect(document.pair(0).value.pair(0).value.alias == nil)
        let b = document.pair(1).value
        #expect(b.alias?.name == "x")
        #expect(b.alias?.location.description == "2:4")
        // Inside the aliased node, the alias is still the way it was reached.
        #expect(b.pair(0).value.alias?.location.description == "2:4")
        #expect(document.pair(2).value.item(0).alias?.location.description == "3:5")
        // A merged pair was reached through the alias of the merge.
        #expect(document.pair(3).value.pair(0).value.alias?.location.description == "4:9")
    }

    @Test func aProblemInsideAnAliasedNodeIsShownAtTheAlias() throws {
        let text = "a: &x {n: abc}\nb: *x\n"
        let document = try Loading.document(text)
        var reader = NodeReader(source: Loading.source(text))
        _ = reader.int(document.pair(1).value.pair(0).value, named: "n")
        #expect(
            reader.diagnostics.map(\.description) == [
                """
                test.yaml:2:4: error: 'n' must be an integer, not a string 'abc'
                test.yaml:1:11: note: the value is here, used through the alias '*x'
                """
            ]
        )
    }

    /// The 20 MB unknown key that took 8.7 s and 725 MB: no "did you mean" for it, and the message
    /// quotes only its beginning.
    @Test func aHugeUnknownKeyIsReportedWithoutADidYouMean() throws {
        let key = String(repeating: "k", count: 2_000_000)
        // An explicit key: libyaml allows at most 1024 characters in an implicit one.
        let text = "? \(key)\n: 1\n"
        let document = try Loading.document(text)
        var reader = NodeReader(source: Loading.source(text))
        _ = reader.entry(document.pair(0), in: "widget", isKnown: { _ in false }, knownKeys: ["kind", "id"])
        // Names longer than 256 characters get no suggestion, however close.
        let long = String(repeating: "a", count: 257)
        #expect(EditDistance.suggestion(for: long + "b", among: [long + "c"]) == nil)
        let short = String(repeating: "a", count: 255)
        #expect(EditDistance.suggestion(for: short + "b", among: [short + "c"]) == short + "c")
        #expect(
            reader.diagnostics.first?.message
                == "unknown key '\(String(repeating: "k", count: 37))...' in 'widget'; expected one of kind, id"
        )
    }
}

/// Decimal text of 2^bits - 1, by repeated doubling in decimal digits (for small cases).
enum BigHex {
    static func ones(bits: Int) -> String {
        var digits: [Int] = [1]  // little-endian decimal, value 1
        for _ in 0..<bits {
            var carry = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        // 2^bits - 1: the last digit of a power of two is never 0.
        digits[0] -= 1
        return digits.reversed().map(String.init).joined()
    }
}
