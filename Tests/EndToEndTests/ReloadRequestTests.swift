import Foundation
import TestSupport
import Testing

/// Reload requests across processes, on the binary: an intent performed by one `widgethost`
/// process, `widgethost reload` or `store import` shows up as `reloadRequested` in `run --format
/// json` for the widgets of the kinds asked, until a `watch` evaluates them (`run` only reads); and
/// the stamp file in the container changes with every request, for watchers.
@Suite struct ReloadRequestTests {
    static let roadmap = TapCommandTests.roadmap

    /// `id=reloadRequested` of each widget `run --format json` prints, in config order.
    static func reloadRequested(_ scratch: TemporaryDirectory, _ options: [String] = []) throws -> [String] {
        let run = try scratch.widgethost(["run", "--format", "json", "--store", "store"] + options)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let widgets = try #require(try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]])
        return widgets.map { widget in
            let id = widget["id"] as? String ?? "?"
            switch widget["reloadRequested"] {
            case let flag as Bool: return "\(id)=\(flag)"
            default: return "\(id)=\(JSONText.canonical(widget["reloadRequested"]))"
            }
        }
    }

    /// Performs `arguments` on the store `store`, which must succeed.
    static func perform(_ scratch: TemporaryDirectory, _ arguments: [String]) throws {
        let run = try scratch.widgethost(["perform"] + arguments + ["--store", "store"])
        try #require(run.status == 0, "perform \(arguments): \(run.standardError)")
    }

    static let noneRequested = ["work-tasks=false", "all-tasks=false", "focus=false", "quick-menu=false"]
    static let allRequested = ["work-tasks=true", "all-tasks=true", "focus=true", "quick-menu=true"]

    /// Runs a `watch` of the sample until it has evaluated every widget, then ends it: what a live
    /// host does to pending requests.
    static func watchOnce(_ scratch: TemporaryDirectory) throws {
        let watch = try WatchProcess(
            ["--format", "ndjson", "--store", "store"], in: scratch)
        #expect(watch.wait(for: 4, isWidgetEvent("start")).count == 4)
        #expect(watch.stop() == 0)
    }

    @Test func runReportsRequestsSinceAWatchLastEvaluatedAndConsumesNone() throws {
        let (scratch, _) = try TapCommandTests.sample()

        // The import asked every timeline to reload (reloadAllTimelines), and no watch has
        // evaluated any: every widget has a request, and `run`, which only reads, keeps it.
        #expect(try Self.reloadRequested(scratch) == Self.allRequested)
        #expect(try Self.reloadRequested(scratch) == Self.allRequested)

        // A watch evaluates them all: nothing is pending after.
        try Self.watchOnce(scratch)
        #expect(try Self.reloadRequested(scratch) == Self.noneRequested)

        // A task intent asks for both TaskWidgets, until a watch evaluates them.
        try Self.perform(scratch, ["ToggleTaskIntent", "taskID=\(Self.roadmap)"])
        let tasks = ["work-tasks=true", "all-tasks=true", "focus=false", "quick-menu=false"]
        #expect(try Self.reloadRequested(scratch) == tasks)
        #expect(try Self.reloadRequested(scratch) == tasks)

        // The focus intent (by a tap as by a perform) adds the FocusWidget.
        let tap = try scratch.widgethost(["tap", "focus", "1", "--store", "store"])
        #expect(tap.status == 0)
        #expect(
            try Self.reloadRequested(scratch) == [
                "work-tasks=true", "all-tasks=true", "focus=true", "quick-menu=false",
            ])
        try Self.watchOnce(scratch)
        #expect(try Self.reloadRequested(scratch) == Self.noneRequested)

        // `widgethost reload KIND` and `reload` (every kind), as WidgetCenter from outside.
        #expect(try scratch.widgethost(["reload", "Quickmenu", "--store", "store"]).status == 0)
        #expect(
            try Self.reloadRequested(scratch) == [
                "work-tasks=false", "all-tasks=false", "focus=false", "quick-menu=true",
            ])
        #expect(try scratch.widgethost(["reload", "--store", "store"]).status == 0)
        #expect(try Self.reloadRequested(scratch) == Self.allRequested)
    }

    /// A kind near one widgethost knows is a typo: recorded all the same (a configuration's plugins
    /// may have any kind), with a warning; a kind near none is recorded without one.
    @Test func aTypoOfAKnownKindIsRecordedWithAWarning() throws {
        let (scratch, _) = try TapCommandTests.sample()
        try Self.watchOnce(scratch)
        let typo = try scratch.widgethost(["reload", "Quickmeny", "SomePluginWidget", "--store", "store"])
        #expect(typo.status == 0)
        #expect(
            typo.standardError
                == "warning: no built-in widget or plugin found has the kind 'Quickmeny'; did you mean "
                + "'Quickmenu'? (recorded all the same)\n")
        #expect(try Self.reloadRequested(scratch) == Self.noneRequested)
        let known = try scratch.widgethost(["reload", "Quickmenu", "--store", "store"])
        #expect(known.status == 0)
        #expect(known.standardError.isEmpty)
    }

    /// An empty kind (a variable unset) or one with a control character names no widget: a usage
    /// error, and nothing is recorded.
    @Test(arguments: [
        ("", "Error: A kind cannot be empty (is a variable unset?); give none to reload every kind."),
        (
            "Task\tWidget",
            "Error: The kind 'Task␉Widget' holds a control character; no widget has such a kind."
        ),
    ])
    func aKindNoWidgetCouldHaveIsRefused(kind: String, message: String) throws {
        let (scratch, _) = try TapCommandTests.sample()
        let stamp = scratch.reloadStamp()
        let run = try scratch.widgethost(["reload", "TaskWidget", kind, "--store", "store"])
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix(message + "\n"))
        #expect(scratch.reloadStamp() == stamp)
    }

    @Test func theStampFileHoldsAGrowingGenerationChangedByEveryRequest() throws {
        let (scratch, _) = try TapCommandTests.sample()
        #expect(scratch.reloadStamp() == "1\n", "importing asks every timeline to reload")
        let stamp = scratch.url.appendingPathComponent("store/reload-requests")

        let requests: [[String]] = [
            ["perform", "ToggleTaskIntent", "taskID=\(Self.roadmap)"],
            ["perform", "ToggleFocusModeIntent", "value=true"],
            ["perform", "AddTaskIntent", "taskName=Plan the offsite"],
            ["tap", "focus", "1"],
            ["perform", "CompleteTaskIntent", "taskId=\(Self.roadmap)"],
        ]
        var modified: Date?
        for (index, request) in requests.enumerated() {
            let run = try scratch.widgethost(request + ["--store", "store"])
            #expect(run.status == 0, "\(request): \(run.standardError)")
            #expect(scratch.reloadStamp() == "\(index + 2)\n", "after \(request)")
            let date =
                try FileManager.default.attributesOfItem(atPath: stamp.path)[.modificationDate] as? Date
            if let modified, let date { #expect(date >= modified) }
            modified = date

            // Neither a refused nor a failed intent, nor a run, is a request.
            for unchanged in [
                ["perform", "ToggleTaskIntent", "taskID=6F9619FF-8B86-D011-B42D-00CF4FC964FF"],
                ["perform", "SetTaskCompletionIntent", "taskID=\(Self.roadmap)", "isCompleted=maybe"],
                ["run"],
            ] {
                _ = try scratch.widgethost(unchanged + ["--store", "store"])
                #expect(scratch.reloadStamp() == "\(index + 2)\n", "after \(unchanged)")
            }
        }
    }
}
