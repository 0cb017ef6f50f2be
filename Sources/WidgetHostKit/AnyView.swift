/// A view whose type is hidden, as SwiftUI's `AnyView` (`AnyView(emptyView)`): it draws the view
/// it wraps.
public struct AnyView: PrimitiveView {
    private let content: @Sendable () -> [ViewNode]

    /// Wraps `view`.
    public init(_ view: some View) {
        content = { view._nodes() }
    }

    /// Wraps `view`, as `AnyView(erasing:)` does.
    public init(erasing view: some View) {
        self.init(view)
    }

    /// The wrapped view's nodes.
    public func makeNodes() -> [ViewNode] { content() }
}

/// A modifier of widget code's own, as SwiftUI's `ViewModifier`: its body is the modified
/// content, applied with `.modifier(_:)`.
///
/// ```swift
/// struct CardStyle: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding(8).background(.fill.tertiary, in: RoundedRectangle(cornerRadius: 12))
///     }
/// }
/// ```
public protocol ViewModifier: Sendable {
    /// The view the modifier makes of its content.
    associatedtype Body: View
    /// The view being modified.
    typealias Content = ViewModifierContent
    /// The modified content.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a ``ViewModifier`` modifies, as its body receives it (SwiftUI's
/// `_ViewModifier_Content`).
public struct ViewModifierContent: PrimitiveView {
    fileprivate let content: @Sendable () -> [ViewNode]

    /// The content's nodes.
    public func makeNodes() -> [ViewNode] { content() }
}

/// A view with a ``ViewModifier`` applied: what `.modifier(_:)` makes.
public struct ModifiedByViewModifier<Content: View, Modifier: ViewModifier>: PrimitiveView {
    let content: Content
    let modifier: Modifier

    /// The modifier's body of the content.
    public func makeNodes() -> [ViewNode] {
        let content = self.content
        return modifier.body(content: ViewModifierContent { content._nodes() })._nodes()
    }
}

/// A view drawn with a value of its environment changed: what `.environment(_:_:)` makes.
public struct EnvironmentWritingView<Content: View, Value: Sendable>: PrimitiveView {
    let content: Content
    let keyPath: any WritableKeyPath<EnvironmentValues, Value> & Sendable
    let value: Value

    /// The content's nodes, drawn in the changed environment.
    public func makeNodes() -> [ViewNode] {
        var environment = EnvironmentValues.current
        environment[keyPath: keyPath] = value
        return EnvironmentValues.$current.withValue(environment) { content._nodes() }
    }
}

extension View {
    /// Applies a ``ViewModifier`` of widget code's own.
    public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> ModifiedByViewModifier<
        Self, Modifier
    > {
        ModifiedByViewModifier(content: self, modifier: modifier)
    }

    /// Draws the view with `keyPath` of its environment set to `value`: what the view's body, and
    /// the views it builds, read with `@Environment` (`SchemeLabel().environment(\.colorScheme,
    /// .dark)`). The colours are still drawn in the picture's own scheme. Unlike SwiftUI, a view
    /// written inside a stack is drawn when the stack is built, so `VStack { SchemeLabel() }
    /// .environment(...)` reads the environment around the stack, not the value written.
    public func environment<Value: Sendable>(
        _ keyPath: any WritableKeyPath<EnvironmentValues, Value> & Sendable, _ value: Value
    ) -> EnvironmentWritingView<Self, Value> {
        EnvironmentWritingView(content: self, keyPath: keyPath, value: value)
    }
}
