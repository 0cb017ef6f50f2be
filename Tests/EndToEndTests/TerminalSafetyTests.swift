import Foundation
import TestSupport
import Testing

/// What reaches a terminal from data: escape sequences (ESC, CSI, OSC 52, BEL), carriage returns,
/// line feeds, C1 controls and bidi overrides coming from a task title, a plugin's text, error and
/// stderr, a widget id, a YAML line, a file name or a command's argument are shown, never sent; JSON
/// keeps every string exactly.
@Suite struct TerminalSafetyTests {
    /// The hostile text: clear the screen, write the clipboard (OSC 52), ring the bell, return to the
    /// start of the line, forge a line, reverse what follows, and a C1 CSI.
    static let hostile = "\u{1B}]52;c;SGVsbG8=\u{07}\u{1B}[2J\r\nforged\u{202E}\u{9B}31m"
    /// The same in a YAML double-quoted scalar.
    static let hostileYAML = #""\e]52;c;SGVsbG8=\a\e[2J\r\nforged\u202E\x9B31m""#
    /// The same in a Python string literal.
    static let hostilePython = #""\x1b]52;c;SGVsbG8=\x07\x1b[2J\r\nforged\u202e\x9b31m""#

    /// The control characters in `bytes` a terminal would act on: C0 but LF, DEL, C1, and the bidi
    /// and separator characters, as `U+XXXX` strings.
    static func controls(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            let isControl =
                (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            if isControl { found.append(String(format: "U+%04X", value)) }
        }
        return found
    }

    static func controls(in text: String) -> [String] {
        controls(in: Array(text.utf8))
    }

    // MARK: - Store titles and widget ids

