import Foundation
import TestSupport
import Testing

/// `number` parameters of a plugin's widget, through the built binary: bounds may be fractions,
/// any number within them is taken (long integers included, as the nearest double), and a value
/// or default outside them is refused, in the configuration and in the handshake alike.
@Suite struct NumberParameterTests {
    static let widget = """
        {"kind": "Gauge", "supportedFamilies": ["systemSmall"],
         "parameters": [
           {"name": "ratio", "type": "number", "default": 0.5, "minimum": 0.25, "maximum": 7.5},
           {"name": "scale", "type": "number", "default": 1}]}
        """

    private static func scratch(widget: String = widget) throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try ScratchPlugin.write(
            "gauge", in: scratch, manifest: "kinds: [Gauge]\n", widgets: [widget])
        return scratch
    }

    private static func config(_ configuration: String) -> String {
        "widgets:\n  - id: g\n    kind: Gauge\n    configuration: {\(configuration)}\n"
    }

    /// A fractional bound is a bound: its own value is in range, a hair beyond it is not.
    @Test(arguments: [
        ("ratio: 7.5", 0), ("ratio: 0.25", 0), ("ratio: 3", 0), ("ratio: 7.51", 65), ("ratio: 0.2", 65),
        ("scale: 12345678901234567890123", 0), ("scale: -1e300", 0), ("scale: 1e400", 65),
        ("scale: many", 65),
    ])
    func valuesAreCheckedAgainstFractionalBounds(configuration: String, status: Int32) throws {
        let scratch = try Self.scratch()
        try scratch.file("widgets.yaml", Self.config(configuration))
        let run = try scratch.widgethost(["validate", "widgets.yaml", "--plugins", "plugins"])
        #expect(run.status == status, "\(configuration): \(run.standardError)")
        if configuration == "ratio: 7.51" {
            #expect(run.standardError.contains("error: 'ratio' must be at most 7.5, not 7.51"))
        }
        if configuration == "ratio: 0.2" {
            #expect(run.standardError.contains("error: 'ratio' must be at least 0.25, not 0.2"))
        }
    }

    /// What the plugin receives is the number, a long integer as the nearest double.
    @Test func theCheckedValueIsWhatThePluginIsSent() throws {
        let scratch = try Self.scratch()
        try scratch.file("widgets.yaml", Self.config("ratio: 7.5, scale: 12345678901234567890123"))
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--trace-plugins", "trace.log",
            "--format", "json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let trace = try String(contentsOf: scratch.url.appendingPathComponent("trace.log"), encoding: .utf8)
        let timeline = try #require(
            trace.split(separator: "\n").first { $0.contains(#""method":"timeline""#) })
        let message = try JSONText.object(String(timeline[timeline.firstIndex(of: "{")!...]))
        let configuration = try #require(
            (message["params"] as? [String: Any])?["configuration"] as? [String: Any])
        #expect(configuration["ratio"] as? Double == 7.5)
        #expect(configuration["scale"] as? Double == 12345678901234567890123.0)
    }

    @Test func describeAndTheSchemaShowFractionalBounds() throws {
        let scratch = try Self.scratch()
        let describe = try scratch.widgethost(["describe", "Gauge", "--plugins", "plugins"])
        #expect(describe.status == 0, "\(describe.standardError)")
        #expect(describe.standardOutput.contains("number from 0.25 to 7.5"), "\(describe.standardOutput)")
        let schema = try scratch.widgethost(["schema", "--plugins", "plugins"])
        #expect(
            schema.standardOutput.contains(#""minimum" : 0.25"#)
                || schema.standardOutput.contains(#""minimum": 0.25"#))
        #expect(
            schema.standardOutput.contains(#""maximum" : 7.5"#)
                || schema.standardOutput.contains(#""maximum": 7.5"#))
    }

    /// A default outside fractional bounds, and bounds the wrong way round, fail the handshake.
    @Test func theHandshakeChecksNumberBoundsAndDefaults() throws {
        let widget = """
            {"kind": "Gauge", "supportedFamilies": ["systemSmall"],
             "parameters": [
               {"name": "ratio", "type": "number", "default": 8, "minimum": 0.25, "maximum": 7.5},
               {"name": "scale", "type": "number", "minimum": 2.5, "maximum": 0.5},
               {"name": "label", "type": "string", "minimum": 1}]}
            """
        let scratch = try Self.scratch(widget: widget)
        let check = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(check.status == 1)
        #expect(
            check.standardOutput.contains("parameter 'ratio', 'default': 'ratio' must be at most 7.5, not 8"))
        #expect(check.standardOutput.contains("parameter 'scale': the minimum 2.5 is above the maximum 0.5"))
        #expect(
            check.standardOutput.contains(
                "parameter 'label', 'minimum': only an integer or number parameter has a range, not a string")
        )
    }
}
