import Foundation
import TestSupport
import Testing

/// `widgethost plugins list` and `plugins check` through the built binary: what each prints, and
/// their exit codes (0 all well, 1 a plugin failed its handshake or has no usable manifest, 65 a
/// manifest or declaration error such as two plugins declaring one kind).
@Suite struct PluginsCommandTests {
    static let python = TemporaryDirectory.repositoryURL.appendingPathComponent(
        "Plugins/Examples/python-clock")

    /// The folder `plugins/name` of `scratch`, as widgethost names it.
    static func folder(_ name: String, in scratch: TemporaryDirectory) -> String {
        scratch.url.appendingPathComponent("plugins/\(name)").resolvingSymlinksInPath().path
    }

    /// The first lines `plugins check` prints of the plugin `name` it found in `folder` through
    /// `--plugins`: where it is and what it runs. What its handshake gave follows, indented alike.
    static func checkHeading(_ name: String, folder: String, executable: String) -> String {
        """
        \(name)  \(folder)  (found in --plugins)
          executable: \(folder)/\(executable)

        """
    }

    /// What `plugins check` prints of the plugin `name` (version 1.0) it found in `folder` through
    /// `--plugins` when its handshake succeeds, declaring `kinds` and `intents`.
    static func checkPassed(
        _ name: String, folder: String, executable: String, kinds: String, intents: String
    ) -> String {
        checkHeading(name, folder: folder, executable: executable) + """
              ok: protocol 1, \(name) 1.0
              kinds: \(kinds)
              intents: \(intents)

            """
    }

