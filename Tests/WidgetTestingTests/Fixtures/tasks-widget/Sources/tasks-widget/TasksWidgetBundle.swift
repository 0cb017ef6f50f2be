// Sources/tasks-widget/TasksWidgetBundle.swift
import SwiftUI
import WidgetKit

@main
struct TasksWidgetBundle: WidgetBundle {
    var body: some Widget {
        TasksWidget()
    }
}
