import Foundation
import Testing
import WidgetHostKit

/// `@AppStorage` reads the shared defaults in scope, as the seeds' settings shared by app and widget.
@Suite struct AppStorageTests {
    /// Defaults held in memory.
    struct MemoryDefaults: SharedDefaults {
        var values: [String: String]
        func string(forKey key: String) throws -> String? { values[key] }
    }

    /// Defaults that cannot be read.
    struct FailingDefaults: SharedDefaults {
        struct Failure: Error {}
        func string(forKey key: String) throws -> String? { throw Failure() }
    }

    /// A view written as the seed's `QuickSettingsWidgetView`.
    struct QuickSettings {
        @AppStorage("showCompletedTasks", store: UserDefaults(suiteName: "group.com.example.app"))
        var showCompleted = true
        @AppStorage("maxRows") var maxRows = 3
        @AppStorage("title") var title = "Tasks"
    }

    @Test func readsTheDefaultsInScope() {
        let settings = QuickSettings()
        let defaults = MemoryDefaults(values: [
            "showCompletedTasks": "false", "maxRows": "5", "title": "Work",
        ])
        SharedDefaultsScope.$current.withValue(defaults) {
            #expect(settings.showCompleted == false)
            #expect(settings.maxRows == 5)
            #expect(settings.title == "Work")
        }
    }

    @Test func aKeyNotSetOrNoDefaultsReadsTheDefaultValue() {
        let settings = QuickSettings()
        #expect(settings.showCompleted == true)
        #expect(settings.maxRows == 3)
        SharedDefaultsScope.$current.withValue(MemoryDefaults(values: [:])) {
            #expect(settings.showCompleted == true)
            #expect(settings.title == "Tasks")
        }
    }

    @Test func readTellsABadValueFromAnUnsetKey() throws {
        let settings = QuickSettings()
        let bad = MemoryDefaults(values: ["showCompletedTasks": "maybe"])
        #expect(SharedDefaultsScope.$current.withValue(bad) { settings.showCompleted } == true)
        let outcome = SharedDefaultsScope.$current.withValue(bad) {
            Result { try settings.$showCompleted.read() }
        }
        #expect(throws: AppStorageError.self) { try outcome.get() }
        if case .failure(let error) = outcome {
            #expect(
                "\(error)"
                    == "the shared default 'showCompletedTasks' holds 'maybe', which is not a Bool; "
                    + "set it with 'widgethost store defaults set showCompletedTasks VALUE'")
        }
        let rows = SharedDefaultsScope.$current.withValue(bad) { Result { try settings.$maxRows.read() } }
        #expect(try rows.get() == 3)
        let failing = SharedDefaultsScope.$current.withValue(FailingDefaults()) {
            (settings.showCompleted, Result { try settings.$showCompleted.read() })
        }
        #expect(failing.0 == true)
        #expect(throws: FailingDefaults.Failure.self) { try failing.1.get() }
    }
}
