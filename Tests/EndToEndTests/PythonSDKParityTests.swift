import Foundation
import TestSupport
import Testing

/// One widget and its intent served by the Swift SDK (`Plugins/Examples/countdown-swift`) and by
/// the Python SDK (`Fixtures/countdown-python`, written on `Plugins/SDK/python`): every command
/// prints the same, byte for byte.
@Suite struct PythonSDKParityTests {
    /// A scratch directory with the two plugins, each in a folder of its own under one name
    /// (`countdown`, so messages naming the plugin agree), and a store for each.
    static func scratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        let swift = WidgetHostProcess.executableURL.deletingLastPathComponent()
            .appendingPathComponent("countdown-swift")
        let python = TemporaryDirectory.repositoryURL
            .appendingPathComponent("Tests/EndToEndTests/Fixtures/countdown-python/countdown.py")
        for (folder, executable) in [("swift", swift), ("python", python)] {
            try scratch.initStore(["--store", "store-\(folder)"])
            try FileManager.default.createDirectory(
                at: scratch.url.appendingPathComponent(folder), withIntermediateDirectories: true)
            try scratch.file(
                "\(folder)/plugin.yaml",
                "name: countdown\nexecutable: \(executable.path)\nkinds: [Countdown]\nintents: [RemindIntent]\n"
            )
        }
        try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - {id: defaults, kind: Countdown}
              - {id: launch, kind: Countdown, configuration: {event: Launch, date: 2026-12-24T00:00:00Z}}
              - {id: offset, kind: Countdown, configuration: {event: Gala, date: "2026-12-24T00:00:00.5+05:30"}}
              - {id: past, kind: Countdown, family: accessoryInline, configuration: {event: Moon, date: 2020-01-01}}
              - {id: near, kind: Countdown, configuration: {event: "Tea ☕", date: 2026-11-29T12:00:01Z}}
            """)
        return scratch
    }

    /// Runs `arguments` once against each plugin, each with its own store.
    static func both(_ arguments: [String], in scratch: TemporaryDirectory) throws -> (
        swift: WidgetHostProcess.Result, python: WidgetHostProcess.Result
    ) {
        func run(_ side: String) throws -> WidgetHostProcess.Result {
            let store = arguments.first == "describe" ? [] : ["--store", "store-\(side)"]
            return try scratch.widgethost(arguments + ["--plugins", side] + store)
        }
        return (try run("swift"), try run("python"))
    }

    @Test(arguments: [
        ["run", "widgets.yaml", "--format", "json", "--at", "2026-11-29T12:00:00Z"],
        ["run", "widgets.yaml", "--format", "json", "--at", "2026-11-29T12:00:00.250Z", "--timeline"],
        ["run", "widgets.yaml", "--format", "ndjson", "--at", "2026-11-29T23:59:59+01:00", "--preview"],
        [
            "run", "widgets.yaml", "--format", "json", "--family", "accessoryInline", "--at",
            "2026-12-30T00:00:00Z",
        ],
        ["run", "widgets.yaml", "--at", "2026-11-29T12:00:00Z"],
        ["describe", "Countdown", "--format", "json"],
        ["describe", "RemindIntent"],
    ])
    func sameOutput(arguments: [String]) throws {
        let scratch = try Self.scratch()
        let (swift, python) = try Self.both(arguments, in: scratch)
        #expect(swift.status == 0, "\(swift.standardError)")
        #expect(python.status == 0, "\(python.standardError)")
        #expect(python.standardOutput == swift.standardOutput)
        #expect(python.standardError == swift.standardError)
        #expect(swift.standardOutput.contains("Countdown") || swift.standardOutput.contains("RemindIntent"))
    }

    /// Both SDKs keep a stack's alignment and spacing (`VStack(alignment: .leading, spacing: 4)`,
    /// `vstack(..., alignment="leading", spacing=4)`) in the view, and the host keeps them too.
    @Test func aStacksAlignmentAndSpacingReachTheJSON() throws {
        let scratch = try Self.scratch()
        let (swift, python) = try Self.both(
            [
                "run", "widgets.yaml", "--format", "json", "--widget", "launch", "--at",
                "2026-11-29T12:00:00Z",
            ],
            in: scratch)
        for side in [swift, python] {
            #expect(side.status == 0, "\(side.standardError)")
            #expect(
                side.standardOutput.contains(
                    #""view":{"type":"vstack","alignment":"leading","spacing":4,"children":["#),
                "\(side.standardOutput)")
        }
    }

    @Test func sameIntentsTapsAndRefusals() throws {
        let scratch = try Self.scratch()
        let runs: [[String]] = [
            ["perform", "RemindIntent", "event=Gala", "days=3", "--format", "json"],
            ["perform", "RemindIntent", "days=30"],
            ["tap", "launch", "1", "widgets.yaml", "--format", "json", "--at", "2026-11-29T12:00:00Z"],
            [
                "run", "widgets.yaml", "--format", "json", "--widget", "launch", "--at",
                "2026-11-29T12:00:00Z",
            ],
        ]
        for arguments in runs {
            let (swift, python) = try Self.both(arguments, in: scratch)
            #expect(swift.status == 0, "\(arguments): \(swift.standardError)")
            #expect(python.standardOutput == swift.standardOutput, "\(arguments)")
            #expect(python.status == swift.status, "\(arguments)")
        }
        let tap = try Self.both(
            ["tap", "launch", "1", "widgets.yaml", "--format", "json", "--at", "2026-11-29T12:00:00Z"],
            in: scratch)
        #expect(
            tap.python.standardOutput
                == #"{"widget":"launch","control":1,"intent":"RemindIntent","value":25,"#
                + #""dialog":"Reminder 25 days before Launch","reloaded":["Countdown"]}"# + "\n",
            "\(tap.python.standardError)")
        #expect(tap.python.standardOutput == tap.swift.standardOutput)
        // A value the intent refuses, and one the host refuses before sending anything.
        for arguments in [["perform", "RemindIntent", "event="], ["perform", "RemindIntent", "days=31"]] {
            let (swift, python) = try Self.both(arguments, in: scratch)
            #expect(swift.status == 65, "\(arguments): \(swift.standardError)")
            #expect(python.status == 65, "\(arguments)")
            #expect(python.standardError == swift.standardError, "\(arguments)")
        }
    }
}
