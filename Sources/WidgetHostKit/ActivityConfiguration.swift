public import Foundation

/// What a Live Activity shows: fixed attributes and a state that changes (ActivityKit's
/// `ActivityAttributes`).
public protocol ActivityAttributes: Codable, Sendable {
    /// The state that changes while the activity runs.
    associatedtype ContentState: Codable, Hashable, Sendable
}

/// What a Live Activity's views read (`context.state`, `context.attributes`).
public struct ActivityViewContext<Attributes: ActivityAttributes>: Sendable {
    /// The state now.
    public let state: Attributes.ContentState
    /// The fixed attributes.
    public let attributes: Attributes
    /// Whether the state is out of date.
    public let isStale: Bool
    /// The activity's identifier.
    public let activityID: String
}

/// A configuration widgethost compiles and leaves out of a bundle, naming it as ignored.
package protocol IgnoredWidgetConfiguration: WidgetConfiguration {
    /// What is ignored, as the host's warning names it.
    var ignoredAPI: String { get }
}

/// A Live Activity (WidgetKit's `ActivityConfiguration`): shown on the lock screen and in the
/// Dynamic Island of an iPhone, which widgethost has neither of. It compiles; a bundle leaves it
/// out and its widgets name it as ignored.
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration,
    IgnoredWidgetConfiguration
{
    /// No kind of its own.
    @_spi(WidgetHost) public var metadata = WidgetMetadata(kind: "", supportedFamilies: [])

    /// The activity of `attributes`, drawn by `content` on the lock screen and by `dynamicIsland`.
    public init<Content: View>(
        for attributes: Attributes.Type,
        @ViewBuilder content: @escaping @Sendable (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping @Sendable (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {}

    /// `ActivityConfiguration (a Live Activity)`.
    package var ignoredAPI: String { "ActivityConfiguration (a Live Activity of \(Attributes.self))" }
    /// None.
    @_spi(WidgetHost) public var parameters: [ParameterDescription] { [] }
    /// `false`.
    @_spi(WidgetHost) public var isConfigurable: Bool { false }

    /// Nothing: a Live Activity has no timeline.
    @_spi(WidgetHost) public func render(_ request: WidgetRequest) async throws -> RenderedTimeline {
        RenderedTimeline(entries: [], policy: .never)
    }
}

/// What a Live Activity shows in the Dynamic Island.
public struct DynamicIsland: Sendable {
    /// The expanded regions and the compact and minimal views.
    public init(
        @DynamicIslandExpandedContentBuilder expanded: () -> [DynamicIslandExpandedRegion],
        @ViewBuilder compactLeading: () -> ViewGroup,
        @ViewBuilder compactTrailing: () -> ViewGroup,
        @ViewBuilder minimal: () -> ViewGroup
    ) {}

    /// The tint of the island's outline.
    public func keylineTint(_ color: Color?) -> DynamicIsland { self }

    /// The URL the island opens.
    public func widgetURL(_ url: URL?) -> DynamicIsland { self }

    /// The margins of the island's content.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: Double?, for mode: DynamicIslandMode)
        -> DynamicIsland
    { self }
}

/// A presentation of the Dynamic Island.
public enum DynamicIslandMode: Sendable {
    /// Expanded.
    case expanded
    /// Compact.
    case compact
    /// Minimal.
    case minimal
}

/// A region of the expanded Dynamic Island.
public struct DynamicIslandExpandedRegion: Sendable {
    /// The region at `position`, drawn by `content`.
    public init(
        _ position: DynamicIslandExpandedRegionPosition, priority: Double = 0,
        @ViewBuilder content: () -> ViewGroup
    ) {}
}

/// Where an expanded region goes.
public enum DynamicIslandExpandedRegionPosition: Sendable {
    /// Beside the camera, leading.
    case leading
    /// Beside the camera, trailing.
    case trailing
    /// Below the camera.
    case center
    /// Below the others.
    case bottom
}

/// Collects the expanded regions of a `DynamicIsland`.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    /// A region.
    public static func buildExpression(_ region: DynamicIslandExpandedRegion) -> [DynamicIslandExpandedRegion]
    {
        [region]
    }

    /// Regions in order.
    public static func buildBlock(_ parts: [DynamicIslandExpandedRegion]...) -> [DynamicIslandExpandedRegion]
    {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: [DynamicIslandExpandedRegion]?) -> [DynamicIslandExpandedRegion]
    {
        part ?? []
    }

    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [DynamicIslandExpandedRegion]) -> [DynamicIslandExpandedRegion]
    {
        part
    }

    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [DynamicIslandExpandedRegion])
        -> [DynamicIslandExpandedRegion]
    {
        part
    }
}

/// The lock-screen modifiers of a Live Activity's view: widgethost draws none of it, and a bundle
/// leaves the activity out, so they change nothing.
extension View {
    /// The activity's background tint.
    public func activityBackgroundTint(_ color: Color?) -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: .nothing)
    }

    /// The colour of the system's buttons on the activity.
    public func activitySystemActionForegroundColor(_ color: Color?) -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: .nothing)
    }
}

/// The size a Live Activity is shown at (ActivityKit's `ActivityFamily`).
public enum ActivityFamily: Sendable, Hashable {
    /// The Apple Watch's Smart Stack and CarPlay.
    case small
    /// The lock screen's.
    case medium
}

extension ActivityConfiguration {
    /// The other sizes the activity is drawn at: kept for source compatibility.
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> Self { self }
}

extension EnvironmentValues {
    /// `.medium`: the size a Live Activity's views are drawn at.
    public var activityFamily: ActivityFamily { .medium }
}

/// What Xcode's old preview of a Live Activity shows (`viewKind:`).
public enum ActivityPreviewViewKind: Sendable, Hashable {
    /// The lock screen's view.
    case content
    /// A presentation of the Dynamic Island.
    case dynamicIsland(DynamicIslandMode)
}

extension ActivityAttributes {
    /// Xcode's old preview of the activity in `state` (compiled, never shown: the view is empty).
    public func previewContext(_ state: ContentState, viewKind: ActivityPreviewViewKind) -> EmptyView {
        EmptyView()
    }
}
