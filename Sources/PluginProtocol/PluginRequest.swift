public import WidgetHostKit

/// What the host asks a plugin: a method with its typed params.
public enum PluginRequest: Sendable, Hashable {
    /// `initialize`: the handshake, answered with an ``InitializeResult``.
    case initialize(InitializeParams)
    /// `timeline`, `snapshot` or `placeholder` (one params shape), answered with a
    /// `RenderedTimeline`.
    case render(WidgetRequest.Mode, RenderParams)
    /// `perform`: runs an intent, answered with a ``PerformResult``.
    case perform(PerformParams)

    /// The method's name on the wire.
    public var method: String {
        switch self {
        case .initialize: "initialize"
        case .render(let mode, _): Self.method(mode)
        case .perform: "perform"
        }
    }

    /// The params object.
    public var params: JSONValue {
        switch self {
        case .initialize(let params): params.json
        case .render(_, let params): params.json
        case .perform(let params): params.json
        }
    }

    /// Reads the request `method` with `params`.
    /// - Throws: ``PluginError`` with ``PluginError/Code/methodNotFound`` for an unknown method, or
    ///   ``PluginError/Code/invalidParams`` saying what the params lack.
    public init(method: String, params: JSONValue) throws(PluginError) {
        switch method {
        case "initialize":
            self = .initialize(InitializeParams(json: params))
        case "perform":
            self = .perform(
                try Self.invalidParams { () throws(ProtocolValueError) in try PerformParams(json: params) })
        default:
            guard let mode = Self.modes.first(where: { Self.method($0) == method }) else {
                throw PluginError(code: .methodNotFound, message: "unknown method '\(method)'")
            }
            self = .render(
                mode,
                try Self.invalidParams { () throws(ProtocolValueError) in try RenderParams(json: params) })
        }
    }

    /// What `read` returns; its error becomes JSON-RPC's "invalid params".
    private static func invalidParams<Params>(
        _ read: () throws(ProtocolValueError) -> Params
    ) throws(PluginError) -> Params {
        do throws(ProtocolValueError) {
            return try read()
        } catch {
            throw PluginError(code: .invalidParams, message: error.description)
        }
    }

    private static let modes: [WidgetRequest.Mode] = [.timeline, .snapshot, .placeholder]

    private static func method(_ mode: WidgetRequest.Mode) -> String {
        switch mode {
        case .timeline: "timeline"
        case .snapshot: "snapshot"
        case .placeholder: "placeholder"
        }
    }
}
