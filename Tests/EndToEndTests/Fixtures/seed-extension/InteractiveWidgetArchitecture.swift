// swift-format-ignore-file
// InteractiveWidgetArchitecture.swift
import WidgetKit
import SwiftUI
import AppIntents

// สถาปัตยกรรมประกอบด้วยสามส่วนหลัก:
// 1. Widget Timeline Provider - ให้ข้อมูล
// 2. Widget View - แสดงอินเทอร์เฟซด้วย Button/Toggle
// 3. App Intent - ดำเนินการเมื่อแตะ

struct TaskWidget: Widget {
    // ตัวระบุที่ไม่ซ้ำกันของ widget
    let kind: String = "TaskWidget"

    var body: some WidgetConfiguration {
        // StaticConfiguration สำหรับ widget ที่ไม่มีพารามิเตอร์
        StaticConfiguration(
            kind: kind,
            provider: TaskTimelineProvider()
        ) { entry in
            TaskWidgetView(entry: entry)
                // จำเป็นสำหรับ App Intents
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("งาน")
        .description("จัดการงานของคุณจากหน้าจอหลัก")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
