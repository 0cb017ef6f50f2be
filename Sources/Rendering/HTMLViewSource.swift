import WidgetHostKit

/// What ``HTMLViewWriter`` reads of a view: a drawn ``ViewNode`` as it is, or a view tree's JSON
/// (`run --format json`'s `view`). Each answers as the other's JSON would: a ``ViewNode`` is read
/// without being written as JSON first.
protocol HTMLViewSource {
    /// The modifiers' type.
    associatedtype Modifier: HTMLModifierSource

    /// `type` (`vstack`, `text`, ...), or empty.
    var viewType: String { get }
    /// `text`.
    var viewText: String? { get }
    /// `systemName`.
    var viewSystemName: String? { get }
    /// `url`.
    var viewURL: String? { get }
    /// `isOn`.
    var viewIsOn: Bool? { get }
    /// `intent.type`.
    var viewIntentType: String? { get }
    /// `value` (a progress view's), when it is a finite number.
    var viewValue: Double? { get }
    /// A number named `key` (a stack's `spacing`; a spacer's `minLength`, in JSON only).
    func viewNumber(_ key: String) -> Double?
    /// A string named `key` (a stack's `alignment`).
    func viewString(_ key: String) -> String?
    /// `children`.
    var viewChildren: [Self] { get }
    /// `modifiers`, in order.
    var viewModifiers: [Modifier] { get }
}

/// What ``HTMLViewWriter`` reads of a view modifier: its `type` and its values by name.
protocol HTMLModifierSource {
    /// `type`.
    var modifierType: String? { get }
    /// The value named `key`.
    subscript(key: String) -> JSONValue? { get }
}

extension JSONValue: HTMLViewSource, HTMLModifierSource {
    var viewType: String { self["type"]?.stringValue ?? "" }
    var viewText: String? { self["text"]?.stringValue }
    var viewSystemName: String? { self["systemName"]?.stringValue }
    var viewURL: String? { self["url"]?.stringValue }
    var viewIsOn: Bool? { self["isOn"]?.boolValue }
    var viewIntentType: String? { self["intent"]?["type"]?.stringValue }
    var viewValue: Double? { self["value"]?.finiteNumber }
    func viewNumber(_ key: String) -> Double? { self[key]?.finiteNumber }
    func viewString(_ key: String) -> String? { self[key]?.stringValue }
    var viewChildren: [JSONValue] {
        if case .array(let items)? = self["children"] { return items }
        return []
    }
    var viewModifiers: [JSONValue] {
        if case .array(let items)? = self["modifiers"] { return items }
        return []
    }
    var modifierType: String? { self["type"]?.stringValue }

    /// An integer or a finite number, as a `Double`.
    var finiteNumber: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value) where value.isFinite: return value
        default: return nil
        }
    }
}

extension ViewNode: HTMLViewSource {
    var viewType: String { type.rawValue }
    var viewText: String? { text }
    var viewSystemName: String? { systemName }
    var viewURL: String? { url }
    var viewIsOn: Bool? { isOn }
    var viewIntentType: String? { intent?.type }
    var viewValue: Double? { value.flatMap { $0.isFinite ? $0 : nil } }
    func viewNumber(_ key: String) -> Double? {
        switch key {
        case "spacing": return spacing
        case "minLength": return minLength
        default: return nil
        }
    }
    func viewString(_ key: String) -> String? { key == "alignment" ? alignment : nil }
    /// The children its JSON has: a text, image or spacer writes none.
    var viewChildren: [ViewNode] {
        switch type {
        case .vstack, .hstack, .zstack, .button, .toggle, .link, .progress: return children
        case .text, .image, .spacer: return []
        }
    }
    var viewModifiers: [ViewModifierNode] { modifiers }
}

extension ViewModifierNode: HTMLModifierSource {
    var modifierType: String? { type.rawValue }
}
