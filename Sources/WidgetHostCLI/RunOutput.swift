import Rendering
import TerminalText
import WidgetEngine
import WidgetHost

/// `run`'s output on its way to standard output while the widgets are evaluated.
///
/// With a renderer that draws a result at a time (text, JSON, NDJSON), each widget's task draws
/// its piece (``prepare``), and the pieces are put in order into a buffer that is written out when
/// it holds 64 KiB and, for NDJSON and text, whenever the next widget is not done yet: a reader sees
/// each widget as soon as it and the ones before it are done. One JSON document goes out in 64 KiB
/// pieces. Nothing is kept once written, so memory does not grow with the number of widgets. A
/// renderer that draws only whole runs gets every result at the end.
struct RunOutput {
    /// How much is buffered before a write, whatever the format.
    static let chunkSize = 64 * 1024

    private let format: OutputFormat
    private let renderer: any RunRenderer
    private let includeTimeline: Bool
    private let writer: (any RunStreamWriter)?
    private var buffer: [UInt8] = []
    private var count = 0
    /// The results, for a renderer that draws only whole runs.
    private var results: [WidgetResult] = []
    /// What writes the output, beside the widgets' evaluation.
    private let thread = OutputThread()

    /// Output of `format` drawn by `renderer`.
    init(format: OutputFormat, renderer: any RunRenderer, includeTimeline: Bool) {
        self.format = format
        self.renderer = renderer
        self.includeTimeline = includeTimeline
        self.writer = renderer.streamWriter(includeTimeline: includeTimeline)
        buffer.reserveCapacity(Self.chunkSize * 2)
        if let writer { buffer.append(contentsOf: writer.header()) }
    }

    /// What a widget's task draws of its result at `index`: its piece of the output and, when it
    /// failed, its id and why; the result itself only for a renderer that draws whole runs. The
    /// result (its entries and views) is let go in the task that drew it, on every core, not in
    /// the one writing the output.
    var prepare: @Sendable (_ result: WidgetResult, _ index: Int) -> Drawn {
        guard let writer else { return { result, _ in Drawn(result: result, piece: []) } }
        return { result, index in
            Drawn(failure: Drawn.failure(of: result), piece: writer.piece(result, at: index))
        }
    }

    /// A widget as its task drew it.
    struct Drawn: Sendable {
        /// The whole result, for a renderer that draws only whole runs.
        var result: WidgetResult?
        /// The widget's id and why it failed, when it did.
        var failure: (id: String, message: String)?
        /// Its piece of the output.
        var piece: [UInt8]

        init(result: WidgetResult? = nil, failure: (id: String, message: String)? = nil, piece: [UInt8]) {
            self.result = result
            self.failure = failure ?? result.flatMap(Self.failure(of:))
            self.piece = piece
        }

        static func failure(of result: WidgetResult) -> (id: String, message: String)? {
            guard case .failure(let error) = result.outcome else { return nil }
            return (result.instance.id, error.message)
        }
    }

    /// Adds a widget drawn as `drawn.piece`, and writes the buffer out when it is full or, for a
    /// format read a widget at a time, when the next widget is not done yet.
    mutating func write(_ drawn: Drawn, nextIsReady: Bool) async {
        count += 1
        guard writer != nil else {
            if let result = drawn.result { results.append(result) }
            return
        }
        buffer.append(contentsOf: drawn.piece)
        let streamsWidgets = format != .json
        if buffer.count >= Self.chunkSize || (streamsWidgets && !nextIsReady) { await flush() }
    }

    /// Draws the end of the output, writes out what is left and waits until all is written.
    mutating func finish() async {
        if let writer {
            buffer.append(contentsOf: writer.footer(count: count))
        } else {
            buffer.append(contentsOf: renderer.render(results, includeTimeline: includeTimeline).utf8)
            results = []
        }
        await flush()
        await thread.finish()
    }

    /// Hands the buffer to the output thread: data exactly, text guarded for the terminal (the
    /// buffer holds whole widgets then, never part of a character).
    private mutating func flush() async {
        guard !buffer.isEmpty else { return }
        await thread.write(format.isData ? .data(buffer) : .text(String(decoding: buffer, as: UTF8.self)))
        buffer.removeAll(keepingCapacity: true)
    }
}
