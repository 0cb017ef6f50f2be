import Foundation
import PluginProtocol
@_exported import WidgetHostKit
@_spi(WidgetHost) import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves SDK widgets and intents to widgethost over the plugin protocol (JSON-RPC 2.0, one JSON
/// object per line on stdin and stdout), so a plugin's `main` is one line:
///
/// ```swift
/// await PluginServer.serve(bundles: [CountdownBundle()])
/// ```
///
/// User code's `print` goes to stderr (the plugin's log), never into the protocol stream. This module
/// re-exports the SDK, so a plugin's one import is `import WidgetHostPlugin`.
public enum PluginServer {
    /// Serves `bundles` until stdin ends, then exits 0. Run by hand in a terminal (no
    /// `WIDGETHOST_PLUGIN` in the environment), it says what it is and exits 64.
    public static func serve(bundles: [any WidgetBundle]) async -> Never {
        await serve(widgets: bundles.flatMap(\.widgets), intents: bundles.flatMap(\.intents))
    }

    /// Serves `bundle`'s widgets and `intents` with its own (what a `@main` bundle runs).
    package static func serve(bundle: some WidgetBundle, intents: [any AppIntent.Type]) async -> Never {
        let declared = Set(bundle.intents.map { $0.intentType })
        await serve(
            widgets: bundle.widgets,
            intents: bundle.intents + intents.filter { !declared.contains($0.intentType) })
    }

    /// Serves `widgets` and `intents` (what a `@main` widget runs).
    package static func serve(widgets: [any WidgetConfiguration], intents: [any AppIntent.Type]) async
        -> Never
    {
        if isatty(0) != 0 && ProcessInfo.processInfo.environment["WIDGETHOST_PLUGIN"] == nil {
            let name =
                CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "this program"
            let kinds = widgets.map(\.metadata.kind).joined(separator: ", ")
            let text =
                "\(name) is a widgethost plugin serving \(kinds); widgethost starts it and talks to it "
                + "on stdin/stdout. Put it in a plugin folder with a plugin.yaml and run "
                + "'widgethost plugins check --plugins <folder>'.\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
            exit(64)
        }
        // The protocol keeps the real stdout; fd 1 (and so `print`) becomes stderr.
        let output = dup(1)
        dup2(2, 1)
        let server = RequestHandler(widgets: widgets, intents: intents)
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            buffer.append(contentsOf: chunk[0..<count])
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                if let reply = await server.handle(line: line) {
                    let text = reply.line
                    _ = text.withCString { pointer in writeAll(output, pointer, strlen(pointer)) }
                }
            }
        }
        exit(0)
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafePointer<CChar>, _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let written = write(fd, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
