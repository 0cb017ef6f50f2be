/// A configuration with no widget, as WidgetKit's `EmptyWidgetConfiguration`: what a `Widget`'s
/// body gives when it has nothing to show (a widget only some systems have). A bundle leaves it out.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    /// No kind.
    public var metadata = WidgetMetadata(kind: "", supportedFamilies: [])

    /// Creates the empty configuration.
    public init() {}

    /// None.
    public var parameters: [ParameterDescription] { [] }
    /// `false`.
    public var isConfigurable: Bool { false }

    /// An empty timeline that never reloads.
    public func render(_ request: WidgetRequest) async throws -> RenderedTimeline {
        RenderedTimeline(entries: [], policy: .never)
    }
}
