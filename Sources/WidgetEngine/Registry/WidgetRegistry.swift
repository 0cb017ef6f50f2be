@_spi(WidgetHost) public import WidgetHostKit

/// The widgets and intents the host knows: the built-ins and, later, plugins' — by kind and by
/// intent type name.
public struct WidgetRegistry: Sendable {
    /// The widgets, in registration order.
    public private(set) var widgets: [any WidgetConfiguration] = []
    /// The intents, in registration order.
    public private(set) var intents: [any AppIntent.Type] = []
    private var widgetIndex: [String: Int] = [:]
    private var intentIndex: [String: Int] = [:]
    /// The kind each widget is registered as, in registration order.
    private var kindNames: [String] = []

    /// An empty registry.
    public init() {}

    /// A registry of the widgets and intents of `bundles`.
    /// - Throws: ``RegistryError`` when two widgets share a kind or two intents a type name.
    public init(bundles: [any WidgetBundle]) throws(RegistryError) {
        for bundle in bundles {
            for widget in bundle.widgets { try register(widget) }
            for intent in bundle.intents { try register(intent) }
        }
    }

    /// Adds a widget.
    public mutating func register(_ widget: any WidgetConfiguration) throws(RegistryError) {
        try register(widget, as: widget.metadata.kind)
    }

    /// Adds a widget under `kind`: a plugin's widget with a built-in's name, as `PLUGIN/KIND`.
    public mutating func register(_ widget: any WidgetConfiguration, as kind: String) throws(RegistryError) {
        guard widgetIndex[kind] == nil else { throw .duplicateKind(kind) }
        widgetIndex[kind] = widgets.count
        widgets.append(widget)
        kindNames.append(kind)
    }

    /// Adds an intent.
    public mutating func register(_ intent: any AppIntent.Type) throws(RegistryError) {
        let name = intent.intentType
        guard intentIndex[name] == nil else { throw .duplicateIntent(name) }
        intentIndex[name] = intents.count
        intents.append(intent)
    }

    /// The widget of `kind`.
    public func widget(kind: String) -> (any WidgetConfiguration)? {
        widgetIndex[kind].map { widgets[$0] }
    }

    /// The intent named `type`.
    public func intent(named type: String) -> (any AppIntent.Type)? {
        intentIndex[type].map { intents[$0] }
    }

    /// Every kind as it was registered (`PLUGIN/KIND` for a plugin's kind with a built-in's name),
    /// in registration order, as ``widgets`` are.
    public var kinds: [String] { kindNames }
}

/// Why widgets could not be registered.
public enum RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Two widgets declare the same kind.
    case duplicateKind(String)
    /// Two intents have the same type name.
    case duplicateIntent(String)

    /// A sentence naming the clash.
    public var description: String {
        switch self {
        case .duplicateKind(let kind): return "two widgets declare the kind '\(kind)'"
        case .duplicateIntent(let name): return "two intents are named '\(name)'"
        }
    }
}
