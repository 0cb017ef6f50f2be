/// A configuration with no widget, as WidgetKit's `EmptyWidgetConfiguration`: what a `Widget`'s
/// body gives when it has nothing to show (a widget only some systems have). A bundle leaves it out.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    /// No kind.
    @_spi(WidgetHost) public var metadata = WidgetMetadata(kind: "", supportedFamilies: [])

    /// Creates the empty configuration.
    public init() {}

    /// None.
    @_spi(WidgetHost) public var parameters: [ParameterDescription] { [] }
    /// `false`.
    @_spi(WidgetHost) public var isConfigurable: Bool { false }

    /// An empty timeline that never reloads.
    @_spi(WidgetHost) public func render(_ request: WidgetRequest) async throws -> RenderedTimeline {
        RenderedTimeline(entries: [], policy: .never)
    }
}
