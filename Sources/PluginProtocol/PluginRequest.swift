@_spi(WidgetHost) public import WidgetHostKit

/// What the host asks a plugin: a method with its typed params.
public enum PluginRequest: Sendable, Hashable {
    /// The protocol's methods, named as on the wire.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// The handshake.
        case initialize
        /// A widget's timeline.
        case timeline
        /// A widget's snapshot (the gallery, `--preview`).
        case snapshot
        /// A widget's placeholder.
        case placeholder
        /// An intent.
        case perform
        /// A parameter's choices from the app's data (docs/plugin-protocol.md, `options`).
        case options
    }

    /// `initialize`: the handshake, answered with an ``InitializeResult``.
    case initialize(InitializeParams)
    /// `timeline`, `snapshot` or `placeholder` (one params shape), answered with a
    /// `RenderedTimeline`.
    case render(WidgetRequest.Mode, RenderParams)
    /// `perform`: runs an intent, answered with a ``PerformResult``.
    case perform(PerformParams)
    /// `options`: a parameter's choices, answered with `{"options": [...]}`.
    case options(OptionsParams)

    /// The method.
    public var kind: Method {
        switch self {
        case .initialize: .initialize
        case .render(.timeline, _): .timeline
        case .render(.snapshot, _): .snapshot
        case .render(.placeholder, _): .placeholder
        case .perform: .perform
        case .options: .options
        }
    }

    /// The method's name on the wire.
    public var method: String { kind.rawValue }

    /// The params object.
    public var params: JSONValue {
        switch self {
        case .initialize(let params): params.json
        case .render(_, let params): params.json
        case .perform(let params): params.json
        case .options(let params): params.json
        }
    }

    /// Reads the request `method` with `params`.
    /// - Throws: ``PluginError`` with ``PluginError/Code/methodNotFound`` for an unknown method, or
    ///   ``PluginError/Code/invalidParams`` saying what the params lack.
    public init(method: String, params: JSONValue) throws(PluginError) {
        let read = { (mode: WidgetRequest.Mode) throws(PluginError) -> PluginRequest in
            .render(
                mode,
                try Self.invalidParams { () throws(ProtocolValueError) in try RenderParams(json: params) })
        }
        switch Method(rawValue: method) {
        case .initialize:
            self = .initialize(InitializeParams(json: params))
        case .timeline: self = try read(.timeline)
        case .snapshot: self = try read(.snapshot)
        case .placeholder: self = try read(.placeholder)
        case .perform:
            self = .perform(
                try Self.invalidParams { () throws(ProtocolValueError) in try PerformParams(json: params) })
        case .options:
            self = .options(
                try Self.invalidParams { () throws(ProtocolValueError) in try OptionsParams(json: params) })
        case nil:
            throw PluginError(code: .methodNotFound, message: "unknown method '\(method)'")
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
}
