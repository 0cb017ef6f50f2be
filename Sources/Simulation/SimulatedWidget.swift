public import WidgetHostKit

/// A widget the simulation drives, as its events name it: one per widget and family of the plan.
public struct SimulatedWidget: Sendable, Equatable {
    /// The widget's id in the configuration.
    public var id: String
    /// Its kind.
    public var kind: String
    /// The family it is drawn in.
    public var family: WidgetFamily

    /// The widget `id` of `kind` in `family`.
    public init(id: String, kind: String, family: WidgetFamily) {
        self.id = id
        self.kind = kind
        self.family = family
    }
}
