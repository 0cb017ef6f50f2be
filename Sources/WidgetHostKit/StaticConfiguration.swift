/// A widget without configuration, as WidgetKit's `StaticConfiguration`.
public struct StaticConfiguration<Provider: TimelineProvider, Content: View>: WidgetConfiguration {
    /// The kind, name, description and families.
    @_spi(WidgetHost) public var metadata: WidgetMetadata
    private let provider: Provider
    /// Draws an entry (read by ``EntryDrawing``).
    let content: @Sendable (Provider.Entry) -> Content

    /// Creates the configuration of widget `kind`, drawn by `content` from `provider`'s entries.
    public init(
        kind: String,
        provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        self.metadata = WidgetMetadata(kind: kind)
        self.provider = provider
        self.content = content
    }

    /// None.
    @_spi(WidgetHost) public var parameters: [ParameterDescription] { [] }
    /// `false`.
    @_spi(WidgetHost) public var isConfigurable: Bool { false }

    /// Asks the provider and draws its entries.
    @_spi(WidgetHost) public func render(_ request: WidgetRequest) async throws -> RenderedTimeline {
        let context = request.context
        return try await EntryRenderer.render(
            request,
            ignoring: metadata.ignoredAPIs,
            content: content,
            placeholder: { provider.placeholder(in: context) },
            snapshot: { await CompletionBridge.value { provider.getSnapshot(in: context, completion: $0) } },
            timeline: { await CompletionBridge.value { provider.getTimeline(in: context, completion: $0) } }
        )
    }
}
