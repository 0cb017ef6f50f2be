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
    ///   - prelude: Python run once at start, before the first message is read (`stderr` writes,
    ///     a crash, a grandchild).
    ///   - onRender: Python run before each `timeline`/`snapshot`/`placeholder` is answered.
    @discardableResult
    static func write(
        _ name: String,
        at path: String,
        in scratch: TemporaryDirectory,
        manifest: String,
        handshake: String,
        view: String = #"{"type": "text", "text": "ok"}"#,
        perform: String = #"{"value": "done"}"#,
        prelude: String = "",
        onRender: String = "pass"
    ) throws -> ScratchPlugin {
        let hook = onRender.replacingOccurrences(of: "\n", with: "\n        ")
        let folder = scratch.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
            #!/usr/bin/env python3
            import json, os, sys
            HERE = os.path.dirname(os.path.abspath(__file__))
            with open(os.path.join(HERE, "starts"), "a") as f:
                f.write("started\\n")
            \(prelude)
            HANDSHAKE = json.loads(\(pythonString(handshake)))
            VIEW = json.loads(\(pythonString(view)))
            PERFORM = json.loads(\(pythonString(perform)))
            for line in sys.stdin:
                r = json.loads(line)
                if "id" not in r:
                    continue
                if r["method"] == "initialize":
                    res = HANDSHAKE
                elif r["method"] == "perform":
                    res = PERFORM
                else:
                    \(hook)
                    res = {"entries": [{"date": r["params"]["date"], "data": {}, "view": VIEW}],
                           "policy": {"policy": "never"}}
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": res}), flush=True)
            """
        let scriptURL = folder.appendingPathComponent("plugin.py")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scriptURL.path)
        try "name: \(name)\nexecutable: plugin.py\n\(manifest)"
            .write(to: folder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        return ScratchPlugin(folder: folder)
    }

    /// A handshake declaring `widgets` (each a JSON object's text) and `intents`.
    static func handshake(_ name: String, widgets: [String], intents: [String] = []) -> String {
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
