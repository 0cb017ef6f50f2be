import PluginProtocol

/// How long the host waits for each method of a plugin, in seconds (docs/plugin-protocol.md: initialize 5 s,
/// timeline and snapshot 10 s, placeholder 2 s, perform 30 s; options 5 s), each configurable in the
/// manifest.
public struct PluginTimeouts: Sendable, Hashable {
    /// The longest timeout a manifest may give, in seconds: ten minutes. A longer one would let a
    /// stuck plugin hold a command (and its widget's slot in a watch) for what looks like ever.
    public static let maximum: Double = 600

    /// The methods a manifest may give a timeout for.
    public static let methods = PluginRequest.Method.allCases.map(\.rawValue)

    /// Seconds by method.
    public private(set) var seconds: [String: Double] = [
        PluginRequest.Method.initialize.rawValue: 5, PluginRequest.Method.timeline.rawValue: 10,
        PluginRequest.Method.snapshot.rawValue: 10, PluginRequest.Method.placeholder.rawValue: 2,
        PluginRequest.Method.perform.rawValue: 30, PluginRequest.Method.options.rawValue: 5,
    ]

    /// The defaults.
    public init() {}

    /// The timeout of `method` (10 s for a method not listed).
    public func seconds(for method: String) -> Double {
        seconds[method] ?? 10
    }

    /// Sets the timeout of `method`.
    public mutating func set(_ method: String, seconds value: Double) {
        seconds[method] = value
    }
}
