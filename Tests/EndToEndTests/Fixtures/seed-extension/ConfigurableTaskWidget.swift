// swift-format-ignore-file
// ConfigurableTaskWidget.swift
import WidgetKit
import SwiftUI
import AppIntents

// การกำหนดค่าที่เปิดเผยให้ผู้ใช้
struct TaskWidgetConfigurationIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "การกำหนดค่างาน"
    static let description = IntentDescription("ปรับแต่งการแสดงผลงาน")

    // ตัวกรองตามความสำคัญ
    @Parameter(title: "ความสำคัญ", default: .all)
    var priorityFilter: PriorityFilter

    // แสดงงานที่เสร็จแล้ว
    @Parameter(title: "แสดงที่เสร็จแล้ว", default: true)
    var showCompleted: Bool

    // จำนวนงานสูงสุด
    @Parameter(title: "จำนวนงาน", default: 3)
    var maxTasks: Int
}

// Enum สำหรับตัวกรองความสำคัญ
enum PriorityFilter: String, AppEnum {
    case all
    case high
    case medium
    case low

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "ความสำคัญ"

    static let caseDisplayRepresentations: [PriorityFilter: DisplayRepresentation] = [
        .all: "ทั้งหมด",
        .high: "สูง",
        .medium: "ปานกลาง",
        .low: "ต่ำ"
    ]
}

// Provider ที่ปรับให้เข้ากับการกำหนดค่า
struct ConfigurableTaskProvider: AppIntentTimelineProvider {
    typealias Entry = TaskEntry
    typealias Intent = TaskWidgetConfigurationIntent

    func placeholder(in context: Context) -> TaskEntry {
        TaskEntry(date: Date(), tasks: [])
    }

    func snapshot(for configuration: TaskWidgetConfigurationIntent, in context: Context) async -> TaskEntry {
        let tasks = filteredTasks(for: configuration)
        return TaskEntry(date: Date(), tasks: tasks)
    }

    func timeline(for configuration: TaskWidgetConfigurationIntent, in context: Context) async -> Timeline<TaskEntry> {
        let tasks = filteredTasks(for: configuration)
        let entry = TaskEntry(date: Date(), tasks: tasks)

        let nextUpdate = Date().addingTimeInterval(15 * 60)
        return Timeline(entries: [entry], policy: .after(nextUpdate))
    }

    // ใช้ตัวกรองการกำหนดค่า
    private func filteredTasks(for config: TaskWidgetConfigurationIntent) -> [Task] {
        var tasks = TaskDataManager.shared.fetchTasks()

        // กรองตามความสำคัญ
        if config.priorityFilter != .all {
            let priority = Task.Priority(rawValue: config.priorityFilter.rawValue) ?? .medium
            tasks = tasks.filter { $0.priority == priority }
        }

        // กรองที่เสร็จแล้วถ้าจำเป็น
        if !config.showCompleted {
            tasks = tasks.filter { !$0.isCompleted }
        }

        // จำกัดจำนวน
        return Array(tasks.prefix(config.maxTasks))
    }
}

// Widget พร้อมการกำหนดค่าผู้ใช้
struct ConfigurableTaskWidget: Widget {
    let kind: String = "ConfigurableTaskWidget"

    var body: some WidgetConfiguration {
        // AppIntentConfiguration สำหรับ widget ที่กำหนดค่าได้
        AppIntentConfiguration(
            kind: kind,
            intent: TaskWidgetConfigurationIntent.self,
            provider: ConfigurableTaskProvider()
        ) { entry in
            TaskWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("งานปรับแต่ง")
        .description("กรองและปรับแต่งงานของคุณ")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}
