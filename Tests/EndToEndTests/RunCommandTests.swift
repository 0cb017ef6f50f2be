import Foundation
import TestSupport
import Testing

/// `widgethost run`, run as a binary on the sample configuration and on configurations of its own,
/// each test with its own temporary store: the boxes drawn, the JSON contract, every option, the
/// TaskWidget's filters, and failures before and while running.
@Suite struct RunCommandTests {
    /// The clock every run reads.
    static let at = "2026-11-29T12:00:00Z"

    /// Ids of the sample tasks (config/data/tasks.yaml), by what they are.
    static let roadmap = "0EBD2090-C844-442D-82AC-2583D6834FA5"
    static let loginReview = "42A93937-ACFF-439C-ACE2-EB577878E925"
    static let standup = "26965145-2A4E-4552-8990-65E532EC4905"
    static let dentist = "CCB706E4-E249-4CAC-BB78-10525325755D"

    /// `run` of the sample configuration on the sample tasks, as text.
    static let sampleText = """
        work-tasks · TaskWidget · systemMedium
        ╭──────────────────────────────────────────────────╮
        │ ☰ Tasks                                    0/2 2 │
        │ [1] ○ Finish the Q3 roadmap slides             ! │
        │ [2] ○ Review the login pull request            ! │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        ╰──────────────────────────────────────────────────╯
        entry 2026-11-29T12:00:00Z · reloads 2026-11-29T12:15:00Z · reload requested

        all-tasks · TaskWidget · systemLarge
        ╭──────────────────────────────────────────────────╮
        │ ☰ Tasks                                    0/4 4 │
        │ [1] ○ Finish the Q3 roadmap slides 2 days, 5 … ! │
        │ [2] ○ Review the login pull request            ! │
        │ [3] ○ Prepare the standup notes                − │
        │ [4] ○ Book a dentist appointment               − │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        ╰──────────────────────────────────────────────────╯
        entry 2026-11-29T12:00:00Z · reloads 2026-11-29T12:15:00Z · reload requested

        focus · FocusWidget · systemSmall
        ╭──────────────────────────╮
        │ ☽                        │
        │ Focus Off                │
        │ [1] ○ off                │
        │                          │
        │                          │
        │                          │
        │                          │
        │                          │
        ╰──────────────────────────╯
        entry 2026-11-29T12:00:00Z · never reloads · reload requested

        quick-menu · Quickmenu · systemMedium
        ╭──────────────────────────────────────────────────╮
        │ Quick Menu                                       │
        │ [1] ⌂ Home ↗ [2] ▭ Balance ↗ [3] ⇄ Transfer ↗    │
        │ [4] ▦ Scan ↗                                     │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        │                                                  │
        ╰──────────────────────────────────────────────────╯
        entry 2026-11-29T12:00:00Z · never reloads · reload requested

        """

    /// The sample's TaskWidget and Quickmenu drawn with `--family systemSmall`: two task rows, and
    /// the menu items as labels (a small widget is one tap target: `tap ID 1` opens the first tab).
    static let smallText = """
        work-tasks · TaskWidget · systemSmall
        ╭──────────────────────────╮
        │ ☰ Tasks                2 │
        │ [1] ○ Finish the Q3 roa… │
        │ [2] ○ Review the login … │
        │                          │
        │                          │
        │                          │
        │                          │
        │                          │
        ╰──────────────────────────╯
        entry 2026-11-29T12:00:00Z · reloads 2026-11-29T12:15:00Z · reload requested

        quick-menu · Quickmenu · systemSmall
        ╭──────────────────────────╮
        │ Quick Menu               │
        │ ⌂ Home ▭ Balance         │
        │ ⇄ Transfer ▦ Scan        │
        │                          │
        │                          │
        │                          │
        │                          │
        │                          │
        ╰──────────────────────────╯
        entry 2026-11-29T12:00:00Z · never reloads · reload requested · [1] opens widgetquickmenu://Home

        """

