import WidgetHostKit
import WidgetHostPlugin

extension WidgetBundle {
    /// Serves the bundle's widgets as a widgethost plugin: what `@main` runs, as WidgetKit runs an
    /// extension's bundle. The intents its controls run are found as Apple's build finds them, by
    /// their conformance to `AppIntent`, so the bundle need not list them.
    public static func main() async {
        await PluginServer.serve(bundle: Self(), intents: IntentDiscovery.performableIntents())
    }
}

extension Widget {
    /// Serves the widget as a widgethost plugin: what `@main` runs on a lone `Widget`, as WidgetKit
    /// runs an extension with one widget and no bundle. Its intents are found as a bundle's are.
    public static func main() async {
        await PluginServer.serve(
            widgets: Self()._configurations(), intents: IntentDiscovery.performableIntents())
    }
}
