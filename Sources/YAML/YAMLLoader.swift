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

    /// Every document of `source`, composed, with the variables of scalar values substituted
    /// from `environment`, if given, as they are composed (see ``VariableSubstitution``).
    /// - Throws: the first syntax, encoding or limit error, as a ``Diagnostic`` at its location.
    public func load(_ source: SourceText, environment: [String: String]?) throws(Diagnostic)
        -> StreamedDocument
    {
        var composer = Composer(source: source, limits: limits)
        return try composer.compose(environment: environment)
    }

    /// Every document of `source`, composed, with the items of the top-level sequence under
    /// `receiver.key` handed to `receiver` one at a time as they are composed rather than kept
    /// (see ``StreamedItems``), and the variables of scalar values substituted from `environment`
    /// as they are composed (see ``VariableSubstitution``).
    /// - Throws: the first syntax, encoding or limit error, as a ``Diagnostic`` at its location;
    ///   the items handed over before it are then to be dropped.
    /// - Complexity: O(n) in the size of the input plus the nodes reached through aliases; memory
    ///   for one streamed item at a time, plus those that define anchors.
    public func load(
        _ source: SourceText, streaming receiver: inout some StreamedItems, environment: [String: String]?
    ) throws(Diagnostic) -> StreamedDocument {
        var composer = Composer(source: source, limits: limits)
        return try composer.compose(streaming: &receiver, environment: environment)
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
