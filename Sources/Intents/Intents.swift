// `import Intents` in widget code from iOS: `INIntent`, `INObject` and the rest of what the classes
// generated from an `.intentdefinition` file stand on, with the SDK and Foundation, which Apple's
// Intents re-exports.
@_exported import Foundation
@_exported import WidgetHostKit
