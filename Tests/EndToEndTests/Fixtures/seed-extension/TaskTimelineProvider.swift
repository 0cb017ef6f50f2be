// swift-format-ignore-file
// TaskTimelineProvider.swift
import WidgetKit
import SwiftUI

// Entry ที่แทนสถานะของ widget ในช่วงเวลาหนึ่ง
struct TaskEntry: TimelineEntry {
    let date: Date
    let tasks: [Task]

    // สถานะการโหลดสำหรับการตอบสนองทางสายตา
    var isLoading: Bool = false
}

// แบบจำลองข้อมูลที่ใช้ร่วมกันระหว่างแอปและ widget
struct Task: Identifiable, Codable {
    let id: UUID
    var title: String
    var isCompleted: Bool
    var priority: Priority

    enum Priority: String, Codable {
        case low, medium, high
    }
}

struct TaskTimelineProvider: TimelineProvider {
    // Placeholder ที่แสดงระหว่างการโหลดเริ่มต้น
    func placeholder(in context: Context) -> TaskEntry {
        TaskEntry(
            date: Date(),
            tasks: [
                Task(id: UUID(), title: "งานตัวอย่าง", isCompleted: false, priority: .medium)
            ]
        )
    }

    // Snapshot สำหรับแกลเลอรี widget
    func getSnapshot(in context: Context, completion: @escaping (TaskEntry) -> Void) {
        let entry = TaskEntry(
            date: Date(),
            tasks: TaskDataManager.shared.fetchTasks().prefix(3).map { $0 }
        )
        completion(entry)
    }

    // Timeline ที่สมบูรณ์พร้อมนโยบายการรีเฟรช
    func getTimeline(in context: Context, completion: @escaping (Timeline<TaskEntry>) -> Void) {
        let tasks = TaskDataManager.shared.fetchTasks()
        let entry = TaskEntry(date: Date(), tasks: Array(tasks.prefix(3)))

        // รีเฟรชใน 15 นาที หรือหลังจากการกระทำของผู้ใช้
        let nextUpdate = Calendar.current.date(
            byAdding: .minute,
            value: 15,
            to: Date()
        ) ?? Date()

        let timeline = Timeline(
            entries: [entry],
            policy: .after(nextUpdate)
        )
        completion(timeline)
    }
}