    /// `work-tasks` drawn with `--family accessoryInline --timeline`: a compact count, then the
    /// timeline listing.
    static let inlineTimelineText = """
        work-tasks · TaskWidget · accessoryInline
        ╭──────────────────────────────────╮
        │ 2 tasks left                     │
        ╰──────────────────────────────────╯
        entry 2026-11-29T12:00:00Z · reloads 2026-11-29T12:15:00Z · reload requested
        timeline: 1 entry, reloads 2026-11-29T12:15:00Z
         * 2026-11-29T12:00:00Z  {"tasks":[{"id":"0EBD2090-C844-442D-82AC-2583D6834FA5","title":"Finish the Q3 roadmap slides","isCompleted":false,"priority":"high","category":"work","dueDate":"2026-12-01T17:00:00Z"},{"id":"42A93937-ACFF-439C-ACE2-EB577878E925","title":"Review the login pull request","isCompleted":false,"priority":"high","category":"work","dueDate":null}],"completedCount":0,"pendingCount":2,"highPriorityCount":2,"allCompleted":false,"isLoading":false}

        """

    /// The sample's widget boxes, each with its newline, in configuration order.
    static var sampleBoxes: [String] {
        sampleText.dropLast().components(separatedBy: "\n\n").map { $0 + "\n" }
    }

    /// The usage lines after every usage error of `run`.
    static let usageLines = """
        Usage: widgethost run [<config> ...] [<options>]
          See 'widgethost run --help' for more information.

        """

