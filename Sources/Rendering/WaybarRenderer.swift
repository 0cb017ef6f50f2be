public import WidgetEngine
import WidgetHostKit

/// One widget as a line of Waybar's custom-module JSON (`"return-type": "json"`):
/// `{"text": the one-line summary, "tooltip": the box, "class": the kind, or "error"}`.
///
/// Waybar reads `text` and `tooltip` as Pango markup (unless the module sets `"escape": true`),
/// so a task titled `R&D <review>` would break the module or be drawn as markup: both are written
/// escaped, as markup text whose every character shows as itself (the module must then leave
/// `escape` unset, or the escapes would show).
public struct WaybarRenderer: Sendable {
    private let boxes: WidgetBoxRenderer

    /// A renderer drawing symbols with `symbols`.
    public init(symbols: [String: String] = [:]) {
        boxes = WidgetBoxRenderer(symbols: symbols)
    }

    /// The line for `result`, without its newline.
    public func line(_ result: WidgetResult) -> String {
        let failed: Bool
        if case .failure = result.outcome { failed = true } else { failed = false }
        return JSONValue.object([
            .init("text", .string(Self.markupEscaped(boxes.summary(result)))),
            .init("tooltip", .string(Self.markupEscaped(boxes.render(result, includeTimeline: false)))),
            .init("class", .string(failed ? "error" : result.instance.kind)),
        ]).description
    }

    /// `text` as Pango markup that shows it as written: `&`, `<`, `>`, `'` and `"` as entities,
    /// as GLib's `g_markup_escape_text` writes them (Pango markup is XML: the HTML page's escaping,
    /// which also shows a C0 control as its picture, where XML allows none).
    public static func markupEscaped(_ text: String) -> String {
        HTMLText.escaped(text)
    }
}