    @Test func helpListsTheSubcommandsAndWhatAManifestHolds() throws {
        let result = try WidgetHostProcess.run(["plugins", "--help"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                OVERVIEW: Lists, checks, writes and trusts plugins.

                Plugins are folders holding a plugin.yaml (name, executable, optional
                arguments, timeouts, and the kinds and intents it serves), looked for in
                $XDG_DATA_HOME/widgethost/plugins and in each --plugins DIR (a configuration
                also brings the Plugins folder beside it and its plugins: list, whose plugins
                run only once trusted with 'widgethost plugins trust'; list and check take
                those of ./config, or of each --config PATH); never in the current directory.

                USAGE: widgethost plugins <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  list                    Lists the plugins found and any manifest problems,
                                          without running them.
                  check                   Runs each plugin's handshake and reports its kinds,
                                          or why it failed.
                  new                     Writes a new plugin folder that 'plugins check'
                                          passes at once.
                  trust                   Lets the plugins a configuration brings run, as they
                                          are now.
                  untrust                 Forgets that plugins were trusted, so they no longer
                                          run.

                  See 'widgethost help plugins <subcommand>' for detailed help.

                """)
    }

    @Test func checkReportsProtocolKindsAndIntents() throws {
        let scratch = try TemporaryDirectory()
        let result = try scratch.widgethost(["plugins", "check", "--plugins", Self.python.path])
        let folder = Self.python.resolvingSymlinksInPath().path
        result.expectSucceeded(
            standardOutput: Self.checkPassed(
                "python-clock", folder: folder, executable: "clock.py", kinds: "PythonClock",
                intents: "ChimeIntent"))
        let json = try scratch.widgethost([
            "plugins", "check", "--plugins", Self.python.path, "--format", "json",
        ])
        #expect(json.status == 0)
        #expect(
            json.standardOutput.contains(
                #""problems":[],"ok":true,"protocolVersion":1,"kinds":["PythonClock"],"intents":["ChimeIntent"]}"#
            ))
    }

    @Test func checkExitsOneWhenAHandshakeFails() throws {
        let scratch = try TemporaryDirectory()
        try PluginIsolationTests.writePlugin(
            "crashing", kind: "BadWidget", behaviour: "crash-on-start", in: scratch)
        let result = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(result.status == 1)
        let folder = Self.folder("crashing", in: scratch)
        #expect(
            result.standardOutput == Self.checkHeading("crashing", folder: folder, executable: "plugin.py")
                + """
                  failed: plugin 'crashing' exited with status 3 during 'initialize' (after one restart); \
                its stderr ended with:
                    | crash: missing config file

                """)
        // The failure is printed with its plugin, not a second time as a diagnostic.
        #expect(result.standardError == "")
        let json = try scratch.widgethost(["plugins", "check", "--plugins", "plugins", "--format", "json"])
        #expect(json.status == 1)
        #expect(
            json.standardOutput.contains(
                #""ok":false,"error":{"code":"plugin.exited","message":"plugin 'crashing'"#))
    }

    @Test func checkExitsOneForAManifestThatCannotBeUsed() throws {
        let scratch = try TemporaryDirectory()
        let folder = scratch.url.appendingPathComponent("plugins/broken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "name: broken\n".write(
            to: folder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        let result = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("(invalid manifest)"))
        #expect(result.standardError.contains("plugin.yaml:1:1: error: "), "\(result.standardError)")
    }

    @Test func twoPluginsDeclaringOneKindIsADiagnosticNamingBoth() throws {
        let scratch = try TemporaryDirectory()
        try PluginIsolationTests.writePlugin("first", kind: "SameWidget", behaviour: "ok", in: scratch)
        try PluginIsolationTests.writePlugin("second", kind: "SameWidget", behaviour: "ok", in: scratch)
        let first = Self.folder("first", in: scratch)
        let second = Self.folder("second", in: scratch)
        let message =
            "\(second)/plugin.yaml: error: the plugins 'first' (\(first)) and 'second' (\(second)) both "
            + "declare the kind 'SameWidget'\n"
        let check = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(check.status == 65)
        #expect(check.standardError == message)
        try scratch.file("widgets.yaml", "widgets:\n  - {id: same, kind: SameWidget}\n")
        let validate = try scratch.widgethost(["validate", "widgets.yaml", "--plugins", "plugins"])
        #expect(validate.status == 65)
        #expect(validate.standardError.contains(message), "\(validate.standardError)")
    }

    @Test func aHandshakeThatDiffersFromTheManifestFailsNamingTheDifference() throws {
        let scratch = try TemporaryDirectory()
        try PluginIsolationTests.writePlugin("declared", kind: "GoodWidget", behaviour: "ok", in: scratch)
        let manifest = scratch.url.appendingPathComponent("plugins/declared/plugin.yaml")
        try
            "name: declared\nexecutable: plugin.py\nkinds: [GoodWidget, OtherWidget]\nintents: [ChimeIntent]\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        let result = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "  failed: plugin 'declared' does not match its manifest: its manifest's 'kinds' lists "
                    + "'OtherWidget', which its handshake does not declare; its manifest's 'intents' lists "
                    + "'ChimeIntent', which its handshake does not declare"), "\(result.standardOutput)")
        try "name: declared\nexecutable: plugin.py\nkinds: [GoodWidget]\nintents: []\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        let matching = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(matching.status == 0, "\(matching.standardOutput)")
        try "name: declared\nexecutable: plugin.py\nkinds: [GoodWidget, GoodWidget]\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        let twice = try scratch.widgethost(["plugins", "list", "--plugins", "plugins"])
        #expect(twice.status == 65)
        #expect(
            twice.standardError.contains("plugin.yaml:3:21: error: 'GoodWidget' is listed twice in 'kinds'"))
    }

    @Test func listWithNothingFoundSaysWhereItLooked() throws {
        let scratch = try TemporaryDirectory()
        let place = scratch.url.appendingPathComponent("data/widgethost/plugins").path
        let result = try scratch.widgethost(["plugins", "list"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == "No plugins found in \(place); name another folder with --plugins DIR.\n"
        )
        let check = try scratch.widgethost(["plugins", "check"])
        #expect(check.status == 0)
        #expect(check.standardOutput == result.standardOutput)
        // Nowhere to look: neither variable is set.
        let nowhere = try WidgetHostProcess.run(
            ["plugins", "list"], environment: ["HOME": "", "XDG_DATA_HOME": ""], directory: scratch.url)
        #expect(nowhere.status == 0)
        #expect(
            nowhere.standardOutput
                == "No plugins found: no place to look in (XDG_DATA_HOME and HOME are unset, empty or relative); "
                + "name a folder "
                + "with --plugins DIR.\n")
    }
}
