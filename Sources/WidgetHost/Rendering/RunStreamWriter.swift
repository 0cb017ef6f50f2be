import WidgetHostKit

/// Draws a run's results one at a time, in configuration order, into an output buffer: what a
/// batch run writes as each widget is done (see ``RunRenderer/streamWriter(includeTimeline:)``).
///
/// The caller calls ``begin(into:)`` once, ``write(_:into:)`` for each result in order, then
/// ``end(into:)`` once, and may send the buffer on its way after any of them: each call appends
/// whole pieces of output (never a part of a character).
public protocol RunStreamWriter {
    /// Appends what comes before the first result.
    mutating func begin(into output: inout [UInt8])
    /// Appends `result`'s output.
    mutating func write(_ result: WidgetResult, into output: inout [UInt8])
    /// Appends what comes after the last result.
    mutating func end(into output: inout [UInt8])
}

/// The writer of a renderer that draws a run only as a whole: it keeps every result and renders
/// them at the end.
struct CollectingRunWriter: RunStreamWriter {
    let renderer: any RunRenderer
    let includeTimeline: Bool
    private var results: [WidgetResult] = []

    init(renderer: any RunRenderer, includeTimeline: Bool) {
        self.renderer = renderer
        self.includeTimeline = includeTimeline
    }

    mutating func begin(into output: inout [UInt8]) {}

    mutating func write(_ result: WidgetResult, into output: inout [UInt8]) {
        results.append(result)
    }

    mutating func end(into output: inout [UInt8]) {
        output.append(contentsOf: renderer.render(results, includeTimeline: includeTimeline).utf8)
        results = []
    }
}

/// `run --format json` and `ndjson` as the results come: the document's opening, each object
/// (comma-separated, or one a line), and its closing, written as bytes.
struct RunJSONStreamWriter: RunStreamWriter {
    let includeTimeline: Bool
    /// NDJSON (one object a line) rather than one document.
    let lines: Bool
    private var count = 0

    init(includeTimeline: Bool, lines: Bool) {
        self.includeTimeline = includeTimeline
        self.lines = lines
    }

    mutating func begin(into output: inout [UInt8]) {
        if !lines { output.append(contentsOf: #"{"widgets":["#.utf8) }
    }

    mutating func write(_ result: WidgetResult, into output: inout [UInt8]) {
        if !lines && count > 0 { output.append(UInt8(ascii: ",")) }
        RunJSON.object(result, includeTimeline: includeTimeline).write(to: &output)
        if lines { output.append(UInt8(ascii: "\n")) }
        count += 1
    }

    mutating func end(into output: inout [UInt8]) {
        if !lines { output.append(contentsOf: "]}\n".utf8) }
    }
}

/// `run`'s boxes as the results come: each box, a blank line between two.
struct WidgetBoxStreamWriter: RunStreamWriter {
    let renderer: WidgetBoxRenderer
    let includeTimeline: Bool
    private var count = 0

    init(renderer: WidgetBoxRenderer, includeTimeline: Bool) {
        self.renderer = renderer
        self.includeTimeline = includeTimeline
    }

    mutating func begin(into output: inout [UInt8]) {}

    mutating func write(_ result: WidgetResult, into output: inout [UInt8]) {
        if count > 0 { output.append(UInt8(ascii: "\n")) }
        output.append(contentsOf: renderer.render(result, includeTimeline: includeTimeline).utf8)
        count += 1
    }

    mutating func end(into output: inout [UInt8]) {}
}
