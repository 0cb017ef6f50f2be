// `import AppIntents` in widget code from iOS: the SDK's intents, parameters, entities and results,
// and Foundation, which Apple's AppIntents re-exports.
@_exported import Foundation
@_exported import WidgetHostKit

// URLSession and URLRequest, which Apple's Foundation has and swift-corelibs-foundation keeps apart.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
