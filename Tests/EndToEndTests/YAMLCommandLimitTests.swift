import Foundation
import TestSupport
import Testing

/// Hostile YAML is refused quickly, by the limit it breaks.
///
/// The one-second bound is a sanity check that nothing scans the whole hostile input (deep nesting is
/// quadratic in libyaml, a billion laughs expands to 10⁹ nodes): refusals, not benchmarks.
@Suite struct YAMLCommandLimitTests {
    /// A hostile file, how it is run, and the first line of standard error it must give.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var options: [String] = []
        var firstErrorLine: String

        var testDescription: String { name }
    }

    static let billionLaughs =
        "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + (1...8).map { level -> String in
            let name = String(UnicodeScalar(UInt8(97 + level)))
            let previous = String(UnicodeScalar(UInt8(96 + level)))
            let aliases = Array(repeating: "*" + previous, count: 10).joined(separator: ",")
            return "\(name): &\(name) [\(aliases)]\n"
        }.joined()

    static let hostiles: [Hostile] = [
        Hostile(
            name: "flow.yaml",
            text: String(repeating: "[", count: 100_000) + "\n",
            firstErrorLine: "flow.yaml:1:513: error: nesting is deeper than the limit of 512 levels"
        ),
        Hostile(
            name: "sequences.yaml",
            text: String(repeating: "- ", count: 2_000) + "x\n",
            firstErrorLine: "sequences.yaml:1:1025: error: nesting is deeper than the limit of 512 levels"
        ),
        Hostile(
            name: "mappings.yaml",
            text: (0..<2_000).map { String(repeating: "  ", count: $0) + "a:\n" }.joined(),
            firstErrorLine: "mappings.yaml:513:1025: error: nesting is deeper than the limit of 512 levels"
        ),
        Hostile(
            name: "laughs.yaml",
            text: billionLaughs,
            firstErrorLine: "laughs.yaml:6:29: error: aliases expand to more than 1000000 nodes "
                + "(the alias expansion limit); is this a \"billion laughs\" document?"
        ),
        Hostile(
            name: "laughs-small-budget.yaml",
            text: billionLaughs,
            options: ["--max-alias-nodes", "100"],
            firstErrorLine: "laughs-small-budget.yaml:2:35: error: aliases expand to more than 100 nodes "
                + "(the alias expansion limit); is this a \"billion laughs\" document?"
        ),
        Hostile(
            name: "large.yaml",
            text: "a: " + String(repeating: "x", count: 5_000) + "\n",
            options: ["--max-input-size", "1000"],
            firstErrorLine: "large.yaml: error: input is 5004 bytes, over the limit of 1000 bytes"
        ),
        Hostile(
            name: "four-levels.yaml",
            text: "a:\n  b:\n    c:\n      d: 1\n",
            options: ["--max-depth", "3"],
            firstErrorLine: "four-levels.yaml:4:7: error: nesting is deeper than the limit of 3 levels"
        ),
    ]

    @Test(arguments: hostiles)
    func refusesQuickly(hostile: Hostile) throws {
        let scratch = try TemporaryDirectory()
        try scratch.file(hostile.name, hostile.text)
        let run = try WidgetHostProcess.run(
            ["yaml"] + hostile.options + [hostile.name], directory: scratch.url)
        run.expectFailed(65, firstErrorLine: hostile.firstErrorLine)
        #expect(run.duration < .seconds(1))
    }

    @Test func refusesTooLargeStandardInput() throws {
        let input = Array(("a: " + String(repeating: "x", count: 5_000) + "\n").utf8)
        let run = try WidgetHostProcess.run(["yaml", "--max-input-size", "1000"], input: .pipe(input))
        run.expectFailed(65, standardError: "<stdin>: error: input is over the limit of 1000 bytes\n")
    }

    /// A file just within the limit an option sets is read, not refused.
    @Test(arguments: [
        (["--max-depth", "3"], "a:\n  b:\n    c: 1\n", "{\"a\":{\"b\":{\"c\":1}}}\n"),
        (
            ["--max-alias-nodes", "6"], "a: &a [lol, lol]\nb: &b [*a, *a]\n",
            #"{"a":["lol","lol"],"b":[["lol","lol"],["lol","lol"]]}"# + "\n"
        ),
    ])
    func acceptsWhatIsWithinTheLimit(options: [String], text: String, json: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("within.yaml", text)
        let run = try WidgetHostProcess.run(["yaml"] + options + ["within.yaml"], directory: scratch.url)
        run.expectSucceeded(standardOutput: json)
    }
}
