/// Collects a bundle's widgets from its `body`, one statement each, as WidgetKit's
/// `@WidgetBundleBuilder` does; `if`, `if #available` and `switch` choose among them.
@resultBuilder
public enum WidgetBundleBuilder {
    /// A widget in a bundle.
    public static func buildExpression(_ widget: some Widget) -> BundledWidgets {
        if let ignored = widget.body as? any IgnoredWidgetConfiguration {
            return BundledWidgets([], ignoring: ["\(type(of: widget)): \(ignored.ignoredAPI)"])
        }
        return BundledWidgets(widget._configurations())
    }

    /// A control (`ControlWidget`): left out, named as ignored on the bundle's widgets.
    public static func buildExpression(_ control: some ControlWidget) -> BundledWidgets {
        BundledWidgets([], ignoring: ["\(type(of: control)): ControlWidget (a control of Control Center)"])
    }

    /// No widgets.
    public static func buildBlock() -> BundledWidgets { BundledWidgets() }

    /// The first widget.
    public static func buildPartialBlock(first: BundledWidgets) -> BundledWidgets { first }

    /// The widgets so far and the next, in order.
    public static func buildPartialBlock(accumulated: BundledWidgets, next: BundledWidgets) -> BundledWidgets
    {
        BundledWidgets(
            accumulated.configurations + next.configurations, ignoring: accumulated.ignored + next.ignored)
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
    /// What the bundle holds that widgethost leaves out (a control, a Live Activity), each named.
    package let ignored: [String]

    /// No widgets.
    public init() {
        self.init([], ignoring: [])
    }

    /// The widgets of `configurations`.
    public init(_ configurations: [any WidgetConfiguration]) {
        self.init(configurations, ignoring: [])
    }

    /// The widgets of `configurations`, and the bundle's members left out, named by `ignored`.
    package init(_ configurations: [any WidgetConfiguration], ignoring ignored: [String]) {
        self.configurations = configurations
        self.ignored = ignored
    }

    /// Never drawn: a bundle's widgets are its ``configurations``.
    public var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }

    /// The widgets' configurations, each naming what the bundle left out, so the host warns.
    public func _configurations() -> [any WidgetConfiguration] {
        guard !ignored.isEmpty else { return configurations }
        return configurations.map { configuration in
            var marked = configuration
            marked.metadata.ignoredAPIs += ignored.filter { !marked.metadata.ignoredAPIs.contains($0) }
            return marked
        }
    }
}
