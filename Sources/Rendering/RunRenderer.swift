public import WidgetEngine
import WidgetHostKit

/// Turns the results of a run into output: the text boxes, the JSON document, NDJSON lines (and,
/// next, HTML and a live screen).
///
/// A renderer draws a whole run (``render(_:includeTimeline:)``) and may also draw it a result at
/// a time (``streamWriter(includeTimeline:)``), so a batch run writes each widget when it is done
/// and keeps none: text, JSON and NDJSON do. A renderer that needs every result first (a page laid
/// out as a whole) keeps the default, `nil`: the run then collects the results and draws them at
/// the end.
public protocol RunRenderer: Sendable {
    /// The output for `results`, every entry of each timeline included when `includeTimeline`.
    func render(_ results: [WidgetResult], includeTimeline: Bool) -> String

    /// The renderer's output drawn a result at a time, or `nil` when it draws only whole runs.
    func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)?
}

extension RunRenderer {
    /// `nil`: the renderer draws only whole runs.
    public func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)? { nil }
}

/// `run --format json`: `{"widgets": [...]}` and a newline.
public struct RunJSONRenderer: RunRenderer {
    /// Creates the renderer.
    public init() {}

    public func render(_ results: [WidgetResult], includeTimeline: Bool) -> String {
        RunJSON.document(results, includeTimeline: includeTimeline).description + "\n"
    }

    /// Writes `{"widgets":[`, then each object as it comes, then `]}`.
    public func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)? {
        RunJSONStreamWriter(includeTimeline: includeTimeline, lines: false)
    }
}

/// `run --format ndjson`: one widget's object a line.
public struct RunNDJSONRenderer: RunRenderer {
    /// Creates the renderer.
    public init() {}

    public func render(_ results: [WidgetResult], includeTimeline: Bool) -> String {
        results.map { RunJSON.object($0, includeTimeline: includeTimeline).description + "\n" }.joined()
    }

    /// Writes each object's line as it comes.
    public func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)? {
        RunJSONStreamWriter(includeTimeline: includeTimeline, lines: true)
    }
}
