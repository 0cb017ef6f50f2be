import FocusWidget
import Quickmenu
import TaskWidget
import WidgetHost
import WidgetHostKit

/// The widgets compiled into widgethost, written against the SDK as any plugin is.
enum BuiltInWidgets {
    /// Their bundles, in the order `describe` lists them.
    static let bundles: [any WidgetBundle] = [TaskWidgetBundle(), FocusWidgetBundle(), QuickmenuBundle()]

    /// The built-in intents, in registration order; listing them builds no widget.
    static var intents: [any AppIntent.Type] { bundles.flatMap(\.intents) }

    /// The built-in intent named `name`, found without building the widgets.
    static func intent(named name: String) -> (any AppIntent.Type)? {
        intents.first { $0.intentType == name }
    }

    /// A registry of the built-in widgets and intents.
    static func registry() -> WidgetRegistry {
        do throws(RegistryError) {
            return try WidgetRegistry(bundles: bundles)
        } catch {
            // The built-ins are fixed at compile time and their kinds differ; a clash is a bug
            // the tests catch, not something input can cause.
            preconditionFailure("the built-in widgets clash: \(error)")
        }
    }
}
