public import JSON
public import Layout
public import WidgetEngine
public import WidgetHostKit

/// `run --format layout`: the geometry every picture is drawn from, as JSON (`{"device": {"name",
/// "scale"}, "widgets": [...]}`), each widget's object `id`, `kind`, `family`, `colorScheme`,
/// `size` and `layout` (the root node: the widget), with `warnings` when the layout had to change
/// something to lay the view out, or `error` for a failed widget, as in `run --format json`.
public struct RunLayoutRenderer: RunRenderer {
    /// The colour scheme the colours are resolved for.
    public var colorScheme: ColorScheme
    /// The device whose sizes are used.
    public var device: Device

    /// Creates the renderer.
    public init(colorScheme: ColorScheme = .light, device: Device = .reference) {
        self.colorScheme = colorScheme
        self.device = device
    }

    public func render(_ results: [WidgetResult], includeTimeline: Bool) -> String {
        let writer = RunLayoutStreamWriter(renderer: self)
        var bytes = writer.header()
        for (index, result) in results.enumerated() { bytes += writer.piece(result, at: index) }
        bytes += writer.footer(count: results.count)
        return String(decoding: bytes, as: UTF8.self)
    }

    public func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)? {
        RunLayoutStreamWriter(renderer: self)
    }

    /// The layout of a widget's current view in the renderer's scheme.
    public func layout(_ result: WidgetResult) -> Result<WidgetLayout, WidgetFailure> {
        result.outcome.map { evaluation in
            LayoutEngine.layout(
                evaluation.current.view, family: result.family, colorScheme: colorScheme, device: device)
        }
    }

    /// One widget's object through `sink`.
    func write(_ result: WidgetResult, to sink: inout some JSONSink) {
        write(result, layout: layout(result), to: &sink)
    }

    /// One widget's object through `sink`, its layout (in the renderer's scheme) already made.
    public func write(
        _ result: WidgetResult, layout: Result<WidgetLayout, WidgetFailure>, to sink: inout some JSONSink
    ) {
        sink.beginObject()
        RunJSON.writeWidget(result, to: &sink)
        sink.key("colorScheme")
        sink.string(colorScheme.rawValue)
        let size = device.size(of: result.family)
        sink.key("size")
        sink.beginObject()
        sink.key("width")
        sink.value(.int(Int(size.width)))
        sink.key("height")
        sink.value(.int(Int(size.height)))
        sink.endObject()
        switch layout {
        case .success(let layout):
            sink.key("layout")
            layout.root.write(to: &sink)
            if !layout.warnings.isEmpty {
                sink.key("warnings")
                sink.beginArray()
                for warning in layout.warnings { sink.string(warning) }
                sink.endArray()
            }
        case .failure(let failure):
            RunJSON.writeError(failure, to: &sink)
        }
        sink.endObject()
    }
}

/// `run --format layout` a result at a time.
struct RunLayoutStreamWriter: RunStreamWriter {
    let renderer: RunLayoutRenderer

    func header() -> [UInt8] {
        let device = JSONValue.object([
            .init("name", .string(renderer.device.name)), .init("scale", .int(renderer.device.scale)),
        ])
        return Array(("{\"device\":" + device.description + ",\"widgets\":[").utf8)
    }

    func piece(_ result: WidgetResult, at index: Int) -> [UInt8] {
        var bytes = JSONBytes(capacity: 16384)
        if index > 0 { bytes.raw(",") }
        renderer.write(result, to: &bytes)
        return bytes.output
    }

    func footer(count: Int) -> [UInt8] {
        Array("]}\n".utf8)
    }
}
