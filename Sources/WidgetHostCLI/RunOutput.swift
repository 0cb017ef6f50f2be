import TerminalText
import WidgetHost

/// `run`'s output on its way to standard output while the widgets are evaluated: each result is
/// drawn into a buffer as it comes, and the buffer is written out when it holds 64 KiB, and, for
/// NDJSON and text, whenever the next widget is not done yet, so a reader sees each widget as soon
/// as it and the ones before it are done. One JSON document is written in 64 KiB pieces. Nothing
/// is kept once written: memory does not grow with the number of widgets.
struct RunOutput {
    /// How much is buffered before a write, whatever the format.
    static let chunkSize = 64 * 1024

    private let format: OutputFormat
    private var writer: any RunStreamWriter
    private var buffer: [UInt8] = []

    /// Output of `format` drawn by `renderer`.
    init(format: OutputFormat, renderer: any RunRenderer, includeTimeline: Bool) {
        self.format = format
        self.writer = renderer.streamWriter(includeTimeline: includeTimeline)
        buffer.reserveCapacity(Self.chunkSize * 2)
        writer.begin(into: &buffer)
    }

    /// Draws `result`, and writes the buffer out when it is full or, for a format read a widget
    /// at a time, when the next widget is not done yet.
    mutating func write(_ result: WidgetResult, nextIsReady: Bool) {
        writer.write(result, into: &buffer)
        let streamsWidgets = format != .json
        if buffer.count >= Self.chunkSize || (streamsWidgets && !nextIsReady) { flush() }
    }

    /// Draws the end of the output and writes out what is left.
    mutating func finish() {
        writer.end(into: &buffer)
        flush()
    }

    /// Writes the buffer out: data exactly, text guarded for the terminal (the buffer holds whole
    /// widgets then, never part of a character).
    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        if format.isData {
            StandardStream.output.writeData(buffer)
        } else {
            StandardStream.output.write(String(decoding: buffer, as: UTF8.self))
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
