import Foundation
import TestSupport
import Testing

/// A parameter asking for more than the widget's family shows (a TaskWidget's `maxTasks` over its
/// family's rows) is a warning at the value, naming what the family shows; the widget still runs.
@Suite struct FamilyLimitTests {
    @Test func aMaxTasksOverTheFamilysRowsIsAWarningAtItsValue() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - id: small
                kind: TaskWidget
                family: systemSmall
                configuration:
                  maxTasks: 5
              - id: medium
                kind: TaskWidget
                family: systemMedium
                configuration: {maxTasks: 3}
              - id: large
                kind: TaskWidget
                family: systemLarge
                configuration: {maxTasks: 9}

            """)
        let validate = try scratch.widgethost(["validate", "widgets.yaml", "--store", "store"])
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(
            validate.standardError.contains(
                "widgets.yaml:6:17: warning: 'maxTasks' is 5, but a systemSmall TaskWidget shows at most 2; "
                    + "it shows 2 (a larger family shows more)"), "\(validate.standardError)")
        #expect(
            validate.standardError.contains("widgets.yaml:14:31: warning: 'maxTasks' is 9, but a systemLarge")
        )
        #expect(validate.standardError.components(separatedBy: ": warning: ").count == 3)
        let json = try scratch.widgethost([
            "validate", "widgets.yaml", "--store", "store", "--format", "json",
        ])
        #expect(json.standardOutput.contains(#""code":"config.beyond-family""#))
        // It runs, and shows what fits.
        let run = try scratch.widgethost(["run", "widgets.yaml", "--store", "store", "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("'maxTasks' is 5"))
    }

    /// A plugin declares its limits in the handshake (`parameterLimits`), and is held to them alike;
    /// a limit of an unknown family is refused as the handshake's problem.
    @Test func aPluginsDeclaredLimitsWarnAlike() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try ScratchPlugin.write(
            "lister", in: scratch, manifest: "kinds: [Lister]\n",
            widgets: [
                #"{"kind": "Lister", "supportedFamilies": ["systemSmall", "systemLarge"], "#
                    + #""parameters": [{"name": "rows", "title": "Rows", "type": "integer", "default": 1}], "#
                    + #""parameterLimits": {"rows": {"systemSmall": 2, "systemLarge": 6}}}"#
            ])
        try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - {id: few, kind: Lister, family: systemSmall, configuration: {rows: 2}}
              - {id: many, kind: Lister, family: systemSmall, configuration: {rows: 4}}

            """)
        let validate = try scratch.widgethost([
            "validate", "widgets.yaml", "--plugins", "plugins", "--store", "store",
        ])
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(
            validate.standardError.contains(
                "warning: 'rows' is 4, but a systemSmall Lister shows at most 2; it shows 2"),
            "\(validate.standardError)")
        #expect(validate.standardError.components(separatedBy: ": warning: ").count == 2)

        // A limit of a family that does not exist is the handshake's problem, said by `plugins check`.
        try ScratchPlugin.write(
            "odd", in: scratch, manifest: "kinds: [Odd]\n",
            widgets: [
                #"{"kind": "Odd", "supportedFamilies": ["systemSmall"], "#
                    + #""parameters": [{"name": "rows", "title": "Rows", "type": "integer", "default": 1}], "#
                    + #""parameterLimits": {"rows": {"systemHuge": 2}}}"#
            ])
        let check = try scratch.widgethost(["plugins", "check", "--plugins", "plugins/odd"])
        #expect(check.status != 0)
        #expect(
            (check.standardOutput + check.standardError).contains(
                "the widget 'Odd' declares a limit for the unknown family 'systemHuge'"),
            "\(check.standardOutput)\(check.standardError)")
    }

    /// The Python SDK declares them with `limits=` on a widget.
    @Test func aPythonPluginOnTheSDKDeclaresItsLimits() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let folder = try scratch.plugin(
            "pylist", at: "plugins/pylist",
            script: """
                #!/usr/bin/env python3
                import widgethost_plugin as wh

                @wh.widget("PyList", "List", "Rows.", families=["systemSmall", "systemMedium"],
                           rows=wh.integer(1), limits={"rows": {"systemSmall": 2, "systemMedium": 5}})
                def rows(config, context):
                    return wh.entry(context.date, wh.text(str(config.rows)))

                wh.serve("pylist")

                """,
            manifest: "kinds: [PyList]\n")
        try PluginRuntimeTests.linkPythonSDK(into: folder)
        try scratch.file(
            "widgets.yaml",
            "widgets:\n  - {id: l, kind: PyList, family: systemMedium, configuration: {rows: 7}}\n")
        let validate = try scratch.widgethost([
            "validate", "widgets.yaml", "--plugins", "plugins", "--store", "store",
        ])
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(
            validate.standardError.contains(
                "warning: 'rows' is 7, but a systemMedium PyList shows at most 5; it shows 5"),
            "\(validate.standardError)")
    }
}
