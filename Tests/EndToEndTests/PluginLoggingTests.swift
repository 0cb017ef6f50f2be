import Foundation
import TestSupport
import Testing

/// Seeing what a plugin does, through the built binary: `--verbose` passes its stderr through,
/// `--trace-plugins FILE` records every message both ways, and a crash keeps its fatal error's
/// first line however long the backtrace after it.
@Suite struct PluginLoggingTests {
    static let widget = #"{"kind": "Chatty", "supportedFamilies": ["systemSmall"]}"#

    static func scratch(onRender: String = "pass") throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try ScratchPlugin.write(
            "chatty", in: scratch, manifest: "kinds: [Chatty]\n", widgets: [Self.widget],
            prelude: "sys.stderr.write('chatty: starting\\n'); sys.stderr.flush()",
            onRender: onRender)
        try scratch.file("widgets.yaml", "widgets:\n  - {id: c, kind: Chatty}\n")
        return scratch
    }

    @Test func verbosePassesEachPluginsStderrThroughPrefixedWithItsName() throws {
        let scratch = try Self.scratch(onRender: "sys.stderr.write('drawing\\x1b[2J\\n'); sys.stderr.flush()")
        let quiet = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store",
        ])
        #expect(quiet.status == 0)
        #expect(!quiet.standardError.contains("chatty: starting"))
        let verbose = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--verbose",
        ])
        #expect(verbose.status == 0, "\(verbose.standardError)")
        #expect(verbose.standardError == "[chatty] chatty: starting\n[chatty] drawing␛[2J\n")
    }

    @Test func tracePluginsWritesEveryMessageBothWaysWithTimestamps() throws {
        let scratch = try Self.scratch()
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--trace-plugins", "trace.log",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try String(contentsOf: scratch.url.appendingPathComponent("trace.log"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(lines)")
        let pattern = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z chatty (->|<-) \{.*\}$/#
        #expect(lines.allSatisfy { $0.wholeMatch(of: pattern) != nil }, "\(lines)")
        #expect(lines.map { $0.contains(" -> ") } == [true, false, true, false])
        #expect(lines[0].contains(#""method":"initialize""#))
        #expect(lines[2].contains(#""method":"timeline""#))
        #expect(lines[3].contains(#""text": "ok""#))
        let bad = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--trace-plugins", "missing/trace.log",
        ])
        #expect(bad.status == 64)
        #expect(bad.firstErrorLine.hasPrefix("Error: cannot write the plugin trace 'missing/trace.log': "))
    }

    @Test func aCrashKeepsTheFirstLineOfItsFatalErrorAsWellAsTheTail() throws {
        let crash = """
            sys.stderr.write('Fatal error: Unexpectedly found nil while unwrapping an Optional value\\n')
            for i in range(60):
                sys.stderr.write(f'#{i} 0x00005555deadbeef in frame {i} at /build/Sources/Plugin/main.swift:{i}\\n')
            sys.stderr.flush(); os._exit(134)
            """
        let scratch = try Self.scratch(onRender: crash)
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 1)
        let object = try JSONText.object(result.standardOutput)
        let widget = try #require((object["widgets"] as? [[String: Any]])?.first)
        let message = try #require((widget["error"] as? [String: Any])?["message"] as? String)
        #expect(
            message.contains(
                "its stderr ended with:\nFatal error: Unexpectedly found nil while unwrapping an Optional value\n…\n"
            ),
            "\(message)")
        #expect(
            message.hasSuffix("#59 0x00005555deadbeef in frame 59 at /build/Sources/Plugin/main.swift:59"))
    }
}
