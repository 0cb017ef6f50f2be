// `import AppIntents` in widget code from iOS: the SDK's intents, parameters, entities and results,
// and Foundation, which Apple's AppIntents re-exports.
@_exported import Foundation
@_exported import WidgetHostKit
