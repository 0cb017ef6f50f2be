import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import AppGroup
@testable import TaskStore

/// The seed app's tasks and focus mode in the shared store: importing, the intents' operations,
/// and the focus mode's shared default.
@Suite struct AppGroupStoreTasksTests {
    static func task(
        _ title: String, _ priority: TaskPriority = .medium, category: String? = nil, done: Bool = false
    )
        -> StoredTask
    {
        StoredTask(title: title, priority: priority, category: category, isCompleted: done)
    }

    // MARK: - Import

    @Test func importKeepsTheFileOrderAfterTheTasksAlreadyStored() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let first = [Self.task("a"), Self.task("b")]
        let second = [Self.task("c"), Self.task("d"), Self.task("e")]
        #expect(try store.importTasks(first, focus: nil) == TaskImportSummary(added: 2, updated: 0))
        #expect(try store.importTasks(second, focus: nil) == TaskImportSummary(added: 3, updated: 0))
        #expect(try store.allTasks().map(\.title) == ["a", "b", "c", "d", "e"])
        #expect(try store.allTasks() == first + second)
    }

    @Test func importUpdatesAKnownIdInPlace() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let tasks = [Self.task("a"), Self.task("b"), Self.task("c")]
        try store.importTasks(tasks, focus: nil)
        var changed = tasks[1]
        changed.title = "b, renamed"
        changed.priority = .high
        changed.category = "work"
        changed.isCompleted = true
        changed.dueDate = Date(timeIntervalSince1970: 1_780_000_000)
        let added = Self.task("d")
        let summary = try store.importTasks([added, changed], focus: nil)
        #expect(summary == TaskImportSummary(added: 1, updated: 1))
        #expect(summary.total == 2)
        #expect(try store.allTasks() == [tasks[0], changed, tasks[2], added])
    }

    /// A title or category over 4 KiB of UTF-8 is refused by the store itself, whoever writes the
    /// task (an import, `addTask`), and nothing is stored; 4 KiB exactly is a category.
    @Test func aTitleOrCategoryOverFourKiBIsRefusedAndNothingIsStored() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([Self.task("kept")], focus: nil)
        let before = try store.allTasks()
        let long = String(repeating: "c", count: 4097)
        let added = try #require(throws: AppGroupError.self) {
            try store.addTask(title: "a", category: long)
        }
        #expect(added.code == .storeCategoryTooLong)
        #expect(
            added.message.hasSuffix(
                "': its category is 4097 bytes long; a category holds at most 4096 bytes (4 KiB) of UTF-8; "
                    + "nothing was changed"), "\(added.message)")
        let imported = try #require(throws: AppGroupError.self) {
            try store.importTasks([Self.task("b"), Self.task("c", category: long)], focus: true)
        }
        #expect(imported.code == .storeCategoryTooLong)
        let titled = try #require(throws: AppGroupError.self) {
            try store.importTasks([Self.task(String(repeating: "t", count: 4097))], focus: nil)
        }
        #expect(titled.code == .storeTitleTooLong)
        #expect(try store.allTasks() == before)
        #expect(try store.isFocusModeOn() == false)

        let limit = String(repeating: "c", count: 4096)
        #expect(try store.addTask(title: "a", category: limit).category == limit)
    }

    @Test func importMatchesUUIDsWhateverTheirCase() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let id = UUID()
        try store.importTasks([StoredTask(id: id.uuidString.lowercased(), title: "a")], focus: nil)
        #expect(try store.allTasks().map(\.id) == [id.uuidString])
        let summary = try store.importTasks([StoredTask(id: id.uuidString, title: "b")], focus: nil)
        #expect(summary == TaskImportSummary(added: 0, updated: 1))
        #expect(try store.task(id: id.uuidString.lowercased())?.title == "b")
    }

    @Test(arguments: [
        ("6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11", true), ("6b1a1a3e-5f0c-4e8c-9c55-2f2b1b0c0d11", false),
        ("6B1A1A3E5F0C4E8C9C552F2B1B0C0D11", false), ("6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D1", false),
        ("6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D111", false), ("6B1A1A3E-5F0C-4E8C-9C55+2F2B1B0C0D11", false),
        ("", false),
    ])
    func recognizesCanonicalUUIDsWithoutFoundation(id: String, isCanonical: Bool) {
        #expect(AppGroupStore.isCanonicalUUID(id) == isCanonical)
        #expect(AppGroupStore.isCanonicalUUID(id) == (UUID(uuidString: id)?.uuidString == id))
    }

    @Test func importSetsTheFocusModeOnlyWhenGiven() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([], focus: true)
        #expect(try store.isFocusModeOn())
        try store.importTasks([Self.task("a")], focus: nil)
        #expect(try store.isFocusModeOn())
        try store.importTasks([], focus: false)
        #expect(try !store.isFocusModeOn())
    }

    @Test func aFailingImportChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let before = [Self.task("a"), Self.task("b")]
        try store.importTasks(before, focus: false)
        var renamed = before[0]
        renamed.title = "a, renamed"
        // The empty title breaks the table's CHECK after two tasks were written in the transaction.
        let error = try #require(throws: AppGroupError.self) {
            try store.importTasks([renamed, Self.task("c"), Self.task("")], focus: true)
        }
        #expect(error.code.rawValue == "store.invalid-task")
        #expect(
            error.message.hasPrefix(
                "cannot use the store at '\(store.databaseURL.path)': a task breaks a rule"))
        #expect(try store.allTasks() == before)
        #expect(try !store.isFocusModeOn())
    }

    // MARK: - Intents' operations

    @Test func toggleFlipsCompletionAndReturnsTheTask() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let task = Self.task("a")
        try store.importTasks([task], focus: nil)
        #expect(try store.toggleTask(id: task.id)?.isCompleted == true)
        #expect(try store.toggleTask(id: task.id.lowercased())?.isCompleted == false)
        #expect(try store.toggleTask(id: UUID().uuidString) == nil)
        #expect(try store.toggleTask(id: "not a uuid") == nil)
        #expect(try store.allTasks() == [task])
    }

    @Test func setTaskCompletionSetsRatherThanToggles() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let task = Self.task("a")
        try store.importTasks([task], focus: nil)
        #expect(try store.setTaskCompletion(id: task.id, isCompleted: true)?.isCompleted == true)
        #expect(try store.setTaskCompletion(id: task.id, isCompleted: true)?.isCompleted == true)
        #expect(try store.setTaskCompletion(id: task.id, isCompleted: false)?.isCompleted == false)
        #expect(try store.setTaskCompletion(id: UUID().uuidString, isCompleted: true) == nil)
    }

    @Test func addTaskAppendsANewPendingTask() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([Self.task("a")], focus: nil)
        let added = try store.addTask(title: "Buy milk", priority: .low, category: "shopping")
        #expect(UUID(uuidString: added.id)?.uuidString == added.id)
        #expect(added.title == "Buy milk")
        #expect(added.priority == .low)
        #expect(added.category == "shopping")
        #expect(!added.isCompleted)
        #expect(try store.allTasks().last == added)
        #expect(try store.task(id: added.id) == added)
        #expect(throws: AppGroupError.self) { try store.addTask(title: "") }
    }

    @Test func concurrentChangesFromTwoConnectionsAreNotLost() async throws {
        let directory = try TemporaryDirectory()
        let first = try AppGroupStore(directory: directory.url)
        let second = try AppGroupStore(directory: directory.url)
        let task = Self.task("shared")
        try first.importTasks([task], focus: nil)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in [first, second] {
                group.addTask {
                    for index in 0..<50 {
                        try store.toggleTask(id: task.id)
                        try store.addTask(title: "task \(index)")
                    }
                }
            }
            try await group.waitForAll()
        }
        // 100 toggles bring it back; 100 adds are all there.
        #expect(try first.task(id: task.id)?.isCompleted == false)
        #expect(try second.allTasks().count == 101)
    }

    // MARK: - Focus mode

    @Test func focusModeIsOffUntilSet() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        #expect(try !store.isFocusModeOn())
        try store.setFocusMode(true)
        #expect(try store.isFocusModeOn())
        #expect(try store.string(forKey: "focus.isOn") == "true")
        let reopened = try AppGroupStore(directory: directory.url, readOnly: true)
        #expect(try reopened.isFocusModeOn())
        try store.setFocusMode(false)
        #expect(try !reopened.isFocusModeOn())
    }
}
