// swift-format-ignore-file
// ToggleTaskIntent.swift
import AppIntents
import WidgetKit

// Intent สำหรับสลับสถานะของงาน
struct ToggleTaskIntent: AppIntent {
    // ชื่อที่แสดงในทางลัด Siri
    static let title: LocalizedStringResource = "สลับสถานะของงาน"

    // คำอธิบายสำหรับการเข้าถึง
    static let description = IntentDescription("ทำเครื่องหมายงานว่าเสร็จสิ้นหรือยังไม่เสร็จสิ้น")

    // พารามิเตอร์: ID ของงานที่จะแก้ไข
    @Parameter(title: "ID งาน")
    var taskID: String

    // Initializer ที่จำเป็นสำหรับ AppIntent
    init() {}

    // Initializer พร้อมพารามิเตอร์สำหรับการสร้างจาก view
    init(taskID: UUID) {
        self.taskID = taskID.uuidString
    }

    // การดำเนินการ
    func perform() async throws -> some IntentResult {
        // แปลง string ID เป็น UUID
        guard let uuid = UUID(uuidString: taskID) else {
            return .result()
        }

        // อัปเดตงาน
        TaskDataManager.shared.toggleTaskCompletion(taskID: uuid)

        // ขอให้รีเฟรช widget
        WidgetCenter.shared.reloadTimelines(ofKind: "TaskWidget")

        return .result()
    }
}
