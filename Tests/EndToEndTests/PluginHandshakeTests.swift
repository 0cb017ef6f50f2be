import Foundation
import TestSupport
import Testing

/// The `initialize` reply checked like a configuration, through the built binary: a plugin making
/// every mistake a new author makes fails its handshake, `plugins check` lists every problem at
/// once, and nothing unchecked is ever sent to it.
@Suite struct PluginHandshakeTests {
    static let sloppyWidget = """
        {"kind": "Sloppy", "families": ["systemSmall"], "supportedFamilies": ["systemSmal"],
         "parameters": [
           {"name": "units", "type": "enum", "cases": ["metric", "imperial"], "default": "kelvin"},
           {"name": "days", "type": "integer", "default": 10, "maximum": 7},
           {"name": "hours", "type": "integer", "minimum": 5, "max": 3, "maximum": 2},
           {"name": "days", "type": "string"},
           {"name": "two words", "type": "strin"}]}
        """

    @Test func everyProblemOfAHandshakeIsReportedAtOnce() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let plugin = try ScratchPlugin.write(
            "sloppy", in: scratch, manifest: "kinds: [Sloppy]\n", widgets: [Self.sloppyWidget])
        let check = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(check.status == 1)
        let folder = PluginsCommandTests.folder("sloppy", in: scratch)
        #expect(
            check.standardOutput
                == PluginsCommandTests.checkHeading("sloppy", folder: folder, executable: "plugin.py") + """
                      failed: plugin 'sloppy' answered 'initialize' wrongly (9 problems):
                        - widget 'Sloppy': unknown key 'families'; did you mean 'supportedFamilies'?
                        - widget 'Sloppy', 'supportedFamilies': "systemSmal" is not a widget family; did you mean 'systemSmall'?
                        - widget 'Sloppy', parameter 'units', 'default': 'units' must be one of metric, imperial, not "kelvin"
                        - widget 'Sloppy', parameter 'days', 'default': 'days' must be at most 7, not 10
                        - widget 'Sloppy', parameter 'hours': unknown key 'max'; did you mean 'maximum'?
                        - widget 'Sloppy', parameter 'hours': the minimum 5 is above the maximum 2
                        - widget 'Sloppy' declares the parameter 'days' twice
                        - widget 'Sloppy', parameter 'two words': the name 'two words' is not an identifier (a letter or _, then letters, digits or _)
                        - widget 'Sloppy', parameter 'two words', 'type': 'strin' is not a parameter type; did you mean 'string'?

                    """,
            "\(check.standardOutput)")

        // A widget of the plugin fails with the same problems; nothing but the handshake was sent.
        try scratch.file(
            "widgets.yaml", "widgets:\n  - {id: s, kind: Sloppy}\n  - {id: f, kind: FocusWidget}\n")
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains(#""code":"plugin.invalid-handshake""#))
        #expect(run.standardOutput.contains("unknown key 'families'; did you mean 'supportedFamilies'?"))
        #expect(run.standardOutput.contains(#""kind":"FocusWidget""#))
        #expect(plugin.starts >= 1)
    }
}
