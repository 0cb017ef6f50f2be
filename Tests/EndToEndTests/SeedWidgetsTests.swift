import Foundation
import TestSupport
import Testing

/// The seeds' widget behaviours as the built binary shows them: the JSON views carry the seeds'
/// fonts, colours and strikethrough; `tap` reaches `SetTaskCompletionIntent` through a toggle row;
/// the feedback intent answers false for an unknown id; a small Quickmenu is one tap target.
@Suite struct SeedWidgetsTests {
    /// A scratch directory with the sample tasks in `store` and `widgets.yaml` holding `widgets`.
    static func scratch(_ widgets: String) throws -> TemporaryDirectory {
        let scratch = try RunCommandTests.sample()
        try scratch.file(
            "seeds.yaml",
            """
            appGroup: group.com.example.taskapp
            widgets:
            \(widgets)

            """)
        return scratch
    }

    static func run(_ options: [String], in scratch: TemporaryDirectory) throws -> [[String: Any]] {
        let run = try scratch.widgethost(
            ["run", "seeds.yaml", "--store", "store", "--at", RunCommandTests.at, "--format", "json"]
                + options)
        try #require(run.status == 0, "\(run.standardError)")
        return try RunCommandTests.widgets(run.standardOutput)
    }

    /// The modifiers of every node of `view` whose `text` is `text`.
    static func modifiers(ofText text: String, in view: Any?) -> [String] {
        JSONText.nodes(of: view, type: "text").filter { $0["text"] as? String == text }
            .map { JSONText.canonical($0["modifiers"]) }
    }

