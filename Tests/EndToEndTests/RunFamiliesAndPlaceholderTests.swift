import Foundation
import TestSupport
import Testing

/// `run --family all` (each widget in every family it supports, one after another) and
/// `run --placeholder` (the provider's `placeholder(in:)`), run as a binary on the sample
/// configuration.
@Suite struct RunFamiliesAndPlaceholderTests {
    /// The families each sample widget supports, its configured family first, as `--family all`
    /// draws them.
    static let sampleFamilies: [(id: String, families: [String])] = [
        (
            "work-tasks",
            [
                "systemMedium", "systemSmall", "systemLarge", "systemExtraLarge", "accessoryCircular",
                "accessoryRectangular", "accessoryInline",
            ]
        ),
        (
            "all-tasks",
            [
                "systemLarge", "systemMedium", "systemSmall", "systemExtraLarge", "accessoryCircular",
                "accessoryRectangular", "accessoryInline",
            ]
        ),
        ("focus", ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]),
        ("quick-menu", ["systemMedium", "systemSmall", "systemLarge", "systemExtraLarge"]),
    ]

    @Test func familyAllDrawsEveryWidgetInEverySupportedFamily() throws {
        let scratch = try RunCommandTests.sample()
        let run = try RunCommandTests.run(["--family", "all", "--format", "json"], in: scratch)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let widgets = try RunCommandTests.widgets(run.standardOutput)
        let expected = Self.sampleFamilies.flatMap { sample in sample.families.map { (sample.id, $0) } }
        #expect(widgets.map { $0["id"] as? String } == expected.map(\.0))
        #expect(widgets.map { $0["family"] as? String } == expected.map(\.1))
        // Each drawing is the one `--family F --widget ID` gives.
        for (id, family) in [("work-tasks", "systemSmall"), ("quick-menu", "systemSmall")] {
            let one = try RunCommandTests.widgets(
                try RunCommandTests.run(
                    ["--family", family, "--widget", id, "--format", "json"], in: scratch
                ).standardOutput)
            let drawn = widgets.first { $0["id"] as? String == id && $0["family"] as? String == family }
            #expect(JSONText.canonical(drawn) == JSONText.canonical(one.first))
        }
    }

    @Test func familyAllAsTextDrawsOneBoxPerFamily() throws {
        let run = try RunCommandTests.runOnSample(["--family", "all", "--widget", "focus"])
        #expect(run.status == 0)
        let headings = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("focus · ") }
        #expect(
            headings
                == ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"].map {
                    "focus · FocusWidget · \($0)"
                })
    }

    @Test func familyAllIsRefusedByWatch() throws {
        let scratch = try RunCommandTests.sample()
        let watch = try scratch.widgethost(["watch", "widgets.yaml", "--family", "all", "--store", "store"])
        #expect(watch.status == 64)
        #expect(watch.firstErrorLine.hasPrefix("Error: The value 'all' is invalid for '--family <family>'."))
    }

    /// The placeholder is the provider's sample content, not the store's: the seeds' realistic
    /// placeholder, which never reloads.
    @Test func placeholderShowsSampleTasksNotTheStore() throws {
        let scratch = try RunCommandTests.sample()
        let run = try RunCommandTests.run(
            ["--placeholder", "--widget", "all-tasks", "--format", "json"], in: scratch)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let widget = try #require(try RunCommandTests.widgets(run.standardOutput).first)
        let entry = try #require(widget["entry"] as? [String: Any])
        let tasks = try #require(entry["tasks"] as? [[String: Any]])
        #expect(
            tasks.map { $0["title"] as? String } == [
                "Review pull requests", "Prepare sprint demo", "Buy groceries", "Call the dentist",
            ])
        #expect(JSONText.canonical(widget["reload"]) == #"{"policy":"never"}"#)
        #expect(widget["date"] as? String == RunCommandTests.at)
        let timeline = try RunCommandTests.widgets(
            try RunCommandTests.run(["--widget", "all-tasks", "--format", "json"], in: scratch).standardOutput
        )
        #expect(JSONText.canonical(timeline.first?["entry"]) != JSONText.canonical(entry))
    }

    @Test func placeholderOfEveryBuiltIn() throws {
        let run = try RunCommandTests.runOnSample(["--placeholder", "--format", "json"])
        #expect(run.status == 0)
        let widgets = try RunCommandTests.widgets(run.standardOutput)
        #expect(widgets.map { $0["id"] as? String } == ["work-tasks", "all-tasks", "focus", "quick-menu"])
        for widget in widgets {
            #expect(widget["error"] == nil)
            #expect(JSONText.canonical(widget["reload"]) == #"{"policy":"never"}"#)
        }
    }

    @Test func placeholderAndPreviewTogetherIsAUsageError() throws {
        let run = try RunCommandTests.runOnSample(["--placeholder", "--preview"])
        run.expectFailed(
            64,
            firstErrorLine:
                "Error: '--preview' and '--placeholder' cannot be used together: a widget shows either "
                + "its snapshot or its placeholder.")
    }
}
