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
    /// The largest configuration file held in memory while it is parsed, in bytes: a larger one is
    /// parsed from its file and read again only for the lines diagnostics quote (``SourceFile``).
    public var inMemoryInputSize = 256 << 10
    /// The smallest input parsed on a thread of its own, a few hundred events ahead of composing
    /// (on two cores the two overlap); a smaller one is parsed as it is composed, which costs no
    /// thread. `0` parses every input ahead, `Int.max` none.
    public var parseAheadSize = 64 << 10

    /// The deepest nesting a caller should allow. libyaml's time grows with the square of the depth
    /// of flow nesting: measured on `{a: {a: ...}}` (widgethost yaml, a debug build, this 2-core
    /// machine), 5,000 levels took 0.67 s, 6,000 took 0.86 s, 7,000 took 1.12 s and 8,192 took
    /// 1.16-1.7 s; block nesting of 10,000 levels takes 0.1 s. So 6,000 keeps any input under a second.
    public static let largestDepth = 6000

    /// Creates limits; the defaults suit configuration files.
    public init(maxDepth: Int = 512, maxAliasExpansion: Int = 1_000_000, maxInputSize: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxInputSize = maxInputSize
    }
}
