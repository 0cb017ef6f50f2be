import FocusWidget
import Quickmenu
import TaskWidget
public import WidgetHostKit

/// The widgets compiled into widgethost (Plugins/TaskWidget, FocusWidget, Quickmenu), each written
/// against the SDK only. The one place that names them: the executable hands these bundles to its
/// session, so no command imports a widget.
public enum BuiltInWidgets {
    /// Their bundles, in the order `describe` lists them.
    public static let bundles: [any WidgetBundle] = [
        TaskWidgetBundle(), FocusWidgetBundle(), QuickmenuBundle(),
    ]
}
