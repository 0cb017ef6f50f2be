import Foundation
import TestSupport
import Testing

/// `embed-text`, which the EmbedPythonSDK build plugin runs to put the Python SDK into the binary:
/// the build runs it again whenever the tool is relinked (`swift build` and `swift run` each link
/// their own copy), so it must leave an output that already holds the same text untouched, or every
/// `swift run` after a `swift build` recompiles the engine for nothing.
@Suite struct EmbedTextTests {
    static let tool = BuiltProduct.url("embed-text")

    static func embed(_ input: String, _ output: String) throws -> WidgetHostProcess.Result {
        try WidgetHostProcess.run([input, output, "Embedded"], executable: tool)
    }

    static func identity(_ path: String) throws -> [String] {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return [
            "\(attributes[.systemFileNumber] ?? "")",
            "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)",
        ]
    }

    @Test func anUnchangedInputLeavesTheOutputUntouchedAndAChangedOneRewritesIt() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.file("sdk.py", "print(\"\"\"hello\"\"\")\n").path
        let output = scratch.path("Embedded.swift")
        #expect(try Self.embed(input, output).status == 0)
        let first = try String(contentsOfFile: output, encoding: .utf8)
        #expect(first.contains("public enum Embedded {"))
        #expect(first.contains("print(\"\"\"hello\"\"\")"))
        let before = try Self.identity(output)
        // Later than the file system's timestamp granularity, so a rewrite would show.
        usleep(20_000)
        #expect(try Self.embed(input, output).status == 0)
        #expect(try Self.identity(output) == before, "the same text was written again")

        try scratch.file("sdk.py", "print('changed')\n")
        #expect(try Self.embed(input, output).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("print('changed')"))
        #expect(try Self.identity(output) != before)
    }
}