    /// (A widget id cannot hold a control at all: `ConfigurationLoaderTests.idsWithControlsAreRefused`.)
    @Test func storeTitlesAndWidgetIdsAreShownNotSent() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("tasks.yaml", "tasks:\n  - title: \(Self.hostileYAML)\n    priority: high\n")
        try scratch.file(
            "widgets.yaml",
            "widgets:\n  - id: w\n    kind: TaskWidget\n    family: systemLarge\n")
        let store = ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path]
        #expect(try scratch.widgethost(["store", "import", "tasks.yaml"], environment: store).status == 0)

        let text = try scratch.widgethost(["run", "widgets.yaml"], environment: store)
        #expect(text.status == 0)
        #expect(Self.controls(in: text.standardOutput) == [])
        #expect(text.standardOutput.contains("w · TaskWidget · systemLarge"))
        #expect(text.standardOutput.contains("␛]52;c;SGVsbG8=␇␛[2J␍␊forged"))

        let json = try scratch.widgethost(["run", "widgets.yaml", "--format", "json"], environment: store)
        let widgets = try JSONText.object(json.standardOutput)
        let widget = try #require((widgets["widgets"] as? [[String: Any]])?.first)
        #expect(widget["id"] as? String == "w")
        let entry = try #require(widget["entry"] as? [String: Any])
        let task = try #require((entry["tasks"] as? [[String: Any]])?.first)
        #expect(task["title"] as? String == Self.hostile)

        let export = try scratch.widgethost(["store", "export", "--format", "json"], environment: store)
        #expect(export.standardOutput.contains(#"\u001b]52;c;SGVsbG8=\u0007\u001b[2J\r\nforged"#))
    }

    /// JSON and YAML written for scripts carry the text exactly, and still act on no terminal
    /// they are printed to: DEL, C1 and bidi controls are escaped as `\uXXXX` (JSON may carry them
    /// raw; a terminal would act on them), as C0 controls always were.
    @Test func jsonAndYAMLOutputsActOnNoTerminal() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("tasks.yaml", "tasks:\n  - title: \(Self.hostileYAML)\n    priority: high\n")
        let store = ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path]
        #expect(try scratch.widgethost(["store", "import", "tasks.yaml"], environment: store).status == 0)
        for arguments in [
            ["store", "export"], ["store", "export", "--format", "json"], ["yaml", "tasks.yaml"],
        ] {
            let result = try scratch.widgethost(arguments, environment: store)
            #expect(result.status == 0, "\(arguments)")
            #expect(Self.controls(in: result.standardOutput) == [], "\(arguments)")
            #expect(result.standardOutput.contains(#"forged\u202e\u009b31m"#), "\(arguments)")
        }
        let yaml = try scratch.widgethost(["yaml", "tasks.yaml"])
        let read = try JSONText.object(yaml.standardOutput)
        let task = try #require((read["tasks"] as? [[String: Any]])?.first)
        #expect(task["title"] as? String == Self.hostile)
    }

    // MARK: - Diagnostics: YAML lines and file names

    @Test func yamlLinesAndFileNamesInDiagnosticsAreShownNotSent() throws {
        let scratch = try TemporaryDirectory()
        // A raw ESC in a comment is refused by the parser, which quotes the line.
        let name = "bad\u{1B}]0;title\u{07}.yaml"
        try scratch.file(name, "widgets:\n  - kind: TaskWidget # \u{1B}[2J\u{9B}31m\u{202E}\n")
        let run = try scratch.widgethost(["validate", name])
        #expect(run.status == 65)
        #expect(Self.controls(in: run.standardErrorBytes) == [])
        #expect(run.standardError.contains("bad␛]0;title␇.yaml:2:"))
        #expect(run.standardError.contains("# ␛[2J\\u{9B}31m\\u{202E}"))

        let json = try scratch.widgethost(["validate", name, "--format", "json"])
        #expect(json.standardOutput.contains(#""file":"bad\u001b]0;title\u0007.yaml""#))
    }

    @Test func unknownKindQuotesItsLineVisibly() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("w.yaml", "widgets:\n  - kind: \(Self.hostileYAML)\n")
        let run = try scratch.widgethost(["validate", "w.yaml"])
        #expect(run.status == 65)
        #expect(Self.controls(in: run.standardErrorBytes) == [])
        #expect(
            run.standardError.contains(
                "unknown widget kind '␛]52;c;SGVsbG8=␇␛[2J␍␊forged\\u{202E}\\u{9B}31m'"))
    }

    /// A UTF-16 or UTF-32 configuration's error quotes the decoded line, caret under the column.
    @Test(arguments: [String.Encoding.utf16, .utf16BigEndian, .utf32, .utf32LittleEndian])
    func wideConfigurationsAreQuotedAsText(encoding: String.Encoding) throws {
        let scratch = try TemporaryDirectory()
        let text = "widgets:\n  - id: 보고서\n    kind: TaskWidgt\n"
        try scratch.file("w.yaml", bytes: [UInt8](try #require(text.data(using: encoding))))
        let run = try scratch.widgethost(["validate", "w.yaml"])
        #expect(run.status == 65)
        #expect(
            run.standardError == """
                w.yaml:3:11: error: unknown widget kind 'TaskWidgt'; did you mean 'TaskWidget'?
                    kind: TaskWidgt
                          ^
                1 error

                """)
    }

    /// UTF-16 that cannot be decoded (a lone surrogate) is placed and quoted in the decoded text,
    /// the bad unit shown as U+FFFD: not as raw bytes with their zeros, caret at a byte's column.
    @Test func invalidUTF16IsQuotedAsTheTextItIs() throws {
        let scratch = try TemporaryDirectory()
        func littleEndian(_ text: String) -> [UInt8] {
            text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        }
        let lone: [UInt8] = [0x00, 0xD8]
        let bytes: [UInt8] =
            [0xFF, 0xFE] + littleEndian("widgets:\n  - id: w\n    kind: ") + lone
            + littleEndian("TaskWidget\n")
        try scratch.file("w.yaml", bytes: bytes)
        let run = try scratch.widgethost(["validate", "w.yaml"])
        #expect(run.status == 65)
        #expect(
            run.standardError == """
                w.yaml:3:12: error: invalid UTF-16: expected low surrogate area (at byte offset 62)
                    kind: \u{FFFD}TaskWidget
                           ^
                1 error

                """)
    }

    // MARK: - Command-line arguments

    /// The errors commands word themselves about what they were given (a plugin name, a trace
    /// file, a lock timeout in an option or a variable) show it, never send it: no forged line.
    @Test(arguments: [
        (["plugins", "new", "x" + hostile, "--language", "python"], [String: String]()),
        (["run", "--trace-plugins", "/nonexistent/" + hostile], [:]),
        (["perform", "ToggleFocusModeIntent", "value=true", "--lock-timeout", hostile], [:]),
        (["perform", "ToggleFocusModeIntent", "value=true"], ["WIDGETHOST_LOCK_TIMEOUT": hostile]),
    ])
    func commandErrorsShowWhatTheyQuote(arguments: [String], environment: [String: String]) throws {
        let scratch = try TemporaryDirectory()
        let result = try scratch.widgethost(arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(Self.controls(in: result.standardErrorBytes) == [])
        #expect(!result.standardError.contains("\nforged"))
    }

    @Test func intentArgumentsAndDialogsAreShownNotSent() throws {
        let scratch = try TemporaryDirectory()
        let store = ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path]
        try scratch.initStore()
        let added = try scratch.widgethost(
            ["perform", "AddTaskIntent", "taskName=\(Self.hostile)"], environment: store)
        #expect(added.status == 0)
        #expect(Self.controls(in: added.standardOutput) == [])
        #expect(
            added.standardOutput.hasPrefix(
                "AddTaskIntent: ␛]52;c;SGVsbG8=␇␛[2J␍␊forged\\u{202E}\\u{9B}31m added\n"))

        let json = try scratch.widgethost(
            ["perform", "AddTaskIntent", "taskName=\(Self.hostile)", "--format", "json"], environment: store)
        let object = try JSONText.object(json.standardOutput)
        #expect(object["dialog"] as? String == Self.hostile + " added")

        for arguments in [
            ["perform", "Add\u{1B}[2JTask"], ["perform", "AddTaskIntent", "priority=\u{1B}]0;x\u{07}"],
            ["open", "widgetquickmenu://\u{1B}[2J"], ["run", "--widget", "\u{1B}[2J\nforged"],
            ["run", "--\u{1B}[2J"], ["run", "--at", "\u{9B}2J"],
        ] {
            let run = try scratch.widgethost(arguments, environment: store)
            #expect(run.status != 0)
            #expect(!run.standardError.isEmpty)
            #expect(Self.controls(in: run.standardErrorBytes) == [], "\(arguments)")
        }
    }

    // MARK: - Plugins: text, errors, stderr, names

    static let plugin = ScratchPlugin.script(
        prelude: """
            import os
            H = \(hostilePython)
            """,
        initialize: """
            widgets = [{"kind": k, "supportedFamilies": ["systemMedium"], "parameters": []}
                       for k in ("HostileText", "HostileError", "HostileExit")]
            res = {"protocolVersion": 1, "plugin": {"name": "evil" + H, "version": H}, "widgets": widgets}
            """,
        render: """
            if r["params"]["kind"] == "HostileError":
                err = {"code": -32000, "message": "failed " + H}
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "error": err}), flush=True)
                continue
            if r["params"]["kind"] == "HostileExit":
                sys.stderr.write("dying " + H + "\\n"); sys.stderr.flush(); os._exit(5)
            view = {"type": "vstack", "children": [{"type": "text", "text": H},
                    {"type": "image", "systemName": H}]}
            res = {"entries": [{"date": r["params"]["date"], "data": {"t": H}, "view": view}],
                   "policy": {"policy": "never"}}
            """)

    static func writePlugin(in scratch: TemporaryDirectory) throws {
        try scratch.plugin(
            "hostile", at: "Plugins/hostile", script: plugin,
            manifest: "kinds: [HostileText, HostileError, HostileExit]\n")
        try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - id: text
                kind: HostileText
              - id: error
                kind: HostileError
              - id: exit
                kind: HostileExit

            """)
    }

    @Test func pluginTextErrorsAndStderrAreShownNotSent() throws {
        let scratch = try TemporaryDirectory()
        try Self.writePlugin(in: scratch)
        try scratch.initStore([])
        let text = try scratch.widgethost(["run", "widgets.yaml"])
        #expect(text.status == 1)
        #expect(Self.controls(in: text.standardOutput) == [])
        #expect(Self.controls(in: text.standardErrorBytes) == [])
        #expect(text.standardOutput.contains("│ ␛]52;c;SGVsbG8=␇␛[2J␍␊forged\\u{202E}\\u{9B}31m"))
        #expect(text.standardError.contains("'timeline': failed ␛]52;c;SGVsbG8=␇␛[2J␍␊forged"))
        #expect(text.standardError.contains("dying ␛]52;c;SGVsbG8=␇␛[2J␍␊forged"))
        // Every box line is its family's width, escapes and all.
        for line in text.standardOutput.split(separator: "\n") where line.hasPrefix("│") {
            #expect(line.unicodeScalars.count == 52, "\(line)")
        }

        let json = try scratch.widgethost(["run", "widgets.yaml", "--format", "json", "--widget", "text"])
        let object = try JSONText.object(json.standardOutput)
        let widget = try #require((object["widgets"] as? [[String: Any]])?.first)
        #expect((widget["entry"] as? [String: Any])?["t"] as? String == Self.hostile)

        let check = try scratch.widgethost(["plugins", "check", "--plugins", "Plugins"])
        #expect(Self.controls(in: check.standardOutput) == [])
        #expect(check.standardOutput.contains("evil␛]52;c;SGVsbG8=␇"))
    }
}
