// `import WidgetKit` in widget code from iOS: the SDK's widgets, configurations, timelines and
// `WidgetCenter`, Foundation, SwiftUI's views and UIKit (which Apple's WidgetKit brings too), and the
// `main` that makes a `@main` bundle's executable a widgethost plugin (WidgetBundle+Main.swift).
@_exported import Foundation
@_exported import UIKit
@_exported import WidgetHostKit

// URLSession and URLRequest, which Apple's Foundation has and swift-corelibs-foundation keeps apart.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
