import Foundation
import TestSupport
import Testing

/// Reload requests across processes, on the binary: an intent performed by one `widgethost`
/// process shows up as `reloadRequested` in the next `run --format json`, for the widgets of the
/// kinds it reloaded and only until they are evaluated again; and the stamp file in the container
/// changes with every request, for watchers that do not open the database.
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

    @Test func runReportsTheReloadsRequestedSinceEachWidgetWasLastEvaluated() throws {
        let (scratch, _) = try TapCommandTests.sample()

        // Never evaluated: nothing any of them shows can be stale, even after a request.
        try Self.perform(scratch, ["ToggleTaskIntent", "taskID=\(Self.roadmap)"])
        #expect(try Self.reloadRequested(scratch) == Self.noneRequested)

        // A task intent reloads both TaskWidgets, and only until they are evaluated again.
        try Self.perform(scratch, ["ToggleTaskIntent", "taskID=\(Self.roadmap)"])
        #expect(
            try Self.reloadRequested(scratch) == [
                "work-tasks=true", "all-tasks=true", "focus=false", "quick-menu=false",
            ])
        #expect(try Self.reloadRequested(scratch) == Self.noneRequested)

        // The focus intent reloads only the FocusWidget; a tap is a request like a perform.
        try Self.perform(scratch, ["ToggleFocusModeIntent", "value=true"])
        #expect(
            try Self.reloadRequested(scratch) == [
                "work-tasks=false", "all-tasks=false", "focus=true", "quick-menu=false",
            ])
        let tap = try scratch.widgethost(["tap", "focus", "1", "--store", "store"])
        #expect(tap.status == 0)
        #expect(
            try Self.reloadRequested(scratch) == [
                "work-tasks=false", "all-tasks=false", "focus=true", "quick-menu=false",
            ])
        #expect(try Self.reloadRequested(scratch) == Self.noneRequested)

        // Evaluations are per widget id: evaluating work-tasks alone leaves all-tasks' request
        // pending.
        try Self.perform(scratch, ["AddTaskIntent", "taskName=Plan the offsite", "category=work"])
        #expect(try Self.reloadRequested(scratch, ["--widget", "work-tasks"]) == ["work-tasks=true"])
        #expect(
            try Self.reloadRequested(scratch) == [
                "work-tasks=false", "all-tasks=true", "focus=false", "quick-menu=false",
            ])
        #expect(try Self.reloadRequested(scratch) == Self.noneRequested)
    }

    @Test func theStampFileHoldsAGrowingGenerationChangedByEveryRequest() throws {
        let (scratch, _) = try TapCommandTests.sample()
        #expect(scratch.reloadStamp() == nil, "importing asks for no reload")
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
            #expect(scratch.reloadStamp() == "\(index + 1)\n", "after \(request)")
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
                #expect(scratch.reloadStamp() == "\(index + 1)\n", "after \(unchanged)")
            }
        }
    }
}
