public import Foundation
import JSON

/// What a widget declares, as the host sees it whatever its provider and entry types: metadata,
/// parameters, and a way to draw timelines.
public protocol WidgetConfiguration: Sendable {
    /// The kind, name, description and families.
    @_spi(WidgetHost) var metadata: WidgetMetadata { get set }
    /// The parameters of the configuration intent; none for a static configuration.
    @_spi(WidgetHost) var parameters: [ParameterDescription] { get }
    /// Whether YAML may give a `configuration:` (an `AppIntentConfiguration`).
    @_spi(WidgetHost) var isConfigurable: Bool { get }
    /// Draws what the widget shows for `request`.
    /// - Throws: what the provider throws.
    @_spi(WidgetHost) func render(_ request: WidgetRequest) async throws -> RenderedTimeline
    /// The choices of configuration parameter `parameter` from the app's data in `container` (its
    /// `DynamicOptionsProvider` or entity query); `nil` when its choices do not come from there.
    @_spi(WidgetHost) func options(for parameter: String, container: SharedContainer, date: Date) async throws
        -> [JSONValue]?
}

extension WidgetConfiguration {
    /// None: a widget's parameters have no choices from the app's data unless it says so.
    @_spi(WidgetHost) public func options(for parameter: String, container: SharedContainer, date: Date)
        async throws
        -> [JSONValue]?
    {
        nil
    }

    /// The name shown in the widget gallery.
    public func configurationDisplayName(_ name: String) -> Self {
        var copy = self
        copy.metadata.displayName = name
        return copy
    }

    /// The description shown in the widget gallery.
    public func description(_ text: String) -> Self {
        var copy = self
        copy.metadata.description = text
        return copy
    }

    /// The name shown in the widget gallery, as a text (`.configurationDisplayName(Text("Notes"))`).
    public func configurationDisplayName(_ name: Text) -> Self { configurationDisplayName(name.content) }

    /// The description shown in the widget gallery, as a text.
    public func description(_ text: Text) -> Self { description(text.content) }

    /// Turns off the margins around the widget's content (WidgetKit's `.contentMarginsDisabled()`):
    /// each drawn entry's root view carries a `contentMarginsDisabled` modifier, and the layout
    /// gives the content the whole widget.
    public func contentMarginsDisabled() -> Self {
        ignoring(contentMarginsAPI)
    }

    /// What to do with the background URL sessions' events of the widget's extension: a plugin
    /// makes its requests while it is asked for its timeline, so there are none to hand over.
    public func onBackgroundURLSessionEvents(
        matching matches: ((String) -> Bool)? = nil,
        _ urlSessionEvent: @escaping (String, @escaping () -> Void) -> Void
    ) -> Self {
        self
    }

    /// Shows the widget's background in the accessory families' removable modes
    /// (`.containerBackgroundRemovable(_:)`): ignored, and the host says so.
    public func containerBackgroundRemovable(_ isRemovable: Bool = true) -> Self {
        ignoring("containerBackgroundRemovable(_:)")
    }

    /// Where the widget may appear (`.disfavoredLocations(_:for:)`): ignored, and the host says so.
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> Self {
        ignoring("disfavoredLocations(_:for:)")
    }

    /// Whether the widget may be configured in the gallery (`.promptsForUserConfiguration()`): the
    /// configuration is YAML's here, so it is ignored, and the host says so.
    public func promptsForUserConfiguration() -> Self {
        ignoring("promptsForUserConfiguration()")
    }

    /// The widget, recording that it uses `api`, which widgethost ignores: every drawn entry's root
    /// view carries an `ignored` modifier naming it, which the host warns about
    /// (``contentMarginsAPI`` excepted: the layout draws it).
    func ignoring(_ api: String) -> Self {
        var copy = self
        if !copy.metadata.ignoredAPIs.contains(api) { copy.metadata.ignoredAPIs.append(api) }
        return copy
    }

    /// Tells the host the most of integer parameter `name` each family shows (a list's rows), so
    /// that a configuration asking one for more is warned of (`config.beyond-family`) instead of
    /// silently shown less, as on iOS. widgethost's own: WidgetKit has no such modifier, and a
    /// widget that leaves it out is shown as before.
    public func parameterLimit(_ name: String, _ limits: [WidgetFamily: Int]) -> Self {
        var copy = self
        copy.metadata.parameterLimits[name] = limits
        return copy
    }

