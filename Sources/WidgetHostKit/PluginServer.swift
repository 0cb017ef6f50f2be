import Foundation
import Synchronization

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
/// User code's `print` goes to stderr (the plugin's log), never into the protocol stream.
public enum PluginServer {
    /// Serves `bundles` until stdin ends, then exits 0. Run by hand in a terminal (no
    /// `WIDGETHOST_PLUGIN` in the environment), it says what it is and exits 64.
    public static func serve(bundles: [any WidgetBundle]) async -> Never {
        if isatty(0) != 0 && ProcessInfo.processInfo.environment["WIDGETHOST_PLUGIN"] == nil {
            let name =
                CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "this program"
            let kinds = bundles.flatMap(\.widgets).map(\.metadata.kind).joined(separator: ", ")
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
        let server = Server(widgets: bundles.flatMap(\.widgets), intents: bundles.flatMap(\.intents))
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
                    let text = reply.description + "\n"
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

/// Dispatches requests to widgets and intents.
private struct Server {
    let widgets: [any WidgetConfiguration]
    let intents: [any AppIntent.Type]

    /// The reply to one line; `nil` for a notification.
    func handle(line: [UInt8]) async -> JSONValue? {
        let message: JSONValue
        do throws(JSONParseError) {
            message = try JSONValue(parsing: line)
        } catch {
            return Self.error(id: .null, code: -32700, message: "parse error: \(error)")
        }
        guard let id = message["id"] else { return nil }
        guard let method = message["method"]?.stringValue else {
            return Self.error(id: id, code: -32600, message: "invalid request: no method")
        }
        let params = message["params"] ?? .object([])
        do {
            let result: JSONValue
            switch method {
            case "initialize": result = initialize()
            case "timeline", "snapshot", "placeholder":
                result = try await render(method: method, params: params)
            case "perform": result = try await perform(params)
            default: return Self.error(id: id, code: -32601, message: "unknown method '\(method)'")
            }
            return .object([.init("jsonrpc", .string("2.0")), .init("id", id), .init("result", result)])
        } catch let error as ServerError {
            return Self.error(id: id, code: -32602, message: error.message)
        } catch let error as IntentParameterError {
            // JSON-RPC's "invalid params": the host reports it as invalid input, not a failure.
            return Self.error(id: id, code: -32602, message: error.message)
        } catch {
            return Self.error(id: id, code: -32000, message: "\(error)")
        }
    }

    static func error(id: JSONValue, code: Int, message: String) -> JSONValue {
        .object([
            .init("jsonrpc", .string("2.0")), .init("id", id),
            .init("error", .object([.init("code", .int(code)), .init("message", .string(message))])),
        ])
    }

    func initialize() -> JSONValue {
        let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "plugin"
        return .object([
            .init("protocolVersion", .int(1)),
            .init("plugin", .object([.init("name", .string(name)), .init("version", .string("1.0"))])),
            .init(
                "widgets",
                .array(
                    widgets.map { widget in
                        .object([
                            .init("kind", .string(widget.metadata.kind)),
                            .init("displayName", .string(widget.metadata.displayName)),
                            .init("description", .string(widget.metadata.description)),
                            .init(
                                "supportedFamilies",
                                .array(widget.metadata.supportedFamilies.map { .string($0.rawValue) })),
                            .init("parameters", .array(widget.parameters.map(\.json))),
                        ])
                    })),
            .init(
                "intents",
                .array(
                    intents.map { intent in
                        .object([
                            .init("type", .string(intent.intentType)),
                            .init("title", .string(intent.title)),
                            .init("description", .string(intent.description.text)),
                            .init(
                                "parameters",
                                .array(ParameterReflection.descriptions(of: intent.init()).map(\.json))),
                        ])
                    })),
        ])
    }

    func render(method: String, params: JSONValue) async throws -> JSONValue {
        guard let kind = params["kind"]?.stringValue,
            let widget = widgets.first(where: { $0.metadata.kind == kind })
        else { throw ServerError(message: "no widget of kind \(params["kind"] ?? .null)") }
        guard let family = params["family"]?.stringValue.flatMap(WidgetFamily.init(rawValue:)) else {
            throw ServerError(message: "no valid 'family'")
        }
        guard let text = params["date"]?.stringValue, let date = ISO8601.date(from: text) else {
            throw ServerError(message: "no ISO 8601 'date'")
        }
        var configuration: [String: JSONValue] = [:]
        if case .object(let members)? = params["configuration"] {
            for member in members { configuration[member.key] = member.value }
        }
        let context = TimelineProviderContext(
            family: family,
            isPreview: params["isPreview"]?.boolValue ?? false,
            date: date,
            container: SharedContainer(url: URL(fileURLWithPath: params["container"]?.stringValue ?? "."))
        )
        let mode = WidgetRequest.Mode(rawValue: method) ?? .timeline
        let timeline = try await widget.render(
            WidgetRequest(mode: mode, configuration: configuration, context: context))
        return timeline.json
    }

    func perform(_ params: JSONValue) async throws -> JSONValue {
        guard let name = params["intent"]?.stringValue,
            let intent = intents.first(where: { $0.intentType == name })
        else { throw ServerError(message: "no intent named \(params["intent"] ?? .null)") }
        let recorder = RecordingReloadRecorder()
        let container = SharedContainer(
            url: URL(fileURLWithPath: params["container"]?.stringValue ?? "."), reloads: recorder)
        let result = try await Self.perform(
            intent, parameters: params["parameters"] ?? .object([]), in: container)
        return .object([
            .init("value", result.value ?? .null),
            .init("dialog", result.dialog.map { .string($0.text) } ?? .null),
            .init("reload", .array(recorder.kinds.map { .string($0 ?? "*") })),
        ])
    }

    static func perform<Intent: AppIntent>(
        _ type: Intent.Type, parameters: JSONValue, in container: SharedContainer
    ) async throws -> any IntentResult {
        let intent = Intent()
        for (name, parameter) in ParameterReflection.parameters(of: intent) {
            if let value = parameters[name], !parameter.set(json: value) {
                throw ServerError(message: "the value \(value) does not fit '\(name)'")
            }
        }
        let environment = IntentEnvironment(container: container, date: Date())
        return try await IntentEnvironment.$current.withValue(environment) { try await intent.perform() }
    }
}

/// A request the plugin cannot serve as asked.
private struct ServerError: Error {
    var message: String
}

/// Keeps the kinds an intent asks to reload, for the `perform` reply.
private final class RecordingReloadRecorder: ReloadRecorder {
    private let recorded = Mutex<[String?]>([])

    var kinds: [String?] { recorded.withLock { $0 } }

    func requestReload(ofKind kind: String?) throws {
        recorded.withLock { $0.append(kind) }
    }
}
