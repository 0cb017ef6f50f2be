/// The plugin protocol (docs/plugin-protocol.md): JSON-RPC 2.0, one compact JSON object per line
/// over a plugin's stdin and stdout, written and read through this module's typed messages by both
/// the host and the SDK's plugin server.
///
/// A line is a ``PluginMessage`` (a request, a notification, a reply or an error); a request's
/// method and params are a ``PluginRequest``; the replies are an ``InitializeResult``, a
/// `RenderedTimeline` or a ``PerformResult``; a failure is a ``PluginError`` with a
/// ``PluginError/Code``.
public enum PluginProtocol {
    /// The protocol version this host and SDK speak, sent and checked in `initialize`.
    public static let version = 1

    /// The JSON-RPC version every message carries in its `jsonrpc` member.
    public static let jsonRPCVersion = "2.0"
}
