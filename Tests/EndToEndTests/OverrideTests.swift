import Foundation
import TestSupport
import Testing

/// `--set KEY=VALUE` on the commands that load a configuration: applied last, checked like a
/// file's values, its problems located at `--set` with a "did you mean".
@Suite struct OverrideTests {
    static let config = """
        appGroup: group.test.set
        widgets:
          - id: work-tasks
            kind: TaskWidget
            configuration:
              maxTasks: 2
          - id: focus
            kind: FocusWidget

        """

    /// An override of a widget with errors of its own adds no "no widget has the id": the widget's
    /// errors are what is reported; a near miss of its id still gets its "did you mean".
    @Test func anOverrideOfAWidgetWithErrorsAddsNoFalseProblem() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file(
            "bad.yaml",
            "widgets:\n  - id: foo\n    kind: TaskWidget\n    configuration: {priorityFilter: bad}\n"
                + "  - kind: TaskWidget\n    configuration: {maxTasks: 0}\n")
        let run = try scratch.widgethost([
            "validate", "bad.yaml", "--set", "foo.configuration.maxTasks=5", "--set",
            "TaskWidget-2.family=systemSmall",
            "--set", "fooo.family=systemSmall",
        ])
        #expect(run.status == 65)
        let errors = run.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            errors == [
                "bad.yaml:4:37: error: 'bad' is not a priority filter; expected one of all, high, medium, low",
                "bad.yaml:6:31: error: 'maxTasks' must be an integer of at least 1, not 0",
                "--set fooo.family=systemSmall: error: no widget has the id 'fooo'; did you mean 'foo'?",
            ])
    }

    @Test func overridesAreAppliedLastWithTheirOrigin() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("widgets.yaml", Self.config)
        let run = try scratch.widgethost([
            "config", "widgets.yaml", "--set", "work-tasks.configuration.maxTasks=4",
            "--set", "work-tasks.configuration.maxTasks=5", "--set", "focus.family=systemSmall",
            "--set", "appGroup=group.other",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONPath(run.standardOutput)
        let tasks = try #require(json["widgets"]?[0])
        #expect(tasks["configuration"]?["maxTasks"]?["value"]?.int == 5)
        #expect(tasks["configuration"]?["maxTasks"]?["origin"]?.string == "--set")
        #expect(tasks["configuration"]?["showCompleted"]?["origin"]?.string == "default")
        #expect(json["widgets"]?[1]?["family"]?["origin"]?.string == "--set")
        #expect(json["appGroup"]?["value"]?.string == "group.other")
        #expect(json["appGroup"]?["origin"]?.string == "--set")
    }

    @Test(arguments: [
        (
            "work-tasks.configuration.maxTasks=0",
            "--set work-tasks.configuration.maxTasks=0: error: 'maxTasks' must be an integer of at least 1, not 0"
        ),
        (
            "work-task.configuration.maxTasks=3",
            "--set work-task.configuration.maxTasks=3: error: no widget has the id 'work-task'; did you mean 'work-tasks'?"
        ),
        (
            "work-tasks.configuration.maxTask=3",
            "--set work-tasks.configuration.maxTask=3: error: 'TaskWidget' has no parameter 'maxTask'; did you mean 'maxTasks'?"
        ),
        (
            "work-tasks.family=systemHuge",
            "--set work-tasks.family=systemHuge: error: 'systemHuge' is not a widget family; expected one of "
                + "systemMedium, systemSmall, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, "
                + "accessoryInline; did you mean 'systemLarge'?"
        ),
        (
            "appGroup=a/b",
            "--set appGroup=a/b: error: 'a/b' is not a valid app group identifier: it names a directory, so it must hold no '/'"
        ),
        (
            "maxTasks=3",
            "--set maxTasks=3: error: unknown key 'maxTasks'; expected appGroup, WIDGET-ID.family or WIDGET-ID.configuration.PARAMETER"
        ),
        (
            "focus.configuration.x=1",
            "--set focus.configuration.x=1: error: 'FocusWidget' takes no configuration: it is a StaticConfiguration widget"
        ),
    ])
    func aBadOverrideIsReportedAtSet(override: String, expected: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("widgets.yaml", Self.config)
        for command in ["validate", "config", "run"] {
            let run = try scratch.widgethost([command, "widgets.yaml", "--set", override])
            #expect(run.status == 65, "\(command)")
            #expect(run.standardError.hasPrefix(expected + "\n"), "\(command): \(run.standardError)")
            #expect(run.standardOutput.isEmpty, "\(command)")
        }
    }

    @Test func watchAndTapTakeSetToo() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("widgets.yaml", Self.config)
        for arguments in [["watch", "widgets.yaml"], ["tap", "work-tasks", "1", "widgets.yaml"]] {
            let run = try scratch.widgethost(arguments + ["--set", "work-tasks.configuration.maxTasks=x"])
            #expect(run.status == 65, "\(arguments)")
            #expect(
                run.standardError.hasPrefix(
                    "--set work-tasks.configuration.maxTasks=x: error: 'maxTasks' must be an integer, not a string 'x'"
                ), "\(arguments): \(run.standardError)")
        }
    }
}
