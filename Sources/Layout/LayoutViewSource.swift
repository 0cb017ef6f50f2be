public import JSON
public import WidgetHostKit

/// What the layout reads of a view: a drawn ``ViewNode`` as it is, or a view tree's JSON (`run
/// --format json`'s `view`, a plugin's). Each answers as the other's JSON would, so a
/// ``ViewNode`` is laid out without being written as JSON first.
public protocol LayoutViewSource {
    /// The modifiers' type.
    associatedtype Modifier: LayoutModifierSource

    /// `type` (`vstack`, `text`, ...), or empty.
    var viewType: String { get }
    /// `type` as one of the vocabulary's views, or `nil` for another.
    var viewKind: ViewNode.Kind? { get }
    /// `text`.
    var viewText: String? { get }
    /// `systemName`.
    var viewSystemName: String? { get }
    /// `isOn`.
    var viewIsOn: Bool? { get }
    /// `value` (a progress view's), when it is a finite number.
    var viewValue: Double? { get }
    /// A number named `key` (a stack's `spacing`, a spacer's `minLength`).
    func viewNumber(_ key: String) -> Double?
    /// A string named `key` (a stack's `alignment`).
    func viewString(_ key: String) -> String?
    /// `children`.
    var viewChildren: [Self] { get }
    /// `modifiers`, in order.
    var viewModifiers: [Modifier] { get }
}

extension LayoutViewSource {
    /// `type` read as a ``ViewNode/Kind``.
    public var viewKind: ViewNode.Kind? { ViewNode.Kind(rawValue: viewType) }
}

/// What the layout reads of a view modifier: its `type` and its values by name.
public protocol LayoutModifierSource {
    /// `type`.
    var modifierType: String? { get }
    /// `type` as one of the modifiers widgethost records, or `nil` for another.
    var modifierKind: ViewModifierNode.Kind? { get }
    /// The value named `key`.
    subscript(key: String) -> JSONValue? { get }
}

extension LayoutModifierSource {
    /// `type` read as a ``ViewModifierNode/Kind``.
    public var modifierKind: ViewModifierNode.Kind? {
        modifierType.flatMap(ViewModifierNode.Kind.init(rawValue:))
    }
}

extension JSONValue: LayoutViewSource, LayoutModifierSource {
    public var viewType: String { self["type"]?.stringValue ?? "" }
    public var viewText: String? { self["text"]?.stringValue }
    public var viewSystemName: String? { self["systemName"]?.stringValue }
    public var viewIsOn: Bool? { self["isOn"]?.boolValue }
    public var viewValue: Double? { self["value"]?.finiteNumber }
    public func viewNumber(_ key: String) -> Double? { self[key]?.finiteNumber }
    public func viewString(_ key: String) -> String? { self[key]?.stringValue }
    public var viewChildren: [JSONValue] {
        if case .array(let items)? = self["children"] { return items }
        return []
    }
    public var viewModifiers: [JSONValue] {
        if case .array(let items)? = self["modifiers"] { return items }
        return []
    }
    public var modifierType: String? { self["type"]?.stringValue }

    /// An integer or a finite number, as a `Double` (``JSONValue/doubleValue`` when finite).
    public var finiteNumber: Double? { doubleValue.flatMap { $0.isFinite ? $0 : nil } }
}

extension ViewNode: LayoutViewSource {
    public var viewType: String { type.rawValue }
    /// Its kind as it is, without reading its name.
    public var viewKind: ViewNode.Kind? { type }
    public var viewText: String? { text }
    public var viewSystemName: String? { systemName }
    public var viewIsOn: Bool? { isOn }
    public var viewValue: Double? { value.flatMap { $0.isFinite ? $0 : nil } }
    public func viewNumber(_ key: String) -> Double? {
        switch key {
        case "spacing": return spacing
        case "minLength": return minLength
        default: return nil
        }
    }
    public func viewString(_ key: String) -> String? { key == "alignment" ? alignment : nil }
    /// The children its JSON has: a text, image or spacer writes none.
    public var viewChildren: [ViewNode] {
        switch type {
        case .vstack, .hstack, .zstack, .button, .toggle, .link, .progress: return children
        case .text, .image, .spacer: return []
        }
    }
    public var viewModifiers: [ViewModifierNode] { modifiers }
}

extension ViewModifierNode: LayoutModifierSource {
    public var modifierType: String? { type.rawValue }
    /// Its kind as it is, without reading its name.
    public var modifierKind: ViewModifierNode.Kind? { type }
}
