import WidgetHostKit

/// Finds the intents an executable defines, as Apple's build finds an extension's app intents:
/// every non-generic type conforming to `AppIntent` (``ConformanceRecords``), so a `@main` bundle
/// need not list the intents its buttons and toggles run.
package enum IntentDiscovery {
    /// The intents a control may run: every `AppIntent` of the process but the configuration
    /// intents (`WidgetConfigurationIntent`), which are never performed; sorted by name.
    package static func performableIntents() -> [any AppIntent.Type] {
        appIntentTypes().filter { !($0 is any WidgetConfigurationIntent.Type) }
            .sorted { $0.intentType < $1.intentType }
    }

    /// Every non-generic type of the process that conforms to `AppIntent`.
    package static func appIntentTypes() -> [any AppIntent.Type] {
        ConformanceRecords.types(conformingTo: "AppIntent", module: "WidgetHostKit").compactMap {
            $0 as? any AppIntent.Type
        }
    }
}
