import Testing
import WidgetEngine
import WidgetHost

/// Problems inside a value reached through an alias, or merged with `<<`: shown where the alias
/// used the value, with a note at the value; one problem however many widgets share it.
@Suite struct ConfigurationLoaderAliasTests {
    @Test func aProblemThroughOneAliasPointsAtTheAliasWithANoteAtTheValue() throws {
        let (loaded, diagnostics) = try Fixture.load(
            """
            x-limits: &few 0
            widgets:
              - id: a
                kind: TaskWidget
                configuration:
                  maxTasks: *few
            """
        )
        #expect(loaded.hasErrors)
        #expect(
            diagnostics.last == """
                widgets.yaml:6:17: error: 'maxTasks' must be an integer of at least 1, not 0
                widgets.yaml:1:11: note: the value is here, used through the alias '*few'
                """
        )
    }

    @Test func aValueUsedDirectlyAndThroughAnAliasIsOneProblem() throws {
        let (_, diagnostics) = try Fixture.load(
            """
            widgets:
              - id: a
                kind: TaskWidget
                configuration: &config
                  maxTasks: 0
              - id: b
                kind: TaskWidget
                configuration: *config
            """
        )
        #expect(
            diagnostics == [
                """
                widgets.yaml:5:17: error: 'maxTasks' must be an integer of at least 1, not 0
                note: used by widget 'a' directly
                widgets.yaml:8:20: note: used by widget 'b' through the alias '*config'
                """
            ]
        )
    }

    @Test func aValueMergedIntoSeveralWidgetsIsOneProblemNamingThem() throws {
        let (loaded, diagnostics) = try Fixture.load(
            """
            defaults: &defaults
              priorityFilter: urgent
              maxTasks: 2
            widgets:
              - id: work
                kind: TaskWidget
                configuration:
                  <<: *defaults
                  category: work
              - id: home
                kind: TaskWidget
                configuration:
                  <<: *defaults
              - kind: TaskWidget
                configuration: {<<: *defaults, maxTasks: 1}
            """
        )
        #expect(loaded.instances.isEmpty)
        #expect(
            diagnostics == [
                "widgets.yaml:1:1: error: unknown key 'defaults' in 'widgets.yaml'; expected one of appGroup, include, widgets, plugins",
                """
                widgets.yaml:2:19: error: 'urgent' is not a priority filter; expected one of all, high, medium, low
                widgets.yaml:8:11: note: used by widget 'work' through the alias '*defaults'
                widgets.yaml:13:11: note: used by widget 'home' through the alias '*defaults'
                widgets.yaml:15:25: note: used by the widget at line 14 through the alias '*defaults'
                """,
            ]
        )
    }

    @Test func aValueMergedOnceIsShownAtItsAlias() throws {
        let (_, diagnostics) = try Fixture.load(
            """
            x-defaults: &defaults {maxTasks: many}
            widgets:
              - id: work
                kind: TaskWidget
                configuration:
                  <<: *defaults
            """
        )
        #expect(
            diagnostics.last == """
                widgets.yaml:6:11: error: 'maxTasks' must be an integer, not a string 'many'
                widgets.yaml:1:34: note: the value is here, used through the alias '*defaults'
                """
        )
    }
}
