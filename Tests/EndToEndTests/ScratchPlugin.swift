import Foundation
import TestSupport

/// A python3 plugin written into a scratch directory for one test: it answers `initialize` with
/// `handshake`, `timeline`/`snapshot`/`placeholder` with one entry showing `view`, and `perform`
/// with `perform`, all given as JSON text. Each start appends a line to `starts` in its folder, so
/// a test can tell whether (and how often) the host ran it.
struct ScratchPlugin {
    /// The plugin's folder.
    var folder: URL

    /// The number of times the plugin was started.
    var starts: Int {
        let text = (try? String(contentsOf: folder.appendingPathComponent("starts"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").count
    }

    /// Writes the plugin `name` into `scratch/path` with `manifest` as its `plugin.yaml` (the
    /// `name:` and `executable:` lines are written before it).
    ///
    /// - Parameters:
    ///   - path: The plugin's folder in `scratch`; `plugins/<name>` when not given.
    ///   - widgets: The widgets (each a JSON object's text) the handshake declares.
    ///   - intents: The intents (each a JSON object's text) the handshake declares.
    ///   - handshake: The reply to `initialize`, when it is not the one ``handshake(_:widgets:intents:)``
    ///     writes of `widgets` and `intents`.
    ///   - prelude: Python run once at start, before the first message is read (`stderr` writes,
    ///     a crash, a grandchild).
    ///   - onRender: Python run before each `timeline`/`snapshot`/`placeholder` is answered.
    @discardableResult
    static func write(
        _ name: String,
        at path: String? = nil,
        in scratch: TemporaryDirectory,
        manifest: String,
        widgets: [String] = [],
        intents: [String] = [],
        handshake: String? = nil,
        view: String = #"{"type": "text", "text": "ok"}"#,
        perform: String = #"{"value": "done"}"#,
        prelude: String = "",
        onRender: String = "pass",
        trusted: Bool = true
    ) throws -> ScratchPlugin {
        let handshake = handshake ?? Self.handshake(name, widgets: widgets, intents: intents)
        let script = Self.script(
            prelude: """
                import os
                HERE = os.path.dirname(os.path.abspath(__file__))
                with open(os.path.join(HERE, "starts"), "a") as f:
                    f.write("started\\n")
                \(prelude)
                HANDSHAKE = json.loads(\(pythonString(handshake)))
                VIEW = json.loads(\(pythonString(view)))
                PERFORM = json.loads(\(pythonString(perform)))
                """,
            initialize: "res = HANDSHAKE",
            perform: "res = PERFORM",
            render: """
                \(onRender)
                res = {"entries": [{"date": r["params"]["date"], "data": {}, "view": VIEW}],
                       "policy": {"policy": "never"}}
                """)
        let folder = try scratch.plugin(
            name, at: path ?? "plugins/\(name)", script: script, manifest: manifest, trusted: trusted)
        return ScratchPlugin(folder: folder)
    }

    /// A python3 plugin speaking JSON-RPC on its standard input and output: `prelude` runs once at
    /// start, then each request is answered with the `res` its block sets: `initialize`, `perform`
    /// (when given; else it goes to `render`) and `render` for anything else. A block may instead
    /// reply itself and `continue`, or exit; notifications are skipped.
    ///
    /// - Parameter prelude: Python after `import json, sys` (more imports, constants, functions).
    static func script(prelude: String = "", initialize: String, perform: String? = nil, render: String)
        -> String
    {
        // An empty line where no `perform` block is given: Python passes over it.
        let performBranch =
            perform.map { "elif r[\"method\"] == \"perform\":\n        \(indented($0))" } ?? ""
        return """
            #!/usr/bin/env python3
            import json, sys
            \(prelude)
            for line in sys.stdin:
                r = json.loads(line)
                if "id" not in r:
                    continue
                if r["method"] == "initialize":
                    \(indented(initialize))
                \(performBranch)
                else:
                    \(indented(render))
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": res}), flush=True)
            """
    }

    /// `code` with its lines after the first indented as a block of the loop in
    /// ``script(prelude:initialize:perform:render:)``.
    private static func indented(_ code: String) -> String {
        code.replacingOccurrences(of: "\n", with: "\n        ")
    }

    /// A handshake declaring `widgets` (each a JSON object's text) and `intents`.
    private static func handshake(_ name: String, widgets: [String], intents: [String] = []) -> String {
        #"{"protocolVersion": 1, "plugin": {"name": "\#(name)", "version": "1"}, "#
            + #""widgets": [\#(widgets.joined(separator: ", "))], "intents": [\#(intents.joined(separator: ", "))]}"#
    }

    /// `text` as a Python string literal.
    private static func pythonString(_ text: String) -> String {
        "'"
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            .replacingOccurrences(of: "\n", with: "\\n") + "'"
    }
}
