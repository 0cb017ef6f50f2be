// swift-format-ignore-file
// WidgetBestPractices.swift
import WidgetKit
import SwiftUI

// 1. ทำให้ cache ใช้ไม่ได้เสมอหลังจากแก้ไข
final class WidgetRefreshManager {
    static func refreshAllWidgets() {
        // รีเฟรช widget ทั้งหมดของแอป
        WidgetCenter.shared.reloadAllTimelines()
    }

    static func refreshWidget(kind: String) {
        // รีเฟรช widget เฉพาะ
        WidgetCenter.shared.reloadTimelines(ofKind: kind)
    }

    // เรียกจากแอปหลังจากการแก้ไขข้อมูล
    static func notifyDataChanged() {
        _Concurrency.Task { @MainActor in
            refreshAllWidgets()
        }
    }
}

// 2. จำกัดความซับซ้อนของ view
struct OptimizedWidgetView: View {
    let entry: TaskEntry

    var body: some View {
        // ชอบ view แบบง่ายโดยไม่มี GeometryReader
        VStack(alignment: .leading, spacing: 8) {
            ForEach(entry.tasks.prefix(3)) { task in
                // ส่วนประกอบที่เบา
                minimalTaskRow(task)
            }
        }
        .padding()
    }

    // View ที่น้อยที่สุดเพื่อประสิทธิภาพ
    @ViewBuilder
    private func minimalTaskRow(_ task: Task) -> some View {
        Button(intent: ToggleTaskIntent(taskID: task.id)) {
            HStack {
                Image(systemName: task.isCompleted ? "checkmark.circle.fill" : "circle")
                Text(task.title)
                    .lineLimit(1)
            }
        }
        .buttonStyle(.plain)
    }
}

// 3. ใช้ @AppStorage สำหรับสถานะที่เรียบง่าย
struct QuickSettingsWidgetView: View {
    // เข้าถึง UserDefaults ที่ใช้ร่วมกันโดยตรง
    @AppStorage("showCompletedTasks", store: UserDefaults(suiteName: "group.com.example.app"))
    private var showCompleted = true

    var body: some View {
        // สถานะคงอยู่ระหว่างการรีเฟรช
        Text(showCompleted ? "กำลังแสดงทั้งหมด" : "กำลังซ่อนที่เสร็จแล้ว")
    }
}

// 4. คำนวณข้อมูลล่วงหน้าใน provider
struct OptimizedTaskEntry: TimelineEntry {
    let date: Date
    let tasks: [Task]

    // ข้อมูลที่คำนวณล่วงหน้า
    let completedCount: Int
    let pendingCount: Int
    let highPriorityCount: Int

    init(date: Date, tasks: [Task]) {
        self.date = date
        self.tasks = tasks

        // การคำนวณดำเนินการครั้งเดียว
        self.completedCount = tasks.filter(\.isCompleted).count
        self.pendingCount = tasks.filter { !$0.isCompleted }.count
        self.highPriorityCount = tasks.filter { $0.priority == .high && !$0.isCompleted }.count
    }
}
