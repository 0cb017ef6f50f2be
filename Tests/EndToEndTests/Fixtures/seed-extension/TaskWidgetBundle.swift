// TaskWidgetBundle.swift: the extension's entry point, as Xcode's widget-extension template
// writes it, listing the articles' three widgets (the articles show no bundle of their own).
import SwiftUI
import WidgetKit

@main
struct TaskWidgetBundle: WidgetBundle {
    var body: some Widget {
        TaskWidget()
        AnimatedTaskWidget()
        ConfigurableTaskWidget()
    }
}
