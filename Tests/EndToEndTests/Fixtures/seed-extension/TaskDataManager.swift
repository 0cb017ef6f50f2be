// swift-format-ignore-file
// TaskDataManager.swift
import Foundation

final class TaskDataManager: Sendable {
    // Singleton สำหรับการเข้าถึงระดับโลก
    static let shared = TaskDataManager()

    // ตัวระบุ App Group ที่กำหนดค่าใน Xcode
    private let appGroupID = "group.com.example.taskapp"

    // UserDefaults ที่ใช้ร่วมกันระหว่างแอปและ widget
    private var sharedDefaults: UserDefaults? {
        UserDefaults(suiteName: appGroupID)
    }

    private let tasksKey = "tasks"

    private init() {}

    // ดึงงานจากที่เก็บที่ใช้ร่วมกัน
    func fetchTasks() -> [Task] {
        guard let data = sharedDefaults?.data(forKey: tasksKey),
              let tasks = try? JSONDecoder().decode([Task].self, from: data) else {
            return []
        }
        return tasks
    }

    // บันทึกพร้อมแจ้งเตือน widget
    func saveTasks(_ tasks: [Task]) {
        guard let data = try? JSONEncoder().encode(tasks) else { return }
        sharedDefaults?.set(data, forKey: tasksKey)
    }

    // อัปเดตงานที่ระบุ
    func updateTask(_ task: Task) {
        var tasks = fetchTasks()
        if let index = tasks.firstIndex(where: { $0.id == task.id }) {
            tasks[index] = task
            saveTasks(tasks)
        }
    }

    // สลับสถานะการเสร็จสิ้น
    func toggleTaskCompletion(taskID: UUID) {
        var tasks = fetchTasks()
        if let index = tasks.firstIndex(where: { $0.id == taskID }) {
            tasks[index].isCompleted.toggle()
            saveTasks(tasks)
        }
    }
}
