public import WidgetHostKit

/// The params of `initialize`: `{"protocolVersion", "host": {"name", "version"}}`.
public struct InitializeParams: Sendable, Hashable {
    /// The protocol version the host speaks.
    public var protocolVersion: Int
    /// The host, when it said.
    public var host: PeerIdentity?

    /// Creates params.
    public init(protocolVersion: Int = PluginProtocol.version, host: PeerIdentity?) {
        self.protocolVersion = protocolVersion
        self.host = host
    }

    /// `{"protocolVersion", "host"?}`.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [.init("protocolVersion", .int(protocolVersion))]
        if let host { members.append(.init("host", host.json)) }
        return .object(members)
    }

    /// Reads params leniently: the plugin answers whatever the host says, so nothing here is
    /// required (a missing version is this protocol's).
    public init(json: JSONValue) {
        self.init(
            protocolVersion: json["protocolVersion"]?.intValue ?? PluginProtocol.version,
            host: json["host"].map(PeerIdentity.init(json:)))
    }
}
