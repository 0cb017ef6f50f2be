// swift-format-ignore-file
// ToggleWidgetView.swift
import SwiftUI
import AppIntents

// Intent เฉพาะสำหรับ Toggle พร้อมสถานะที่ชัดเจน
struct SetTaskCompletionIntent: AppIntent {
    static let title: LocalizedStringResource = "กำหนดสถานะของงาน"

    @Parameter(title: "ID งาน")
    var taskID: String

    // สถานะเป้าหมาย: true = เสร็จสิ้น, false = ยังไม่เสร็จ
    @Parameter(title: "เสร็จสิ้น")
    var isCompleted: Bool

    init() {}

    init(taskID: UUID, isCompleted: Bool) {
        self.taskID = taskID.uuidString
        self.isCompleted = isCompleted
    }

    func perform() async throws -> some IntentResult {
        guard let uuid = UUID(uuidString: taskID) else {
            return .result()
        }

        var tasks = TaskDataManager.shared.fetchTasks()
        if let index = tasks.firstIndex(where: { $0.id == uuid }) {
            // กำหนดสถานะอย่างชัดเจน (ไม่ใช่ toggle)
            tasks[index].isCompleted = isCompleted
            TaskDataManager.shared.saveTasks(tasks)
        }

        WidgetCenter.shared.reloadTimelines(ofKind: "TaskWidget")
        return .result()
    }
}

struct TaskToggleRowView: View {
    let task: Task

    var body: some View {
        HStack {
            Text(task.title)
                .font(.subheadline)
                .strikethrough(task.isCompleted)

            Spacer()

            // Toggle แบบโต้ตอบพร้อม intent
            Toggle(
                isOn: task.isCompleted,
                intent: SetTaskCompletionIntent(
                    taskID: task.id,
                    isCompleted: !task.isCompleted
                )
            )
            .toggleStyle(.switch)
            .labelsHidden()
        }
        .padding(.vertical, 4)
    }
}
