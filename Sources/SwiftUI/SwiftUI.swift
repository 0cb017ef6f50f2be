// `import SwiftUI` in widget code from iOS: the SDK's views, modifiers and environment, and
// Foundation and UIKit (`UIImage`, `UIFont`, ...), which Apple's SwiftUI re-exports on iOS.
@_exported import Foundation
@_exported import UIKit
@_exported import WidgetHostKit

// URLSession and URLRequest, which Apple's Foundation has and swift-corelibs-foundation keeps apart.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
