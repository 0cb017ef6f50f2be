/// Collects a bundle's widgets from its `body`, one statement each, as WidgetKit's
/// `@WidgetBundleBuilder` does; `if`, `if #available` and `switch` choose among them.
@resultBuilder
public enum WidgetBundleBuilder {
    /// A widget in a bundle.
    public static func buildExpression(_ widget: some Widget) -> BundledWidgets {
        BundledWidgets(widget._configurations())
    }

    /// No widgets.
    public static func buildBlock() -> BundledWidgets { BundledWidgets() }

    /// The first widget.
    public static func buildPartialBlock(first: BundledWidgets) -> BundledWidgets { first }

    /// The widgets so far and the next, in order.
    public static func buildPartialBlock(accumulated: BundledWidgets, next: BundledWidgets) -> BundledWidgets
    {
        BundledWidgets(accumulated.configurations + next.configurations)
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: BundledWidgets?) -> BundledWidgets { part ?? BundledWidgets() }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: BundledWidgets) -> BundledWidgets { part }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: BundledWidgets) -> BundledWidgets { part }

    /// An `if #available`.
    public static func buildLimitedAvailability(_ part: BundledWidgets) -> BundledWidgets { part }
}

/// The widgets a ``WidgetBundleBuilder`` collected, in order: itself a ``Widget``, as a bundle's
/// `body` is in WidgetKit.
public struct BundledWidgets: Widget {
    /// The widgets' configurations, in the order written.
    public let configurations: [any WidgetConfiguration]

    /// No widgets.
    public init() {
        self.configurations = []
    }

    /// The widgets of `configurations`.
    public init(_ configurations: [any WidgetConfiguration]) {
        self.configurations = configurations
    }

    /// Never drawn: a bundle's widgets are its ``configurations``.
    public var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }

    /// The widgets' configurations.
    public func _configurations() -> [any WidgetConfiguration] { configurations }
}
