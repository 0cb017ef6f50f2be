import WidgetHostKit

/// Turns the results of a run into output: the text boxes, the JSON document, NDJSON lines (and,
/// next, HTML and a live screen).
public protocol RunRenderer: Sendable {
    /// The output for `results`, every entry of each timeline included when `includeTimeline`.
    func render(_ results: [WidgetResult], includeTimeline: Bool) -> String
}

/// `run --format json`: `{"widgets": [...]}` and a newline.
public struct RunJSONRenderer: RunRenderer {
    /// Creates the renderer.
    public init() {}

    public func render(_ results: [WidgetResult], includeTimeline: Bool) -> String {
        RunJSON.document(results, includeTimeline: includeTimeline).description + "\n"
    }
}

/// `run --format ndjson`: one widget's object a line.
public struct RunNDJSONRenderer: RunRenderer {
    /// Creates the renderer.
    public init() {}

    public func render(_ results: [WidgetResult], includeTimeline: Bool) -> String {
        results.map { RunJSON.object($0, includeTimeline: includeTimeline).description + "\n" }.joined()
    }
}
