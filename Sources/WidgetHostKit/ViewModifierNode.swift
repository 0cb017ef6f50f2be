public import JSON

/// One view modifier as a ``ViewNode`` records it: `{"type": NAME, ...values}`, in the order the
/// modifiers were written (padding then background differs from background then padding).
public struct ViewModifierNode: Sendable, Hashable, JSONSinkWritable {
    /// The modifiers widgethost records: the view vocabulary's (docs/plugins.md), plus the corner shapes, control
    /// styles, effects and animations the seeds use.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `style` (largeTitle ... caption2) or `size`, and an optional `weight`.
        case font
        /// `weight` (ultraLight ... black).
        case fontWeight
        /// `style`: primary, secondary, tertiary, quaternary, a colour name, or `#RRGGBB`; `opacity`.
        case foregroundStyle
        /// `isActive`, and an optional `color`.
        case strikethrough
        /// `limit` (lines), or no limit when absent.
        case lineLimit
        /// `edges` and an optional `length` (points; the system's default when absent).
        case padding
        /// `style` (as foregroundStyle), and for a shape `shape` and its `cornerRadius`; or a whole
        /// view behind (`view`, a node's JSON) at `alignment` (`.background { ... }`).
        case background
        /// `width`, `height`, `minWidth`, `maxWidth`, `minHeight`, `maxHeight` (points or
        /// `"infinity"`), `alignment`.
        case frame
        /// `value` from 0 to 1.
        case opacity
        /// `transition`: identity, opacity, interpolate, numericText or symbolEffect (`effect`).
        case contentTransition
        /// Content that goes stale while an intent runs.
        case invalidatableContent
        /// Tinted in the accented rendering mode.
        case widgetAccentable
        /// The widget's background (`style`), on the root view.
        case containerBackground
        /// Rounded corners of `radius` points.
        case cornerRadius
        /// Clipped to `shape` (capsule, circle, rectangle, roundedRectangle with `cornerRadius`).
        case clipShape
        /// A button's `style`: automatic, plain, borderless, bordered, borderedProminent.
        case buttonStyle
        /// A toggle's `style`: automatic, switch, button.
        case toggleStyle
        /// A control's label is hidden (still read by accessibility).
        case labelsHidden
        /// Drawn at `scale` times its size, or `x` times as wide and `y` times as tall, about
        /// `anchorX` and `anchorY` (fractions of its frame; the centre when absent).
        case scaleEffect
        /// A shadow of `radius` points, offset by `x` and `y`, in `color`.
        case shadow
        /// Drawn moved by `x` and `y` points, its frame where it was (`.offset(x:y:)`).
        case offset
        /// Drawn turned by `degrees`, clockwise, about `anchorX` and `anchorY` (the centre when
        /// absent; `.rotationEffect(_:anchor:)`).
        case rotationEffect
        /// Changes animate with `curve` (easeInOut, linear, spring ...) over `duration` seconds.
        case animation
        /// A control that cannot be used (`isActive`, true when absent).
        case disabled
        /// On the root view: the widget's content takes the whole widget, without WidgetKit's
        /// content margins (the configuration's `.contentMarginsDisabled()`).
        case contentMarginsDisabled
        /// The view at its ideal size along `horizontal` and `vertical` (each true when absent).
        case fixedSize
        /// Which view of a stack gets room first: `value`, higher first (0 when absent).
        case layoutPriority
        /// Text that does not fit shrinks down to `factor` (above 0, at most 1) of its size.
        case minimumScaleFactor
        /// A view (`view`, a node's JSON) drawn over this one at `alignment` (`.overlay { ... }`).
        case overlay
        /// The tint of the controls and progress bars inside (`style`, as foregroundStyle, and
        /// `opacity`; `.tint(.orange)`): a button's fill and label, a link, a switch, a bar.
        case tint
        /// A SwiftUI or WidgetKit modifier with no meaning in widgethost, named by `api`: recorded so
        /// the host says it ignored it, never drawn.
        case ignored
    }

    /// The modifier.
    public var type: Kind
    /// Its values, in a fixed order, without `type`.
    public var values: [JSONValue.Member]

    /// Creates a modifier.
    public init(_ type: Kind, _ values: [JSONValue.Member] = []) {
        self.type = type
        self.values = values
    }

    /// The value named `key`, if the modifier has one.
    public subscript(key: String) -> JSONValue? {
        values.first { $0.key == key }?.value
    }

    /// Writes `{"type": NAME, ...values}`.
    public func write(to sink: inout some JSONSink) {
        sink.beginObject()
        sink.key("type")
        sink.string(type.rawValue)
        for member in values {
            sink.key(named: member.key)
            sink.value(member.value)
        }
        sink.endObject()
    }
}

extension ViewModifierNode.Kind {
    /// The values a modifier of this kind takes, by name: what a reader of a plugin's view keeps
    /// (the engine's view vocabulary warns about the others).
    public var valueNames: [String] {
        switch self {
        case .font: return ["style", "size", "weight"]
        case .fontWeight: return ["weight"]
        case .foregroundStyle, .containerBackground: return ["style", "opacity"]
        case .strikethrough: return ["isActive", "color"]
        case .lineLimit: return ["limit"]
        case .padding: return ["edges", "length"]
        case .background: return ["style", "opacity", "shape", "cornerRadius", "alignment", "view"]
        case .frame:
            return [
                "width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight",
                "maxHeight",
                "alignment",
            ]
        case .opacity: return ["value"]
        case .contentTransition: return ["transition", "effect", "countsDown", "value"]
        case .invalidatableContent, .widgetAccentable: return ["isActive"]
        case .cornerRadius: return ["radius"]
        case .clipShape: return ["shape", "cornerRadius"]
        case .buttonStyle, .toggleStyle: return ["style"]
        case .labelsHidden: return []
        case .scaleEffect: return ["scale", "x", "y", "anchorX", "anchorY"]
        case .shadow: return ["color", "opacity", "radius", "x", "y"]
        case .offset: return ["x", "y"]
        case .rotationEffect: return ["degrees", "anchorX", "anchorY"]
        case .animation: return ["curve", "duration"]
        case .disabled: return ["isActive"]
        case .contentMarginsDisabled: return []
        case .fixedSize: return ["horizontal", "vertical"]
        case .layoutPriority: return ["value"]
        case .minimumScaleFactor: return ["factor"]
        case .overlay: return ["alignment", "view"]
        case .tint: return ["style", "opacity"]
        case .ignored: return ["api"]
        }
    }
}
