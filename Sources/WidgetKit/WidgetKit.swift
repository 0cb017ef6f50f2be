// `import WidgetKit` in widget code from iOS: the SDK's widgets, configurations, timelines and
// `WidgetCenter`, Foundation and SwiftUI's views (which Apple's WidgetKit brings too), and the
// `main` that makes a `@main` bundle's executable a widgethost plugin (WidgetBundle+Main.swift).
@_exported import Foundation
@_exported import WidgetHostKit
