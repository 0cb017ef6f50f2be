import Dispatch
import Foundation
import WidgetHostKit
import WidgetHostPlugin

extension WidgetBundle {
    /// Serves the bundle's widgets as a widgethost plugin: what `@main` runs, as WidgetKit runs an
    /// extension's bundle. The intents its controls run are found as Apple's build finds them, by
    /// their conformance to `AppIntent`, so the bundle need not list them. Synchronous, as
    /// WidgetKit's is, so that a launcher of the extension's own may call it (`@main enum
    /// Launcher { static func main() { MyBundle.main() } }`); it never returns: the process ends
    /// when the host closes the plugin's input.
    public static func main() {
        serve { await PluginServer.serve(bundle: Self(), intents: IntentDiscovery.performableIntents()) }
    }
}

extension Widget {
    /// Serves the widget as a widgethost plugin: what `@main` runs on a lone `Widget`, as WidgetKit
    /// runs an extension with one widget and no bundle. Its intents are found as a bundle's are.
    public static func main() {
        serve {
            await PluginServer.serve(
                widgets: Self()._configurations(), intents: IntentDiscovery.performableIntents())
        }
    }
}

/// Runs `server` on a task, the main queue serving the main actor meanwhile, and exits when it
/// returns.
private func serve(_ server: @escaping @Sendable () async -> Void) -> Never {
    Task {
        await server()
        exit(0)
    }
    dispatchMain()
}