    @Test func taskViewsCarryTheSeedsFontsColoursAndStrikethrough() throws {
        let scratch = try Self.scratch(
            "  - {id: tasks, kind: TaskWidget, family: systemLarge, configuration: {category: work, maxTasks: 4}}"
        )
        let widget = try #require(try Self.run([], in: scratch).first)
        let view = widget["view"]
        // Completed: struck through and secondary; pending: not struck, primary.
        #expect(
            Self.modifiers(ofText: "Reply to the security audit email", in: view) == [
                #"[{"style":"subheadline","type":"font"},{"isActive":true,"type":"strikethrough"},"#
                    + #"{"style":"secondary","type":"foregroundStyle"},{"limit":1,"type":"lineLimit"},"#
                    + #"{"transition":"opacity","type":"contentTransition"}]"#
            ])
        #expect(
            Self.modifiers(ofText: "Review the login pull request", in: view) == [
                #"[{"style":"subheadline","type":"font"},{"isActive":false,"type":"strikethrough"},"#
                    + #"{"style":"primary","type":"foregroundStyle"},{"limit":1,"type":"lineLimit"},"#
                    + #"{"transition":"opacity","type":"contentTransition"}]"#
            ])
        // The header: bold headline title, completed/total, the orange badge of what remains.
        #expect(
            Self.modifiers(ofText: "Tasks", in: view)
                == [#"[{"style":"headline","type":"font"},{"type":"fontWeight","weight":"bold"}]"#])
        let entry = try #require(widget["entry"] as? [String: Any])
        let completed = try #require(entry["completedCount"] as? Int)
        let total = try #require((entry["tasks"] as? [Any])?.count)
        #expect(
            JSONText.nodes(of: view, type: "text").contains {
                $0["text"] as? String == "\(completed)/\(total)"
            })
        #expect(entry["allCompleted"] as? Bool == false)
        #expect(entry["isLoading"] as? Bool == false)
        // The roadmap is due 2026-12-01T17:00:00Z: 2 days and 5 hours after the run's clock.
        let due = JSONText.nodes(of: view, type: "text").filter { $0["dateStyle"] as? String == "relative" }
        #expect(due.map { $0["text"] as? String } == ["2 days, 5 hours"])
        #expect(due.map { $0["date"] as? String } == ["2026-12-01T17:00:00Z"])
        // The root: padded, on the seeds' container background.
        #expect(
            JSONText.canonical((view as? [String: Any])?["modifiers"])
                == #"[{"edges":"all","type":"padding"},{"style":"fill.tertiary","type":"containerBackground"}]"#
        )
    }

    @Test func tapOnAToggleRowRunsSetTaskCompletionIntent() throws {
        let scratch = try Self.scratch(
            "  - {id: toggles, kind: TaskWidget, family: systemLarge, configuration: {rowStyle: toggle, priorityFilter: high, category: work}}"
        )
        let before = try #require(try Self.run([], in: scratch).first)
        let toggles = JSONText.nodes(of: before["view"], type: "toggle")
        #expect(toggles.map { $0["isOn"] as? Bool } == [false, false, true])
        #expect(
            JSONText.canonical(toggles.first?["intent"])
                == #"{"parameters":{"isCompleted":true,"taskID":"\#(RunCommandTests.roadmap)"},"#
                + #""type":"SetTaskCompletionIntent"}"#)
        let tap = try scratch.widgethost(
            [
                "tap", "toggles", "1", "seeds.yaml", "--store", "store", "--at", RunCommandTests.at,
                "--format", "json",
            ])
        #expect(tap.status == 0, "\(tap.standardError)")
        let tapped = try JSONText.object(tap.standardOutput)
        #expect(tapped["intent"] as? String == "SetTaskCompletionIntent")
        #expect(tapped["value"] as? Bool == true)
        let after = try #require(try Self.run([], in: scratch).first)
        #expect(
            JSONText.nodes(of: after["view"], type: "toggle").map { $0["isOn"] as? Bool } == [
                true, false, true,
            ])
    }

    @Test func feedbackIntentAnswersFalseForAnUnknownIdAndChangesNothing() throws {
        let scratch = try RunCommandTests.sample()
        let export = try scratch.widgethost(["store", "export", "--format", "json", "--store", "store"])
            .standardOutput
        for id in ["not-a-uuid", "00000000-0000-4000-8000-000000000000"] {
            let run = try scratch.widgethost(
                [
                    "perform", "ToggleTaskWithFeedbackIntent", "taskID=\(id)", "--store", "store", "--format",
                    "json",
                ])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.isEmpty)
            #expect(try JSONText.object(run.standardOutput)["value"] as? Bool == false)
            #expect(
                try scratch.widgethost(["store", "export", "--format", "json", "--store", "store"])
                    .standardOutput
                    == export)
        }
        let run = try scratch.widgethost([
            "perform", "ToggleTaskWithFeedbackIntent", "taskID=\(RunCommandTests.roadmap)", "--store",
            "store",
            "--format", "json",
        ])
        #expect(run.status == 0)
        #expect(try JSONText.object(run.standardOutput)["value"] as? Bool == true)
        #expect(
            try scratch.widgethost(["store", "export", "--format", "json", "--store", "store"]).standardOutput
                != export)
    }

    @Test func aSmallQuickmenuIsOneTapTarget() throws {
        let scratch = try Self.scratch(
            """
              - {id: small, kind: Quickmenu, family: systemSmall}
              - {id: medium, kind: Quickmenu, family: systemMedium}
            """)
        let widgets = try Self.run([], in: scratch)
        try #require(widgets.count == 2)
        let small = try #require(widgets[0]["view"] as? [String: Any])
        #expect(small["url"] as? String == "widgetquickmenu://Home")
        #expect(JSONText.nodes(of: small, type: "link").isEmpty)
        #expect(
            JSONText.nodes(of: widgets[1]["view"], type: "link").map { $0["url"] as? String } == [
                "widgetquickmenu://Home", "widgetquickmenu://Balance", "widgetquickmenu://Transfer",
                "widgetquickmenu://Scan",
            ])
        // The text box says what the one tap does; the medium one numbers its links instead.
        let text = try scratch.widgethost([
            "run", "seeds.yaml", "--store", "store", "--at", RunCommandTests.at,
        ])
        let footers = text.standardOutput.split(separator: "\n").filter { $0.hasPrefix("entry ") }
        #expect(
            footers == [
                "entry 2026-11-29T12:00:00Z · never reloads · reload requested · [1] opens widgetquickmenu://Home",
                "entry 2026-11-29T12:00:00Z · never reloads · reload requested",
            ])
        let tap = try scratch.widgethost(["tap", "small", "1", "seeds.yaml", "--store", "store"])
        #expect(tap.status == 0, "\(tap.standardError)")
        #expect(tap.standardOutput == "opens widgetquickmenu://Home -> Home (tab 0)\n")
        let second = try scratch.widgethost(["tap", "small", "2", "seeds.yaml", "--store", "store"])
        #expect(second.status == 64)
        #expect(second.firstErrorLine == "Error: Widget 'small' has 1 control now; there is no control 2.")
    }
}
