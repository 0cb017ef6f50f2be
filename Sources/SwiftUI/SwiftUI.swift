// `import SwiftUI` in widget code from iOS: the SDK's views, modifiers and environment, and
// Foundation, which Apple's SwiftUI re-exports.
@_exported import Foundation
@_exported import WidgetHostKit
