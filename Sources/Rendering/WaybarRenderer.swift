public import WidgetEngine
import WidgetHostKit

/// One widget as a line of Waybar's custom-module JSON (`"return-type": "json"`):
/// `{"text": the one-line summary, "tooltip": the box, "class": the kind, or "error"}`.
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
            .init("text", .string(boxes.summary(result))),
            .init("tooltip", .string(boxes.render(result, includeTimeline: false))),
            .init("class", .string(failed ? "error" : result.instance.kind)),
        ]).description
    }
}
