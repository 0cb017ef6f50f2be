public import Foundation

/// A widget a person configures, as WidgetKit's `AppIntentConfiguration`: YAML `configuration:`
/// keys are the intent's `@Parameter`s.
public struct AppIntentConfiguration<
    Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider, Content: View
>:
    WidgetConfiguration
where Provider.Intent == Intent {
    /// The kind, name, description and families.
    @_spi(WidgetHost) public var metadata: WidgetMetadata
    private let provider: Provider
    /// Draws an entry (read by ``EntryDrawing``).
    let content: @Sendable (Provider.Entry) -> Content

    /// Creates the configuration of widget `kind`.
    public init(
        kind: String,
        intent: Intent.Type,
        provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        (metadata, parameters) = WidgetMetadata.configured(kind: kind, by: Intent())
        self.provider = provider
        self.content = content
    }

    /// Creates the configuration of widget `kind`, configured by the provider's intent.
    public init(
        kind: String, provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        self.init(kind: kind, intent: Intent.self, provider: provider, content: content)
    }

    /// The intent's parameters, found by reflection once.
    @_spi(WidgetHost) public let parameters: [ParameterDescription]
    /// `true`.
    @_spi(WidgetHost) public var isConfigurable: Bool { true }

    /// The choices of `parameter` from the app's data: its options provider's or entity query's.
    @_spi(WidgetHost) public func options(for parameter: String, container: SharedContainer, date: Date)
        async throws
        -> [JSONValue]?
    {
        try await ParameterReflection.options(
            of: Intent(), parameter: parameter, container: container, date: date)
    }

    /// Makes the intent from the configuration, asks the provider and draws its entries.
    @_spi(WidgetHost) public func render(_ request: WidgetRequest) async throws -> RenderedTimeline {
        let intent = Intent()
        let context = request.context
        try await ParameterReflection.configure(intent, from: request.configuration, in: context)
        return try await EntryRenderer.render(
            request,
            ignoring: metadata.ignoredAPIs,
            content: content,
            placeholder: { provider.placeholder(in: context) },
            snapshot: { try await provider.snapshot(for: intent, in: context) },
            timeline: { try await provider.timeline(for: intent, in: context) }
        )
    }
}

/// Errors the SDK itself raises.
public enum WidgetError: Error, Sendable, CustomStringConvertible {
    /// A configuration value does not fit its parameter (the host validates first, so this means
    /// a host or plugin bug).
    case invalidConfiguration(parameter: String, value: JSONValue)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .invalidConfiguration(let parameter, let value):
            return "the value \(value) does not fit the parameter '\(parameter)'"
        }
    }
}
