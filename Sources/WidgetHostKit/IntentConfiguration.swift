/// The provider of a widget configured by a SiriKit intent, as WidgetKit's
/// `IntentTimelineProvider` (iOS 14 to 16's configurable widgets): the configuration arrives as an
/// ``INIntent`` subclass generated from the extension's `.intentdefinition` file.
public protocol IntentTimelineProvider: Sendable {
    /// What the widget shows at a moment.
    associatedtype Entry: TimelineEntry
    /// The configuration intent.
    associatedtype Intent: INIntent
    /// What WidgetKit tells the provider.
    typealias Context = TimelineProviderContext

    /// An entry to show while the real one is loading.
    func placeholder(in context: Context) -> Entry
    /// The entry for the widget gallery.
    func getSnapshot(
        for configuration: Intent, in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The entries to show and when to ask again.
    func getTimeline(
        for configuration: Intent, in context: Context,
        completion: @escaping @Sendable (Timeline<Entry>) -> Void)
    /// Configurations to suggest where a person cannot configure the widget (watchOS): none here.
    func recommendations() -> [IntentRecommendation<Intent>]
}

extension IntentTimelineProvider {
    /// None.
    public func recommendations() -> [IntentRecommendation<Intent>] { [] }
}

/// A configuration suggested for a widget (`IntentRecommendation`): kept, never shown.
public struct IntentRecommendation<Intent: INIntent>: Sendable {
    /// The configuration.
    public let intent: Intent
    /// What it is called.
    public let description: String

    /// A recommendation.
    public init(intent: Intent, description: String) {
        self.intent = intent
        self.description = description
    }

    /// A recommendation described by a text.
    public init(intent: Intent, description: Text) {
        self.init(intent: intent, description: description.content)
    }
}

/// A widget a person configures through a SiriKit intent, as WidgetKit's `IntentConfiguration`:
/// YAML `configuration:` keys are the configurable parameters of the intent generated from the
/// extension's `.intentdefinition` file.
public struct IntentConfiguration<Intent: INIntent, Content: View>: WidgetConfiguration {
    /// The kind, name, description and families.
    @_spi(WidgetHost) public var metadata: WidgetMetadata
    /// The intent's parameters, found by reflection once.
    @_spi(WidgetHost) public let parameters: [ParameterDescription]
    /// Asks the provider for what a request wants, drawn, with the configuration's ignored APIs.
    private let draw: @Sendable (WidgetRequest, Intent, [String]) async throws -> RenderedTimeline
    /// Draws one entry of the provider's type (`nil` for another type).
    let drawEntry: @Sendable (any TimelineEntry, TimelineProviderContext, [String]) throws -> RenderedEntry?

    /// Creates the configuration of widget `kind`, configured by `intent`.
    public init<Provider: IntentTimelineProvider>(
        kind: String,
        intent: Intent.Type,
        provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        (metadata, parameters) = WidgetMetadata.configured(kind: kind, by: Intent())
        self.draw = { request, intent, ignoredAPIs in
            let context = request.context
            return try await EntryRenderer.render(
                request,
                ignoring: ignoredAPIs,
                content: content,
                placeholder: { provider.placeholder(in: context) },
                snapshot: {
                    await CompletionBridge.value {
                        provider.getSnapshot(for: intent, in: context, completion: $0)
                    }
                },
                timeline: {
                    await CompletionBridge.value {
                        provider.getTimeline(for: intent, in: context, completion: $0)
                    }
                }
            )
        }
        self.drawEntry = { entry, context, ignoredAPIs in
            try EntryRenderer.draw(entry, with: content, ignoring: ignoredAPIs, in: context)
        }
    }

    /// `true`.
    @_spi(WidgetHost) public var isConfigurable: Bool { true }

    /// Makes the intent from the configuration, asks the provider and draws its entries.
    @_spi(WidgetHost) public func render(_ request: WidgetRequest) async throws -> RenderedTimeline {
        let intent = Intent()
        try await ParameterReflection.configure(intent, from: request.configuration, in: request.context)
        return try await draw(request, intent, metadata.ignoredAPIs)
    }
}
