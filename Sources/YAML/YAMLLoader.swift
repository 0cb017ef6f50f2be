public import Diagnostics

/// Loads YAML: libyaml's events composed into ``Node`` trees, one per document.
///
/// ```swift
/// let source = try SourceText.read(path: "config/widgets.yaml")
/// let documents = try YAMLLoader().load(source)
/// ```
public struct YAMLLoader: Sendable {
    /// The limits enforced while loading.
    public var limits: YAMLLimits

    /// Creates a loader.
    public init(limits: YAMLLimits = YAMLLimits()) {
        self.limits = limits
    }

    /// Every document of `source`, composed; an empty stream gives no documents.
    /// - Throws: the first syntax, encoding or limit error, as a ``Diagnostic`` at its location.
    /// - Complexity: O(n) in the size of the input plus the nodes reached through aliases.
    public func load(_ source: SourceText) throws(Diagnostic) -> [Node] {
        var composer = Composer(source: source, limits: limits)
        return try composer.compose()
    }

    /// Reads and loads the file at `path` (`-` for standard input).
    /// - Returns: the source (for later diagnostics) and its documents.
    /// - Parameter regularOnly: refuse a FIFO, device or socket without reading it (configuration
    ///   files and manifests; `widgethost yaml` reads pipes).
    public func load(path: String, regularOnly: Bool = false) throws(Diagnostic) -> (
        source: SourceText, documents: [Node]
    ) {
        let source = try SourceText.read(path: path, limit: limits.maxInputSize, regularOnly: regularOnly)
        return (source, try load(source))
    }
}
