import JSON
public import WidgetEngine
import WidgetHostKit

/// Draws a run's output a result at a time: what a batch run writes as each widget is done (see
/// ``RunRenderer/streamWriter(includeTimeline:)``).
///
/// The output is ``header()``, then ``piece(_:at:)`` of each result in configuration order, then
/// ``footer(count:)``: byte for byte what the renderer's ``RunRenderer/render(_:includeTimeline:)``
/// returns for them all. A piece depends only on its result and its position, so the widgets'
/// tasks draw their own pieces, on every core, and the writer only puts them in order.
public protocol RunStreamWriter: Sendable {
    /// What comes before the first result.
    func header() -> [UInt8]
    /// The result at `index` (from 0), with what separates it from the one before.
    func piece(_ result: WidgetResult, at index: Int) -> [UInt8]
    /// What comes after the last of `count` results.
    func footer(count: Int) -> [UInt8]
}

/// `run --format json` and `ndjson` a result at a time: the document's opening, each object
/// (after a comma, or on its own line), and its closing, written as bytes.
struct RunJSONStreamWriter: RunStreamWriter {
    let includeTimeline: Bool
    /// NDJSON (one object a line) rather than one document.
    let lines: Bool

    func header() -> [UInt8] {
        lines ? [] : Array(#"{"widgets":["#.utf8)
    }

    func piece(_ result: WidgetResult, at index: Int) -> [UInt8] {
        // One buffer large enough for most widgets, then one array of the exact size.
        var bytes = JSONBytes(capacity: 8192)
        if !lines && index > 0 { bytes.raw(",") }
        RunJSON.write(result, includeTimeline: includeTimeline, to: &bytes)
        if lines { bytes.raw("\n") }
        return bytes.output
    }

    func footer(count: Int) -> [UInt8] {
        lines ? [] : Array("]}\n".utf8)
    }
}

/// `run`'s boxes a result at a time: each box, a blank line before every one but the first.
struct WidgetBoxStreamWriter: RunStreamWriter {
    let renderer: WidgetBoxRenderer
    let includeTimeline: Bool

    func header() -> [UInt8] { [] }

    func piece(_ result: WidgetResult, at index: Int) -> [UInt8] {
        Array(((index > 0 ? "\n" : "") + renderer.render(result, includeTimeline: includeTimeline)).utf8)
    }

    func footer(count: Int) -> [UInt8] { [] }
}