    /// A scratch directory holding the sample configuration (`widgets.yaml`) and a store (`store`)
    /// with the sample tasks imported.
    static func sample() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        try scratch.copy(repositoryFile: "config/data/tasks.yaml", as: "tasks.yaml")
        try importTasks("tasks.yaml", in: scratch)
        return scratch
    }

    /// Imports the tasks file `name` into the scratch directory's store `store`.
    static func importTasks(_ name: String, in scratch: TemporaryDirectory) throws {
        let imported = try scratch.widgethost(["store", "import", name, "--store", "store"])
        guard imported.status == 0 else {
            throw WidgetHostProcess.SetupError(description: "store import failed: \(imported.standardError)")
        }
    }

    /// `run` of `widgets.yaml` at ``at`` on the store `store`, with `options` added.
    static func run(_ options: [String], in scratch: TemporaryDirectory) throws -> WidgetHostProcess.Result {
        try scratch.widgethost(["run", "widgets.yaml", "--store", "store", "--at", at] + options)
    }

    /// `run` with `options` (as ``run(_:in:)``) in a new ``sample()`` directory.
    static func runOnSample(_ options: [String]) throws -> WidgetHostProcess.Result {
        try run(options, in: try sample())
    }

    /// The `widgets` array of a `run --format json` output.
    static func widgets(_ output: String) throws -> [[String: Any]] {
        try #require(try JSONText.object(output)["widgets"] as? [[String: Any]])
    }

    // MARK: - The sample configuration

    @Test func sampleAsText() throws {
        let run = try Self.runOnSample([])
        run.expectSucceeded(standardOutput: Self.sampleText)
        #expect(Self.sampleBoxes.count == 4)
    }

    @Test func sampleAsJSONFollowsTheContract() throws {
        let run = try Self.runOnSample(["--format", "json"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.hasSuffix("}\n"))
        // The members come in the documented order.
        #expect(
            run.standardOutput.hasPrefix(
                #"{"widgets":[{"id":"work-tasks","kind":"TaskWidget","family":"systemMedium","#
                    + #""date":"2026-11-29T12:00:00Z","entry":{"tasks":[{"id":"\#(Self.roadmap)","#
                    + #""title":"Finish the Q3 roadmap slides","isCompleted":false,"priority":"high","#
                    + #""category":"work","dueDate":"2026-12-01T17:00:00Z"},"#))
        let document = try JSONText.object(run.standardOutput)
        #expect(Array(document.keys) == ["widgets"])
        let widgets = try Self.widgets(run.standardOutput)
        #expect(widgets.map { $0["id"] as? String } == ["work-tasks", "all-tasks", "focus", "quick-menu"])
        #expect(
            widgets.map { $0["kind"] as? String } == ["TaskWidget", "TaskWidget", "FocusWidget", "Quickmenu"])
        #expect(
            widgets.map { $0["family"] as? String }
                == ["systemMedium", "systemLarge", "systemSmall", "systemMedium"])
        for widget in widgets {
            let keys = Set(widget.keys)
            #expect(
                keys.isSuperset(of: ["id", "kind", "family", "date", "entry", "view", "reload"]), "\(keys)")
            #expect(!keys.contains("error") && !keys.contains("timeline"), "\(keys)")
            #expect(widget["date"] as? String == Self.at)
        }
        let after = #"{"date":"2026-11-29T12:15:00Z","policy":"after"}"#
        let never = #"{"policy":"never"}"#
        #expect(widgets.map { JSONText.canonical($0["reload"]) } == [after, after, never, never])
    }

    @Test func taskWidgetEntriesAndButtons() throws {
        let widgets = try Self.widgets(try Self.runOnSample(["--format", "json"]).standardOutput)
        try #require(widgets.count == 4)
        // work-tasks: high, not completed, work, at most 3.
        #expect(
            JSONText.canonical(widgets[0]["entry"])
                == #"{"allCompleted":false,"completedCount":0,"highPriorityCount":2,"isLoading":false,"#
                + #""pendingCount":2,"tasks":["#
                + #"{"category":"work","dueDate":"2026-12-01T17:00:00Z","id":"\#(Self.roadmap)","#
                + #""isCompleted":false,"priority":"high","title":"Finish the Q3 roadmap slides"},"#
                + #"{"category":"work","dueDate":null,"id":"\#(Self.loginReview)","isCompleted":false,"#
                + #""priority":"high","title":"Review the login pull request"}]}"#)
        // all-tasks: every priority and category, not completed, at most 4, in store order.
        let allTasks = try #require(widgets[1]["entry"] as? [String: Any])
        let tasks = try #require(allTasks["tasks"] as? [[String: Any]])
        let ids = [Self.roadmap, Self.loginReview, Self.standup, Self.dentist]
        #expect(tasks.map { $0["id"] as? String } == ids)
        for task in tasks {
            #expect(Set(task.keys) == ["id", "title", "isCompleted", "priority", "category", "dueDate"])
        }
        #expect(
            tasks.map { $0["title"] as? String } == [
                "Finish the Q3 roadmap slides", "Review the login pull request", "Prepare the standup notes",
                "Book a dentist appointment",
            ])
        #expect(tasks.map { $0["priority"] as? String } == ["high", "high", "medium", "medium"])
        #expect(tasks.map { $0["category"] as? String } == ["work", "work", "work", "personal"])
        #expect(allTasks["completedCount"] as? Int == 0)
        #expect(allTasks["pendingCount"] as? Int == 4)
        #expect(allTasks["highPriorityCount"] as? Int == 2)
        // Each shown task is a button toggling that task.
        for (widget, shown) in [(widgets[0], Array(ids.prefix(2))), (widgets[1], ids)] {
            let buttons = JSONText.nodes(of: widget["view"], type: "button")
            #expect(
                buttons.map { JSONText.canonical($0["intent"]) }
                    == shown.map { #"{"parameters":{"taskID":"\#($0)"},"type":"ToggleTaskIntent"}"# })
        }
    }

    @Test func focusWidgetEntryAndToggle() throws {
        let widgets = try Self.widgets(try Self.runOnSample(["--format", "json"]).standardOutput)
        let focus = try #require(widgets.first { $0["id"] as? String == "focus" })
        #expect(JSONText.canonical(focus["entry"]) == #"{"isFocusModeOn":false}"#)
        let toggles = JSONText.nodes(of: focus["view"], type: "toggle")
        #expect(
            toggles.map { JSONText.canonical($0["intent"]) }
                == [#"{"parameters":{"value":true},"type":"ToggleFocusModeIntent"}"#])
        #expect(toggles.map { $0["isOn"] as? Bool } == [false])
    }

    /// The toggle asks for the opposite of what the store holds, as `ToggleFocusModeIntent(value: !isOn)`.
    @Test(arguments: [false, true])
    func focusToggleCarriesTheOppositeValue(isOn: Bool) throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("focus.yaml", "tasks: []\nfocus: {isOn: \(isOn)}\n")
        try Self.importTasks("focus.yaml", in: scratch)
        try scratch.file("widgets.yaml", "widgets:\n  - kind: FocusWidget\n")
        let json = try Self.run(["--format", "json"], in: scratch)
        #expect(json.status == 0)
        let widget = try #require(try Self.widgets(json.standardOutput).first)
        #expect(widget["id"] as? String == "FocusWidget-1")
        #expect(JSONText.canonical(widget["entry"]) == #"{"isFocusModeOn":\#(isOn)}"#)
        let toggles = JSONText.nodes(of: widget["view"], type: "toggle")
        #expect(
            toggles.map { JSONText.canonical($0["intent"]) }
                == [#"{"parameters":{"value":\#(!isOn)},"type":"ToggleFocusModeIntent"}"#])
        let text = try Self.run([], in: scratch)
        #expect(text.standardOutput.contains(isOn ? "│ Focus On " : "│ Focus Off "))
        #expect(text.standardOutput.contains(isOn ? "│ [1] ◉ on " : "│ [1] ○ off "))
    }

    @Test func quickmenuEntryAndLinks() throws {
        let widgets = try Self.widgets(try Self.runOnSample(["--format", "json"]).standardOutput)
        let menu = try #require(widgets.first { $0["id"] as? String == "quick-menu" })
        let tabs = ["Home", "Balance", "Transfer", "Scan"]
        #expect(
            JSONText.canonical(menu["entry"])
                == #"{"items":["#
                + tabs.enumerated().map {
                    #"{"tabIndex":\#($0.offset),"title":"\#($0.element)","url":"widgetquickmenu://\#($0.element)"}"#
                }.joined(separator: ",") + "]}")
        #expect(
            JSONText.nodes(of: menu["view"], type: "link").map { $0["url"] as? String }
                == tabs.map { "widgetquickmenu://\($0)" })
    }

    @Test func ndjsonIsOneLinePerWidgetEqualToTheJSONItems() throws {
        let scratch = try Self.sample()
        let json = try Self.widgets(try Self.run(["--format", "json"], in: scratch).standardOutput)
        let run = try Self.run(["--format", "ndjson"], in: scratch)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.hasSuffix("\n"))
        let lines = run.standardOutput.dropLast().components(separatedBy: "\n")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"id":"#) && $0.hasSuffix("}") })
        #expect(
            try lines.map { JSONText.canonical(try JSONText.object($0)) }
                == json.map { JSONText.canonical($0) })
    }

    /// Without `--store`, `WIDGETHOST_STORE` names the store; without a config, `./config` is read.
    @Test func storeVariableAndDefaultConfigDirectory() throws {
        let scratch = try Self.sample()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "config/widgets.yaml")
        let run = try scratch.widgethost(
            ["run", "--at", Self.at],
            environment: ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path])
        #expect(run.status == 0)
        #expect(run.standardOutput == Self.sampleText)
    }

    // MARK: - Choosing widgets and families

    @Test func widgetOptionSelectsInConfigurationOrder() throws {
        let scratch = try Self.sample()
        let json = try Self.run(
            ["--widget", "focus", "--widget", "work-tasks", "--format", "json"], in: scratch)
        #expect(json.status == 0)
        #expect(try Self.widgets(json.standardOutput).map { $0["id"] as? String } == ["work-tasks", "focus"])
        let text = try Self.run(["--widget", "quick-menu", "--widget", "all-tasks"], in: scratch)
        #expect(text.standardOutput == Self.sampleBoxes[1] + "\n" + Self.sampleBoxes[3])
    }

    @Test(arguments: [
        ("foccus", "Error: No widget has the id 'foccus'. Did you mean 'focus'?"),
        ("work_tasks", "Error: No widget has the id 'work_tasks'. Did you mean 'work-tasks'?"),
        (
            "weather",
            "Error: No widget has the id 'weather'. The ids are 'work-tasks', 'all-tasks', 'focus', 'quick-menu'."
        ),
    ])
    func unknownWidgetIsAUsageError(id: String, message: String) throws {
        let run = try Self.runOnSample(["--widget", "focus", "--widget", id])
        run.expectFailed(64, standardError: message + "\n" + Self.usageLines)
    }

    @Test func familyOptionRedrawsEveryWidget() throws {
        let scratch = try Self.sample()
        let json = try Self.run(["--family", "systemSmall", "--format", "json"], in: scratch)
        #expect(json.status == 0)
        let widgets = try Self.widgets(json.standardOutput)
        #expect(widgets.map { $0["family"] as? String } == Array(repeating: "systemSmall", count: 4))
        let text = try Self.run(
            ["--family", "systemSmall", "--widget", "work-tasks", "--widget", "quick-menu"], in: scratch)
        #expect(text.status == 0)
        #expect(text.standardOutput == Self.smallText)
    }

    /// Task rows by family: small 2, medium 3, large and extra large 4, accessories a count only;
    /// the entry is the same in every family.
    @Test(arguments: [
        ("systemSmall", 2), ("systemMedium", 3), ("systemLarge", 4), ("systemExtraLarge", 4),
        ("accessoryCircular", 0), ("accessoryRectangular", 0), ("accessoryInline", 0),
    ])
    func taskRowsByFamily(family: String, rows: Int) throws {
        let run = try Self.runOnSample(["--widget", "all-tasks", "--family", family, "--format", "json"])
        #expect(run.status == 0)
        let widget = try #require(try Self.widgets(run.standardOutput).first)
        #expect(widget["family"] as? String == family)
        #expect(JSONText.nodes(of: widget["view"], type: "button").count == rows)
        let entry = try #require(widget["entry"] as? [String: Any])
        #expect((entry["tasks"] as? [Any])?.count == 4)
    }

    @Test func accessoryInlineWithTimeline() throws {
        let run = try Self.runOnSample([
            "--family", "accessoryInline", "--widget", "work-tasks", "--timeline",
        ])
        #expect(run.status == 0)
        #expect(run.standardOutput == Self.inlineTimelineText)
    }

    @Test func familyNotSupportedBySelectedWidgetsIsAUsageError() throws {
        let scratch = try Self.sample()
        let all = try Self.run(["--family", "accessoryInline"], in: scratch)
        all.expectFailed(
            64,
            standardError:
                "Error: The widgets 'focus' (FocusWidget) and 'quick-menu' (Quickmenu) do not support the "
                + "family 'accessoryInline'. Choose a family every selected widget supports (systemSmall, "
                + "systemMedium, systemLarge, systemExtraLarge), or select others with --widget.\n"
                + Self.usageLines)
        let one = try Self.run(["--family", "accessoryCircular", "--widget", "focus"], in: scratch)
        #expect(one.status == 64)
        #expect(
            one.firstErrorLine
                == "Error: The widget 'focus' (FocusWidget) does not support the family 'accessoryCircular'. "
                + "Choose a family every selected widget supports (systemSmall, systemMedium, systemLarge, "
                + "systemExtraLarge), or select others with --widget.")
        let unknown = try Self.run(["--family", "systemSmal"], in: scratch)
        #expect(unknown.status == 64)
        #expect(
            unknown.firstErrorLine
                == "Error: The value 'systemSmal' is invalid for '--family <family>'. Did you mean 'systemSmall'?"
        )
    }

    // MARK: - Timelines, previews and the clock

    @Test func timelineAddsEveryEntryAndThePolicy() throws {
        let scratch = try Self.sample()
        let plain = try Self.widgets(try Self.run(["--format", "json"], in: scratch).standardOutput)
        let run = try Self.run(["--format", "json", "--timeline"], in: scratch)
        #expect(run.status == 0)
        let widgets = try Self.widgets(run.standardOutput)
        try #require(widgets.count == plain.count)
        for (widget, without) in zip(widgets, plain) {
            let timeline = try #require(widget["timeline"] as? [[String: Any]])
            #expect(timeline.count == 1)
            #expect(timeline.first.map { Set($0.keys) } == ["date", "entry", "view"])
            #expect(timeline.first?["date"] as? String == Self.at)
            #expect(JSONText.canonical(timeline.first?["entry"]) == JSONText.canonical(without["entry"]))
            #expect(JSONText.canonical(timeline.first?["view"]) == JSONText.canonical(without["view"]))
            var rest = widget
            rest["timeline"] = nil
            #expect(JSONText.canonical(rest) == JSONText.canonical(without))
        }
        let text = try Self.run(["--timeline", "--widget", "focus"], in: scratch)
        #expect(
            text.standardOutput
                == Self.sampleBoxes[2] + "timeline: 1 entry, never reloads\n"
                + " * 2026-11-29T12:00:00Z  {\"isFocusModeOn\":false}\n")
    }

    /// Snapshots read the same store as timelines (as the seeds' `snapshot` does) but have no policy.
    @Test func previewPrintsSnapshots() throws {
        let scratch = try Self.sample()
        let plain = try Self.widgets(try Self.run(["--format", "json"], in: scratch).standardOutput)
        let run = try Self.run(["--format", "json", "--preview"], in: scratch)
        #expect(run.status == 0)
        let widgets = try Self.widgets(run.standardOutput)
        #expect(widgets.map { $0["id"] as? String } == plain.map { $0["id"] as? String })
        for (widget, timeline) in zip(widgets, plain) {
            #expect(JSONText.canonical(widget["entry"]) == JSONText.canonical(timeline["entry"]))
            #expect(JSONText.canonical(widget["view"]) == JSONText.canonical(timeline["view"]))
            #expect(widget["date"] as? String == Self.at)
            #expect(JSONText.canonical(widget["reload"]) == #"{"policy":"never"}"#)
        }
        let text = try Self.run(["--preview", "--widget", "work-tasks"], in: scratch)
        #expect(
            text.standardOutput
                == Self.sampleBoxes[0].replacingOccurrences(
                    of: "reloads 2026-11-29T12:15:00Z", with: "never reloads"))
    }

    @Test(arguments: [
        ("2026-11-29", "2026-11-29T00:00:00Z", "2026-11-29T00:15:00Z"),
        ("2026-11-29T14:00:00+02:00", "2026-11-29T12:00:00Z", "2026-11-29T12:15:00Z"),
        ("2026-12-31T23:50:00Z", "2026-12-31T23:50:00Z", "2027-01-01T00:05:00Z"),
    ])
    func atSetsTheEntryDateAndTheReload(at: String, date: String, reload: String) throws {
        let scratch = try Self.sample()
        let run = try scratch.widgethost(
            [
                "run", "widgets.yaml", "--store", "store", "--at", at, "--widget", "work-tasks", "--format",
                "json",
            ])
        #expect(run.status == 0)
        let widget = try #require(try Self.widgets(run.standardOutput).first)
        #expect(widget["date"] as? String == date)
        #expect(JSONText.canonical(widget["reload"]) == #"{"date":"\#(reload)","policy":"after"}"#)
    }

    /// A date not of the ISO 8601 forms, or one without a time zone, says which forms are read; one
    /// of the right form with a field out of range says which field, in words.
    @Test(arguments: [
        ("yesterday", "expected an ISO 8601 date such as 2026-11-29T12:00:00Z or 2026-11-29"),
        ("2026-11-29 12:00", "expected an ISO 8601 date such as 2026-11-29T12:00:00Z or 2026-11-29"),
        ("", "expected an ISO 8601 date such as 2026-11-29T12:00:00Z or 2026-11-29"),
        (
            "2026-11-29T12:00:00",
            "expected an ISO 8601 date with a time zone such as 2026-11-29T12:00:00Z or 2026-11-29"
        ),
        ("2026-13-01", "there is no month 13"), ("2026-02-29", "February 2026 has 28 days"),
        ("2026-11-29T12:60:00Z", "a minute runs from 00 to 59, not 60"),
    ])
    func badAtIsAUsageError(at: String, reason: String) throws {
        let scratch = try Self.sample()
        let run = try scratch.widgethost(["run", "widgets.yaml", "--store", "store", "--at", at])
        run.expectFailed(
            64,
            standardError: "Error: The value '\(at)' is invalid for '--at <date>': \(reason).\n"
                + Self.usageLines)
    }

    // MARK: - The TaskWidget's filters

    /// Nine tasks in store order: (id suffix, title, priority, category, completed).
    static let filterTasks: [(Int, String, String, String?, Bool)] = [
        (1, "Ship the release", "high", "work", false),
        (2, "File the expenses", "high", "work", true),
        (3, "Call the plumber", "high", "home", false),
        (4, "Draft the agenda", "medium", "work", false),
        (5, "Fix the flaky test", "high", "work", false),
        (6, "Review the budget", "high", "work", false),
        (7, "Archive old mail", "low", "work", false),
        (8, "Water the plants", "low", nil, true),
        (9, "Pay the rent", "medium", "home", true),
    ]

    static func filterTaskID(_ number: Int) -> String {
        "00000000-0000-4000-8000-00000000000\(number)"
    }

    /// A scratch directory whose store holds ``filterTasks``.
    static func filterStore() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        var yaml = "tasks:\n"
        for (number, title, priority, category, isCompleted) in filterTasks {
            yaml += "  - id: \(filterTaskID(number))\n    title: \(title)\n    priority: \(priority)\n"
            yaml += "    isCompleted: \(isCompleted)\n"
            if let category { yaml += "    category: \(category)\n" }
        }
        try scratch.file("tasks.yaml", yaml)
        try importTasks("tasks.yaml", in: scratch)
        return scratch
    }

    @Test func highNotCompletedWorkFirstTwo() throws {
        let scratch = try Self.filterStore()
        try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - id: urgent-work
                kind: TaskWidget
                configuration: {priorityFilter: high, showCompleted: false, category: work, maxTasks: 2}

            """)
        let run = try Self.run(["--format", "json"], in: scratch)
        #expect(run.status == 0)
        let entry = try #require(try Self.widgets(run.standardOutput).first?["entry"] as? [String: Any])
        let tasks = try #require(entry["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["id"] as? String } == [Self.filterTaskID(1), Self.filterTaskID(5)])
        #expect(tasks.map { $0["title"] as? String } == ["Ship the release", "Fix the flaky test"])
        let text = try Self.run([], in: scratch)
        #expect(
            text.standardOutput == """
                urgent-work · TaskWidget · systemMedium
                ╭──────────────────────────────────────────────────╮
                │ ☰ Tasks                                    0/2 2 │
                │ [1] ○ Ship the release                         ! │
                │ [2] ○ Fix the flaky test                       ! │
                │                                                  │
                │                                                  │
                │                                                  │
                │                                                  │
                │                                                  │
                ╰──────────────────────────────────────────────────╯
                entry 2026-11-29T12:00:00Z · reloads 2026-11-29T12:15:00Z · reload requested

                """)
    }

    /// Every combination of the four parameters, one widget each in one run, against the seed's
    /// `filteredTasks`: priority, then completed, then category, then the first maxTasks.
    @Test func everyFilterCombinationMatchesTheSeed() throws {
        let scratch = try Self.filterStore()
        var combinations: [(id: String, priority: String, showCompleted: Bool, category: String, max: Int)] =
            []
        for priority in ["all", "high", "medium", "low"] {
            for showCompleted in [true, false] {
                for category in ["all", "work", "home", "garden"] {
                    for max in [1, 2, 3, 10] {
                        let id = "\(priority)-\(showCompleted)-\(category)-\(max)"
                        combinations.append((id, priority, showCompleted, category, max))
                    }
                }
            }
        }
        var yaml = "widgets:\n"
        for combination in combinations {
            yaml += "  - id: \(combination.id)\n    kind: TaskWidget\n    configuration: "
            yaml += "{priorityFilter: \(combination.priority), showCompleted: \(combination.showCompleted), "
            yaml += "category: \(combination.category), maxTasks: \(combination.max)}\n"
        }
        try scratch.file("widgets.yaml", yaml)
        let run = try Self.run(["--format", "json"], in: scratch)
        #expect(run.status == 0)
        // The entry carries up to maxTasks tasks; a medium widget shows 3 of them, which each
        // widget asking for 10 is warned of, and nothing else is said.
        let warnings = run.standardError.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == combinations.count { $0.max == 10 })
        #expect(
            warnings.allSatisfy {
                $0.hasSuffix(
                    "'maxTasks' is 10, but a systemMedium TaskWidget shows at most 3; it shows 3 "
                        + "(a larger family shows more)")
            }, "\(run.standardError)")
        let widgets = try Self.widgets(run.standardOutput)
        try #require(widgets.count == combinations.count)
        for (widget, combination) in zip(widgets, combinations) {
            #expect(widget["id"] as? String == combination.id)
            var expected = Self.filterTasks
            if combination.priority != "all" { expected = expected.filter { $0.2 == combination.priority } }
            if !combination.showCompleted { expected = expected.filter { !$0.4 } }
            if combination.category != "all" { expected = expected.filter { $0.3 == combination.category } }
            expected = Array(expected.prefix(combination.max))
            let entry = try #require(widget["entry"] as? [String: Any])
            let tasks = try #require(entry["tasks"] as? [[String: Any]])
            #expect(
                tasks.map { $0["id"] as? String } == expected.map { Self.filterTaskID($0.0) },
                "\(combination.id)")
            #expect(entry["completedCount"] as? Int == expected.filter(\.4).count, "\(combination.id)")
            #expect(entry["pendingCount"] as? Int == expected.filter { !$0.4 }.count, "\(combination.id)")
            #expect(
                entry["highPriorityCount"] as? Int == expected.filter { $0.2 == "high" && !$0.4 }.count,
                "\(combination.id)")
        }
    }

    // MARK: - Failures

    /// A store that cannot be opened fails the widgets reading it; Quickmenu, which reads no store,
    /// still prints; exit 1.
    @Test func corruptStoreFailsOnlyTheWidgetsReadingIt() throws {
        let scratch = try TemporaryDirectory()
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        let (path, garbage) = try scratch.garbageDatabase()
        let message = TemporaryDirectory.garbageDatabaseMessage(path)
        let failureLines = ["work-tasks", "all-tasks", "focus"].map {
            "error: widget '\($0)' failed: \(message)"
        }

        let json = try Self.run(["--format", "json"], in: scratch)
        #expect(json.status == 1)
        #expect(!json.timedOut)
        let widgets = try Self.widgets(json.standardOutput)
        #expect(widgets.map { $0["id"] as? String } == ["work-tasks", "all-tasks", "focus", "quick-menu"])
        for widget in widgets.prefix(3) {
            #expect(Set(widget.keys) == ["id", "kind", "family", "error"])
            #expect(
                JSONText.canonical(widget["error"])
                    == JSONText.canonical(["code": "store.corrupt", "message": message]))
        }
        let menu = try #require(widgets.last)
        #expect(menu["error"] == nil)
        #expect((menu["entry"] as? [String: Any])?["items"] as? [Any] != nil)
        #expect(JSONText.canonical(menu["reload"]) == #"{"policy":"never"}"#)
        #expect(
            json.standardError.components(separatedBy: "\n").filter { $0.hasPrefix("error:") } == failureLines
        )

        let text = try Self.run([], in: scratch)
        #expect(text.status == 1)
        let boxes = text.standardOutput.dropLast().components(separatedBy: "\n\n").map { $0 + "\n" }
        #expect(boxes.count == 4)
        // The store cannot be read, so no reload request shows.
        #expect(
            boxes.last == Self.sampleBoxes.last?.replacingOccurrences(of: " · reload requested", with: ""))
        #expect(
            boxes.prefix(3).allSatisfy {
                $0.hasSuffix("╯\nfailed: store.corrupt\n")
                    && $0.contains("│ error: cannot open the ")
            })
        #expect(
            text.standardError.components(separatedBy: "\n").filter { $0.hasPrefix("error:") } == failureLines
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    static let invalidConfig = """
        widgets:
          - id: work
            kind: TaskWidget
            configuration:
              priorityFilter: urgent
          - kind: Quickmenu
            family: accessoryInline

        """

    static let invalidConfigDiagnostics = """
        bad.yaml:5:23: error: 'urgent' is not a priority filter; expected one of all, high, medium, low
              priorityFilter: urgent
                              ^
        bad.yaml:7:13: error: 'Quickmenu' does not support the family 'accessoryInline'; it supports systemMedium, systemSmall, systemLarge, systemExtraLarge
            family: accessoryInline
                    ^

        """

    /// Nothing runs when any configuration is invalid, in any format, whatever else is asked.
    @Test(arguments: [
        ["--format", "text"], ["--format", "json"], ["--format", "ndjson"], ["--widget", "no-such-widget"],
        ["--family", "accessoryInline"], ["--timeline", "--preview"],
    ])
    func invalidConfigurationRunsNothing(options: [String]) throws {
        let scratch = try Self.sample()
        try scratch.file("bad.yaml", Self.invalidConfig)
        let run = try scratch.widgethost(
            ["run", "widgets.yaml", "bad.yaml", "--store", "store", "--at", Self.at] + options)
        #expect(run.status == 65)
        if options == ["--format", "json"] || options == ["--format", "ndjson"] {
            // One error object for scripts, on one line (see JSONFailureTests).
            let error = try JSONText.object(run.standardOutput)["error"] as? [String: Any]
            #expect(error?["code"] as? String == "config.invalid")
        } else {
            #expect(run.standardOutput.isEmpty)
        }
        #expect(run.standardError == Self.invalidConfigDiagnostics)
    }

    @Test func missingConfigurationRunsNothing() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["run", "nowhere.yaml", "--store", "store", "--at", Self.at])
        run.expectFailed(65, standardError: "nowhere.yaml: error: no such file or directory\n")
        let defaulted = try scratch.widgethost(["run", "--store", "store", "--at", Self.at])
        #expect(defaulted.status == 65)
        #expect(
            defaulted.standardError
                == "config: error: "
                + ValidateCommandTests.noDefault.replacingOccurrences(of: "SCRATCH", with: scratch.url.path)
                + "\n")
    }
}
