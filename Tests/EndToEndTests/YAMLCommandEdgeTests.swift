import Foundation
import TestSupport
import Testing

/// `widgethost yaml` on the edges of YAML (issue 17): empty streams, keys JSON cannot hold apart,
/// numbers without an exact value, and the cap on `--max-depth`.
@Suite struct YAMLCommandEdgeTests {
    static let suite = TemporaryDirectory.repositoryURL.appendingPathComponent(
        "Tests/YAMLTests/Fixtures/yaml-test-suite")

    /// The YAML test suite's empty streams (no document, only comments: 8G76, 98YD, AVM7; only
    /// `...`: HWV9, QT73) print nothing and succeed, as their empty `in.json` says.
    @Test(arguments: ["8G76", "98YD", "AVM7", "HWV9", "QT73"])
    func anEmptyStreamPrintsNothing(testCase: String) throws {
        let file = Self.suite.appendingPathComponent("\(testCase)/in.yaml")
        let expected = try String(
            contentsOf: Self.suite.appendingPathComponent("\(testCase)/in.json"), encoding: .utf8)
        #expect(expected.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let run = try WidgetHostProcess.run(["yaml", file.path])
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.isEmpty)
    }

    /// A configuration with no document is still an error: a file that configures nothing is a
    /// mistake, as a wrong path is.
    @Test func aConfigurationWithNoDocumentIsStillAnError() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("widgets.yaml", "# nothing yet\n...\n")
        let run = try WidgetHostProcess.run(["validate", "widgets.yaml"], directory: scratch.url)
        #expect(run.status == 65)
        #expect(run.standardError == "widgets.yaml: error: contains no YAML document\n1 error\n")
    }

    @Test func keysJSONCannotHoldApartAreRefusedAndNothingIsPrinted() throws {
        let run = try WidgetHostProcess.run(
            ["yaml", "-"], input: .pipe(Array("first: {a: 1}\n---\n1: one\n\"1\": also one\n".utf8)))
        run.expectFailed(
            65,
            standardError: """
                <stdin>:4:1: error: the keys '1' (an integer) (line 3) and '1' (a string) are different in YAML but the same key '1' in JSON; rename or quote one
                "1": also one
                ^
                <stdin>:3:1: note: the first key written '1' in JSON

                """)
    }

    @Test(arguments: [
        (
            "x: 1e400\n",
            "<stdin>:1:4: error: the number '1e400' is beyond the range of a floating-point number (about ±1.8e308); write .inf for infinity"
        ),
        ("x: !!str {a: 1}\n", "<stdin>:1:4: error: '!!str' tags a scalar, not a mapping"),
    ])
    func valuesWithoutAnExactMeaningAreRefused(text: String, firstLine: String) throws {
        let run = try WidgetHostProcess.run(["yaml", "-"], input: .pipe(Array(text.utf8)))
        run.expectFailed(65, firstErrorLine: firstLine)
    }

    /// Deep flow nesting costs libyaml time quadratic in the depth: the limit cannot be raised past
    /// where that reaches a second, and a negative value is read as a value and refused as out of
    /// range, not as an unknown option.
    @Test(arguments: [["--max-depth", "6001"], ["--max-depth", "-1"], ["--max-depth=-5"]])
    func maxDepthIsCapped(options: [String]) throws {
        let run = try WidgetHostProcess.run(["yaml"] + options + ["-"], input: .pipe(Array("a: 1\n".utf8)))
        #expect(run.status == 64)
        #expect(run.standardOutput.isEmpty)
        let value = options.count == 2 ? options[1] : "-5"
        #expect(
            run.firstErrorLine
                == "Error: The value '\(value)' is invalid for '--max-depth <levels>': expected an integer from 1 to 6000"
        )
    }

    @Test func theDeepestNestingAllowedLoads() throws {
        let depth = 6000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let scratch = try TemporaryDirectory()
        let file = try scratch.file("deep.yaml", nested + "\n")
        let run = try WidgetHostProcess.run(
            ["yaml", "--max-depth", "\(depth)", file.path], timeout: .seconds(60))
        #expect(run.status == 0)
        #expect(run.standardOutput == nested + "\n")
    }
}
