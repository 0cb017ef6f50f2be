import Layout
import WidgetHostKit

/// What the page reads of a view beyond what the layout reads (``LayoutViewSource``): what a
/// control runs or opens. A drawn ``ViewNode`` answers as it is, a view tree's JSON (`run
/// --format json`'s `view`) as its members say.
protocol HTMLViewSource: LayoutViewSource {
    /// `url`.
    var viewURL: String? { get }
    /// `intent.type`.
    var viewIntentType: String? { get }
}

extension JSONValue: HTMLViewSource {
    var viewURL: String? { self["url"]?.stringValue }
    var viewIntentType: String? { self["intent"]?["type"]?.stringValue }
}

extension ViewNode: HTMLViewSource {
    var viewURL: String? { url }
    var viewIntentType: String? { intent?.type }
}

/// What the page knows of a control besides where it is: the intent it runs, the URL it opens,
/// and whether it is disabled (by its own `disabled` modifier or an enclosing view's).
struct HTMLControl: Sendable, Hashable {
    /// `intent.type`, as `data-intent` carries it.
    var intentType: String?
    /// A link's URL.
    var url: String?
    /// Whether a `disabled` modifier holds it.
    var isDisabled: Bool

    /// The controls of `view` in `tap`'s order (depth first, numbered from 1: the first is
    /// element 0), and the URL the widget opens when tapped elsewhere (`widgetURL`: the first a
    /// view other than a link carries, depth first).
    static func controls(of view: some HTMLViewSource) -> (controls: [HTMLControl], widgetURL: String?) {
        var controls: [HTMLControl] = []
        var widgetURL: String?
        withUnsafePointer(to: view) { root in
            collect(root, disabled: false, into: &controls, widgetURL: &widgetURL)
        }
        return (controls, widgetURL)
    }

    /// Collects the controls of the view `view` points to and of the views under it. The views
    /// are read where they are, through pointers (a view passed as a value is copied first).
    private static func collect<View: HTMLViewSource>(
        _ view: UnsafePointer<View>, disabled: Bool, into controls: inout [HTMLControl],
        widgetURL: inout String?
    ) {
        // Kinds, not names, compared: the drawn view has them as they are.
        let kind = view.pointee.viewKind
        var disabled = disabled
        for modifier in view.pointee.viewModifiers where modifier.modifierKind == .disabled {
            if modifier["isActive"]?.boolValue ?? true { disabled = true }
        }
        if kind == .button || kind == .toggle || kind == .link {
            controls.append(
                HTMLControl(
                    intentType: view.pointee.viewIntentType, url: kind == .link ? view.pointee.viewURL : nil,
                    isDisabled: disabled))
        } else if widgetURL == nil, kind != .spacer, let url = view.pointee.viewURL {
            widgetURL = url
        }
        view.pointee.viewChildren.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for index in children.indices {
                collect(first + index, disabled: disabled, into: &controls, widgetURL: &widgetURL)
            }
        }
    }
}
