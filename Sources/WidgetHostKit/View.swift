public import Foundation

/// A piece of a widget's view, written as in SwiftUI, modifiers included:
///
/// ```swift
/// struct TaskRowView: View {
///     let task: Task
///     var body: some View {
///         Button(intent: ToggleTaskIntent(taskID: task.id)) {
///             Image(systemName: task.isCompleted ? "checkmark.circle.fill" : "circle")
///             Text(task.title)
///         }
///     }
/// }
/// ```
public protocol View: Sendable {
    /// The view this one is made of.
    associatedtype Body: View
    /// The view's content.
    @ViewBuilder var body: Body { get }
    /// The nodes the view draws: its body's, or a primitive view's own. The SDK implements it (as
    /// SwiftUI's `_makeView`); a view never does. A requirement rather than a cast to
    /// ``PrimitiveView``, so drawing a view costs a call, not a dynamic cast for every view drawn.
    func _nodes() -> [ViewNode]
}

extension View {
    /// The body's nodes.
    public func _nodes() -> [ViewNode] { body._nodes() }
}

/// A view the SDK draws itself (a stack, a text, a button...), without a body of its own.
public protocol PrimitiveView: View where Body == Never {
    /// The nodes this view draws.
    func makeNodes() -> [ViewNode]
}

extension PrimitiveView {
    /// The view's own nodes.
    public func _nodes() -> [ViewNode] { makeNodes() }
}

extension PrimitiveView {
    /// Primitive views have no body: ``ViewRenderer`` asks ``makeNodes()`` and never reads this,
    /// as SwiftUI never reads the body of its primitives.
    public var body: Never { return preconditionFailure("\(Self.self) is a primitive view and has no body") }
}

extension Never: View {
    /// Never has no body.
    public var body: Never { return preconditionFailure("Never has no body") }
}

/// Turns views into nodes, in the environment (family...) of the widget being drawn.
@_spi(WidgetHost) public enum ViewRenderer {
    /// The nodes `view` draws.
    public static func nodes(of view: some View) -> [ViewNode] {
        view._nodes()
    }

    /// The single root node of `view`: its node, or a vertical stack of several; a `widgetURL` set
    /// anywhere in the tree becomes the root's `url`, as WidgetKit gives the whole widget one URL.
    public static func root(of view: some View) -> ViewNode {
        var nodes = nodes(of: view)
        // The nodes are moved into the root, not copied, so hoisting changes the tree in place.
        var root: ViewNode
        if nodes.count == 1 {
            root = nodes.removeLast()
        } else {
            root = ViewNode(type: .vstack, children: nodes)
            nodes = []
        }
        root.hoistWidgetURL()
        return root
    }

    /// `root(of:)` with `environment` as what `@Environment` reads.
    public static func root(of view: some View, in environment: EnvironmentValues) -> ViewNode {
        EnvironmentValues.$current.withValue(environment) { root(of: view) }
    }
}

/// Views collected by a ``ViewBuilder``: already drawn into nodes.
public struct ViewGroup: PrimitiveView {
    /// The nodes.
    public var nodes: [ViewNode]

    /// Creates a group.
    public init(_ nodes: [ViewNode]) {
        self.nodes = nodes
    }

    /// The nodes.
    public func makeNodes() -> [ViewNode] { nodes }
}

/// Builds views from statements, `if`, `switch` and `for`, as SwiftUI's `@ViewBuilder`.
@resultBuilder
public enum ViewBuilder {
    /// A view in a builder.
    public static func buildExpression(_ view: some View) -> ViewGroup {
        ViewGroup(view._nodes())
    }

    /// A group already built, passed through.
    public static func buildExpression(_ group: ViewGroup) -> ViewGroup { group }

    /// No views.
    public static func buildBlock() -> ViewGroup { ViewGroup([]) }

    /// The first of several views in order.
    public static func buildPartialBlock(first: ViewGroup) -> ViewGroup { first }

    /// The views so far and the next, in order: appended in place, not copied per view.
    public static func buildPartialBlock(accumulated: consuming ViewGroup, next: ViewGroup) -> ViewGroup {
        var group = accumulated
        let needed = group.nodes.count + next.nodes.count
        // A block's first view gives an array of one: room for a few more at once.
        if group.nodes.capacity < needed {
            group.nodes.reserveCapacity(max(needed, 2 * group.nodes.count, 4))
        }
        group.nodes.append(contentsOf: next.nodes)
        return group
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: ViewGroup?) -> ViewGroup { part ?? ViewGroup([]) }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: ViewGroup) -> ViewGroup { part }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: ViewGroup) -> ViewGroup { part }

    /// A `for` loop.
    public static func buildArray(_ parts: [ViewGroup]) -> ViewGroup { ViewGroup(parts.flatMap(\.nodes)) }

    /// An `if #available`.
    public static func buildLimitedAvailability(_ part: ViewGroup) -> ViewGroup { part }
}

/// An optional view draws its view, or nothing, as in SwiftUI.
extension Optional: View where Wrapped: View {
    /// Never read: an optional is primitive.
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    /// The wrapped view's nodes, or none.
    public func makeNodes() -> [ViewNode] {
        map { $0._nodes() } ?? []
    }
}

/// Values a view reads with `@Environment`: the widget's family, as in WidgetKit.
public struct EnvironmentValues: Sendable {
    /// The family the widget is drawn in.
    public var widgetFamily: WidgetFamily
    /// Whether the widget is drawn as a preview.
    public var isPreview: Bool
    /// The time the view is drawn for (the entry's date): what `Text(date, style: .relative)` counts
    /// from.
    public var drawingDate: Date

    /// Creates values.
    public init(
        widgetFamily: WidgetFamily = .systemSmall, isPreview: Bool = false,
        drawingDate: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.widgetFamily = widgetFamily
        self.isPreview = isPreview
        self.drawingDate = drawingDate
    }

    /// Values written with `.environment(_:_:)` over the host's, by name, and those of widget
    /// code's own keys (``EnvironmentKey``), by key.
    private var written: [String: any Sendable] = [:]
    private var keyed: [ObjectIdentifier: any Sendable] = [:]

    /// The values of the view being drawn now.
    @TaskLocal public static var current = EnvironmentValues()

    /// The value of a key of widget code's own (`EnvironmentValues[MyKey.self]`, behind an
    /// `extension EnvironmentValues { var myValue: ... }`): its default until written.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { keyed[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { keyed[ObjectIdentifier(key)] = newValue }
    }

    /// The value written under `name`, or the host's.
    func written<Value>(_ name: String, else hosts: Value) -> Value {
        written[name] as? Value ?? hosts
    }

    /// Writes `value` under `name`.
    mutating func write(_ name: String, _ value: any Sendable) {
        written[name] = value
    }
}

/// A value of the environment of widget code's own, as SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
    /// The value's type.
    associatedtype Value: Sendable
    /// The value until a view writes one.
    static var defaultValue: Value { get }
}

/// Reads a value of the environment, as SwiftUI's `@Environment(\.widgetFamily) var family`.
@propertyWrapper
public struct Environment<Value: Sendable>: Sendable {
    private let keyPath: any KeyPath<EnvironmentValues, Value> & Sendable

    /// Reads `keyPath` of the environment.
    public init(_ keyPath: any KeyPath<EnvironmentValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    /// The value in the view being drawn now.
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}