    /// The families the widget supports; the first is the default.
    public func supportedFamilies(_ families: [WidgetFamily]) -> Self {
        var copy = self
        copy.metadata.supportedFamilies = families
        return copy
    }
}

/// A widget's kind, name, description and families.
public struct WidgetMetadata: Sendable, Hashable {
    /// The kind string (`TaskWidget`).
    public var kind: String
    /// The gallery name.
    public var displayName: String
    /// The gallery description.
    public var description: String
    /// The families supported, the default first.
    public var supportedFamilies: [WidgetFamily]
    /// The configuration modifiers used that widgethost ignores (`contentMarginsDisabled()`), named
    /// on each drawn entry's root view so the host warns about them.
    package var ignoredAPIs: [String] = []
    /// Per integer parameter, the most of it each family shows (``WidgetConfiguration/parameterLimit(_:_:)``).
    public var parameterLimits: [String: [WidgetFamily: Int]] = [:]

    /// Creates metadata; WidgetKit's defaults are every home-screen family.
    public init(
        kind: String,
        displayName: String = "",
        description: String = "",
        supportedFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]
    ) {
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.supportedFamilies = supportedFamilies
    }
}

extension WidgetMetadata {
    /// The metadata of widget `kind` configured by `intent`, whose list parameters' sizes
    /// (`@Parameter(title:size:)`) are its parameter limits, and the intent's parameters, found by
    /// one reflection.
    static func configured(kind: String, by intent: some Sendable) -> (WidgetMetadata, [ParameterDescription])
    {
        var metadata = WidgetMetadata(kind: kind)
        let reflected = ParameterReflection.parameters(of: intent)
        for (name, parameter) in reflected {
            if let sizes = parameter.familySizes { metadata.parameterLimits[name] = sizes }
        }
        return (metadata, reflected.map { $0.parameter.describe(name: $0.name) })
    }
}

extension ParameterReflection {
    /// Sets `intent`'s parameters from a configuration the host has checked, in the order they
    /// are declared, inside an ``IntentEnvironment`` (an entity is looked up by its query, which
    /// reads the store and may read the parameters set before).
    /// - Throws: ``WidgetError/invalidConfiguration(parameter:value:)`` for a value that does not
    ///   fit; what a query throws.
    static func configure(
        _ intent: some Sendable, from configuration: [String: JSONValue], in context: TimelineProviderContext
    ) async throws {
        let environment = IntentEnvironment(
            container: context.container, date: context.date, intent: intent as? any AppIntent)
        try await IntentEnvironment.$current.withValue(environment) {
            for (name, parameter) in parameters(of: intent) {
                if let value = configuration[name], try await !parameter.resolve(json: value) {
                    throw WidgetError.invalidConfiguration(parameter: name, value: value)
                }
            }
        }
    }
}

/// What the host asks a widget to draw.
public struct WidgetRequest: Sendable {
    /// Which of the provider's answers is wanted.
    public enum Mode: String, Sendable, Hashable {
        /// `placeholder(in:)`.
        case placeholder
        /// The snapshot (the gallery's preview).
        case snapshot
        /// The timeline.
        case timeline
    }

    /// What to draw.
    public var mode: Mode
    /// The configuration values by parameter name, already validated; empty for static widgets.
    public var configuration: [String: JSONValue]
    /// The provider's context.
    public var context: TimelineProviderContext

    /// Creates a request.
    public init(mode: Mode, configuration: [String: JSONValue], context: TimelineProviderContext) {
        self.mode = mode
        self.configuration = configuration
        self.context = context
    }
}

/// One drawn entry: when it shows, its data, its view.
public struct RenderedEntry: Sendable, Hashable {
    /// When the entry becomes current.
    public var date: Date
    /// The entry's data (its stored properties but `date`).
    public var data: JSONValue
    /// The view drawn for it.
    public var view: ViewNode

    /// Creates an entry.
    public init(date: Date, data: JSONValue, view: ViewNode) {
        self.date = date
        self.data = data
        self.view = view
    }
}

/// A drawn timeline.
public struct RenderedTimeline: Sendable, Hashable {
    /// The entries, in date order.
    public var entries: [RenderedEntry]
    /// When to reload.
    public var policy: TimelineReloadPolicy

