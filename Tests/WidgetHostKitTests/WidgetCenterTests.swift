import JSON
import Testing
@_spi(WidgetHost) import WidgetHostKit

/// An intent that asks for reloads, as one that changes shared data does.
private struct AddTaskIntent: AppIntent {
    static let title = "Add Task"

    func perform() async throws -> some IntentResult {
        WidgetCenter.shared.reloadTimelines(ofKind: "TaskWidget")
        let date = IntentEnvironment.current?.date
        return .result(value: date.map { ISO8601.string(from: $0) } ?? "none")
    }
}

@Suite struct WidgetCenterTests {
    @Test func insideAnEnvironmentRequestsAreRecordedInOrder() {
        let recorder = RecordingReloadRecorder()
        let environment = Fixtures.environment(reloads: recorder)
        IntentEnvironment.$current.withValue(environment) {
            WidgetCenter.shared.reloadTimelines(ofKind: "TaskWidget")
            WidgetCenter.shared.reloadAllTimelines()
            WidgetCenter.shared.reloadTimelines(ofKind: "FocusWidget")
        }
        #expect(recorder.kinds == ["TaskWidget", nil, "FocusWidget"])
    }

    @Test func outsideAnyEnvironmentNothingHappens() {
        let recorder = RecordingReloadRecorder()
        let environment = Fixtures.environment(reloads: recorder)
        #expect(IntentEnvironment.current == nil)
        WidgetCenter.shared.reloadTimelines(ofKind: "TaskWidget")
        WidgetCenter.shared.reloadAllTimelines()
        IntentEnvironment.$current.withValue(environment) {
            WidgetCenter.shared.reloadAllTimelines()
        }
        WidgetCenter.shared.reloadTimelines(ofKind: "After")
        #expect(recorder.kinds == [nil])
        #expect(IntentEnvironment.current == nil)
    }

    @Test func aCenterWithoutAContainerDoesNothing() {
        // Not even inside an environment: a center made without a container never falls back to
        // the running intent's.
        let recorder = RecordingReloadRecorder()
        let environment = Fixtures.environment(reloads: recorder)
        IntentEnvironment.$current.withValue(environment) {
            WidgetCenter(container: nil).reloadTimelines(ofKind: "TaskWidget")
            WidgetCenter(container: nil).reloadAllTimelines()
        }
        WidgetCenter(container: nil).reloadTimelines(ofKind: "TaskWidget")
        #expect(recorder.kinds.isEmpty)
    }

    @Test func aCenterOverAnExplicitContainerRecordsThere() {
        let recorder = RecordingReloadRecorder()
        let center = WidgetCenter(container: Fixtures.container(reloads: recorder))
        center.reloadTimelines(ofKind: "Quickmenu")
        center.reloadAllTimelines()
        #expect(recorder.kinds == ["Quickmenu", nil])
    }

    @Test func aRecorderThatFailsIsIgnored() {
        let failing = FailingReloadRecorder()
        IntentEnvironment.$current.withValue(Fixtures.environment(reloads: failing)) {
            WidgetCenter.shared.reloadTimelines(ofKind: "TaskWidget")
            WidgetCenter.shared.reloadAllTimelines()
        }
        // Both requests reached the recorder: the first one's failure stopped nothing.
        #expect(failing.attempts.kinds == ["TaskWidget", nil])
    }

    @Test func anIntentPerformedInAnEnvironmentSeesItAndReloads() async throws {
        let recorder = RecordingReloadRecorder()
        let environment = Fixtures.environment(reloads: recorder)
        let result = try await IntentEnvironment.$current.withValue(environment) {
            try await AddTaskIntent().perform()
        }
        #expect(result.value == .string("2026-11-29T12:00:00Z"))
        #expect(recorder.kinds == ["TaskWidget"])

        let outside = try await AddTaskIntent().perform()
        #expect(outside.value == .string("none"))
        #expect(recorder.kinds == ["TaskWidget"])
    }

    @Test func childTasksInheritTheEnvironment() async {
        let recorder = RecordingReloadRecorder()
        let environment = Fixtures.environment(reloads: recorder)
        await IntentEnvironment.$current.withValue(environment) {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<10 {
                    group.addTask { WidgetCenter.shared.reloadTimelines(ofKind: "Kind\(index)") }
                }
            }
        }
        #expect(Set(recorder.kinds.compactMap { $0 }) == Set((0..<10).map { "Kind\($0)" }))
    }
}
