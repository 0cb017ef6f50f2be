import Testing
import WidgetHostKit

private enum Mode: String, AppEnum {
    case on, off
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Mode"
    static let caseDisplayRepresentations: [Mode: DisplayRepresentation] = [:]
}

/// An intent that returns what its parameters ask, as an author's `perform()` does.
private struct AddTaskIntent: AppIntent {
    static let title = "Add Task"
    @Parameter(title: "Title", default: "Milk") var taskTitle: String
    @Parameter(title: "Count", default: 2) var count: Int

    func perform() async throws -> some IntentResult {
        .result(value: count, dialog: "\(taskTitle) added (\(count) open)")
    }
}

@Suite struct IntentResultTests {
    @Test func resultWithNothing() {
        let result: IntentResultValue = .result()
        #expect(result.value == nil)
        #expect(result.dialog == nil)
    }

    @Test func resultWithADialog() {
        let result: IntentResultValue = .result(dialog: "Done")
        #expect(result.value == nil)
        #expect(result.dialog == IntentDialog("Done"))
        #expect(result.dialog?.text == "Done")
    }

    @Test func resultWithAValueOfEachParameterType() {
        #expect(ValueIntentResult.result(value: 3).value == .int(3))
        #expect(ValueIntentResult.result(value: true).value == .bool(true))
        #expect(ValueIntentResult.result(value: 0.5).value == .double(0.5))
        #expect(ValueIntentResult.result(value: "s").value == .string("s"))
        #expect(ValueIntentResult.result(value: Fixtures.now).value == .string("2026-11-29T12:00:00Z"))
        #expect(ValueIntentResult.result(value: Mode.off).value == .string("off"))
        #expect(ValueIntentResult.result(value: [1, 2]).value == .array([.int(1), .int(2)]))
        #expect(ValueIntentResult.result(value: Int?.none).value == .null)
        #expect(ValueIntentResult.result(value: 3).dialog == nil)
    }

    @Test func resultWithAValueAndADialog() {
        let result: ValueIntentResult<Mode> = .result(value: Mode.on, dialog: "Focus on")
        #expect(result.returnedValue == .on)
        #expect(result.value == .string("on"))
        #expect(result.dialog?.text == "Focus on")
    }

    @Test func dialogInterpolatesValues() {
        let name = "Milk"
        let count = 3
        let dialog: IntentDialog = "\(name) added, \(count) left"
        #expect(dialog.text == "Milk added, 3 left")
        #expect(dialog == IntentDialog("Milk added, 3 left"))
    }

    @Test func performReturnsTheResult() async throws {
        let intent = AddTaskIntent()
        intent.count = 4
        let result = try await intent.perform()
        #expect(result.value == .int(4))
        #expect(result.dialog?.text == "Milk added (4 open)")
    }
}