    /// Creates a timeline.
    public init(entries: [RenderedEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// Draws entries with a view closure in the widget's environment.
/// The name a configuration's `.contentMarginsDisabled()` is recorded by.
let contentMarginsAPI = "contentMarginsDisabled()"

enum EntryRenderer {
    /// What `request.mode` asks of a provider, drawn: the placeholder or the snapshot as a
    /// one-entry timeline that never reloads, or the timeline itself.
    static func render<Entry: TimelineEntry, Content: View>(
        _ request: WidgetRequest,
        ignoring ignoredAPIs: [String] = [],
        content: (Entry) -> Content,
        placeholder: () -> Entry,
        snapshot: () async throws -> Entry,
        timeline: () async throws -> Timeline<Entry>
    ) async throws -> RenderedTimeline {
        let drawn = try await render(
            request, content: content, placeholder: placeholder, snapshot: snapshot, timeline: timeline)
        guard !ignoredAPIs.isEmpty else { return drawn }
        var marked = drawn
        for index in marked.entries.indices {
            marked.entries[index] = mark(marked.entries[index], ignoring: ignoredAPIs)
        }
        return marked
    }

    /// `entry` with its root view carrying a modifier for each of `ignoredAPIs`: `ignored`, naming
    /// the API, for the host to warn about, or `contentMarginsDisabled`, which the layout draws.
    static func mark(_ entry: RenderedEntry, ignoring ignoredAPIs: [String]) -> RenderedEntry {
        var marked = entry
        marked.view.modifiers += ignoredAPIs.map {
            // The one configuration modifier the layout draws: the content without margins.
            $0 == contentMarginsAPI
                ? ViewModifierNode(.contentMarginsDisabled)
                : ViewModifierNode(.ignored, [.init("api", .string($0))])
        }
        return marked
    }

    private static func render<Entry: TimelineEntry, Content: View>(
        _ request: WidgetRequest,
        content: (Entry) -> Content,
        placeholder: () -> Entry,
        snapshot: () async throws -> Entry,
        timeline: () async throws -> Timeline<Entry>
    ) async throws -> RenderedTimeline {
        let context = request.context
        switch request.mode {
        case .placeholder:
            return RenderedTimeline(
                entries: [try render(placeholder(), content: content, context: context)], policy: .never)
        case .snapshot:
            return RenderedTimeline(
                entries: [try render(try await snapshot(), content: content, context: context)],
                policy: .never)
        case .timeline:
            let timeline = try await timeline()
            return RenderedTimeline(
                entries: try timeline.entries.map { try render($0, content: content, context: context) },
                policy: timeline.policy
            )
        }
    }

    static func render<Entry: TimelineEntry, Content: View>(
        _ entry: Entry,
        content: (Entry) -> Content,
        context: TimelineProviderContext
    ) throws -> RenderedEntry {
        let data = try EntryData.json(of: entry).removing("date")
        let environment = EnvironmentValues(
            widgetFamily: context.family, isPreview: context.isPreview, drawingDate: entry.date)
        var view = EnvironmentValues.$current.withValue(environment) { ViewRenderer.root(of: content(entry)) }
        // The app's accent colour tints its controls, as iOS tints them: first, so that the
        // view's own `.tint` wins.
        if let accent = AssetCatalogs.color(named: "AccentColor") {
            let tint = Color(name: accent.style, opacity: accent.opacity)
            view.modifiers.insert(ViewModifierNode(.tint, tint.styleMembers), at: 0)
        }
        return RenderedEntry(date: entry.date, data: data, view: view)
    }
}

extension ParameterReflection {
    /// The choices of parameter `name` of `intent` from the app's data in `container`, asked inside
    /// an ``IntentEnvironment`` so its provider or query reads the store; `nil` when it has none.
    public static func options(
        of intent: some AppIntent, parameter name: String, container: SharedContainer, date: Date
    ) async throws -> [JSONValue]? {
        guard let parameter = parameters(of: intent).first(where: { $0.name == name })?.parameter else {
            return nil
        }
        let environment = IntentEnvironment(container: container, date: date, intent: intent)
        return try await IntentEnvironment.$current.withValue(environment) {
            try await parameter.dynamicOptions()
        }
    }
}
