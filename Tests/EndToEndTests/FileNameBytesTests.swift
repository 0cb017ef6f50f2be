import Foundation
import TestSupport
import Testing

/// File names that are not UTF-8 (valid on Linux: a name is bytes) are read like any other, as an
/// argument and in a configuration directory, and shown escaped (`\xE9`) in text and JSON.
@Suite struct FileNameBytesTests {
    /// Runs `script` in `sh` with `$WIDGETHOST` the built binary, in a fresh directory holding a
    /// store; the script makes its files with `printf`, so their names can be any bytes.
    private static func shell(_ script: String) throws -> WidgetHostProcess.Result {
        let scratch = try TemporaryDirectory()
        try scratch.importTasks("tasks:\n  - title: Write the report\n    priority: high\n")
        return try WidgetHostProcess.runShell(
            script,
            environment: scratch.widgethostEnvironment([
                "WIDGETHOST": WidgetHostProcess.executableURL.path,
                "WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path,
            ]),
            directory: scratch.url)
    }

    private static let widget =
        #"printf 'widgets:\n  - id: focus\n    kind: FocusWidget\n' > "$(printf 'caf\351.yaml')"; "#

    @Test func aLatin1FileNameGivenAsAnArgumentIsRead() throws {
        let run = try Self.shell(Self.widget + #""$WIDGETHOST" validate "$(printf 'caf\351.yaml')""#)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "caf\\xE9.yaml: 1 widget, valid\n")
    }

    @Test func aRunOfItPrintsItsWidget() throws {
        let run = try Self.shell(
            Self.widget
                + #""$WIDGETHOST" run "$(printf 'caf\351.yaml')" --at 2026-11-29T12:00:00Z --format json"#)
        #expect(run.status == 0, "\(run.standardError)")
        let widgets = try #require(try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]])
        #expect(widgets.map { $0["id"] as? String } == ["focus"])
    }

    /// In a directory the name is listed, sorted by its bytes, read, and named escaped in
    /// diagnostics, in text and in JSON (which can hold only Unicode text).
    @Test func aDirectoryEntryThatIsNotUTF8IsReadAndShownEscaped() throws {
        let run = try Self.shell(
            #"mkdir conf; printf 'widgets: [\n' > "conf/$(printf 'b\377.yaml')"; "#
                + #"printf 'widgets:\n  - kind: FocusWidget\n' > conf/a.yaml; "#
                + #""$WIDGETHOST" validate conf; echo "status $?"; "#
                + #""$WIDGETHOST" validate conf --format json 2>/dev/null"#)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "status 65")
        #expect(run.standardError.contains("conf/b\\xFF.yaml:2:1: error: did not find expected node content"))
        #expect(!run.standardError.contains("\u{FFFD}"))
        let document = try JSONText.object(String(lines[1]))
        #expect(document["files"] as? [String] == ["conf/a.yaml", "conf/b\\xFF.yaml"])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["file"] as? String == "conf/b\\xFF.yaml")
    }

    /// A missing file whose name is not UTF-8 is named as it was given, escaped.
    @Test func aMissingNameIsShownEscaped() throws {
        let run = try Self.shell(#""$WIDGETHOST" validate "$(printf 'nope\351.yaml')""#)
        #expect(run.status == 65)
        #expect(run.standardError == "nope\\xE9.yaml: error: no such file or directory\n1 error\n")
    }

    /// An `include:` glob finds a file whose name is not UTF-8 and reads it.
    @Test func anIncludeGlobFindsANameThatIsNotUTF8() throws {
        let run = try Self.shell(
            #"mkdir parts; printf 'widgets:\n  - id: focus\n    kind: FocusWidget\n' > "parts/$(printf 'caf\351.yaml')"; "#
                + #"printf 'include: parts/*.yaml\n' > main.yaml; "#
                + #""$WIDGETHOST" run main.yaml --at 2026-11-29T12:00:00Z --format json"#)
        #expect(run.status == 0, "\(run.standardError)")
        let widgets = try #require(try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]])
        #expect(widgets.map { $0["id"] as? String } == ["focus"])
    }
}
