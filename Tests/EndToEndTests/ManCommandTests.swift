import Foundation
import TestSupport
import Testing

/// `widgethost man`: a man page generated from the command specs, read by groff and man without
/// a warning.
@Suite struct ManCommandTests {

    static func page() throws -> String {
        let run = try WidgetHostProcess.run(["man"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        return run.standardOutput
    }

    /// docs/cli.md is the reference the binary writes from its command specs, byte for byte: a
    /// command or option added, renamed or reworded shows there (regenerate it with
    /// `widgethost man --format markdown > docs/cli.md`).
    @Test func theRepositorysCommandLineReferenceIsTheGeneratedOne() throws {
        let run = try WidgetHostProcess.run(["man", "--format", "markdown"])
        #expect(run.status == 0)
        let documented = try String(
            contentsOf: TemporaryDirectory.repositoryURL.appendingPathComponent("docs/cli.md"),
            encoding: .utf8)
        #expect(
            run.standardOutput == documented,
            "docs/cli.md is not what 'widgethost man --format markdown' writes; regenerate it")
        for command in [
            "run", "validate", "watch", "serve", "tap", "perform", "store import", "plugins trust",
        ] {
            #expect(documented.contains("## `widgethost \(command)`"), "\(command)")
        }
    }

    @Test func hasEveryCommandAndTheSectionsScriptsRelyOn() throws {
        let page = try Self.page()
        for path in HelpEverywhereTests.commandPaths {
            #expect(page.contains(".SS \"widgethost \(path.joined(separator: " "))\"\n"), "\(path)")
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS"] {
            #expect(page.contains("\n.SH \(section)\n"), "\(section)")
        }
        for section in ["EXIT STATUS", "ENVIRONMENT", "FILES"] {
            #expect(page.contains("\n.SH \"\(section)\"\n"), "\(section)")
        }
        for term in ["64", "65", "WIDGETHOST_STORE", "WIDGETHOST_LOCK_TIMEOUT", "XDG_DATA_HOME"] {
            #expect(
                page.contains(".TP\n\\fB\(term.replacingOccurrences(of: "-", with: "\\-"))\\fR\n"), "\(term)")
        }
        #expect(!page.contains("__complete"))
    }

    @Test
    func groffReadsItWithoutAWarning() throws {
        let scratch = try TemporaryDirectory()
        let file = try scratch.file("widgethost.1", try Self.page())
        let run = try WidgetHostProcess.run(
            ["-man", "-Tutf8", "-ww", "-z", file.path], executable: URL(fileURLWithPath: "/usr/bin/groff"))
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty, "\(run.standardError)")
    }

    @Test
    func manShowsIt() throws {
        let scratch = try TemporaryDirectory()
        let file = try scratch.file("widgethost.1", try Self.page())
        // On standard input: man-db run as root reads files as the user 'man', who may not see
        // the scratch directory.
        let run = try WidgetHostProcess.run(
            ["--warnings", "-l", "-"], input: .file(file),
            environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80", "LC_ALL": "C.UTF-8"],
            executable: URL(fileURLWithPath: "/usr/bin/man"))
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        let text = run.standardOutput.replacingOccurrences(
            of: ".\u{8}", with: "", options: .regularExpression)
        // man justifies lines, so the spaces between words vary with what the synopsis holds.
        let words = text.replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        #expect(words.contains("widgethost perform intent [arguments ...]"))
        #expect(text.contains("EXIT STATUS"))
    }
}
