/// The limits that keep hostile YAML from costing unbounded time or memory.
///
/// Each is enforced while composing, with a diagnostic at the offending location.
public struct YAMLLimits: Sendable, Hashable {
    /// The deepest nesting of sequences and mappings. libyaml 0.2.5 has no limit of its own and
    /// turns quadratic on deep flow nesting, so this is checked on every collection start event.
    public var maxDepth: Int
    /// How many nodes may be reached through aliases in one document (the "billion laughs" guard).
    public var maxAliasExpansion: Int
    /// The largest input, in bytes.
    public var maxInputSize: Int

    /// Creates limits; the defaults suit configuration files.
    public init(maxDepth: Int = 512, maxAliasExpansion: Int = 1_000_000, maxInputSize: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxInputSize = maxInputSize
    }
}
