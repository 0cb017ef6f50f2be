public import Foundation
import JSON
public import WidgetHostKit

/// The params of `timeline`, `snapshot` and `placeholder`:
/// `{"kind", "family", "configuration", "date", "isPreview", "container"}`.
public struct RenderParams: Sendable, Hashable {
    /// The widget kind.
    public var kind: String
    /// The family to draw.
    public var family: WidgetFamily
    /// The configuration's values, in the order of the declared parameters.
    public var configuration: [JSONValue.Member]
    /// The date the provider sees as now.
    public var date: Date
    /// Whether it is for the gallery.
    public var isPreview: Bool
    /// The path of the shared container.
    public var container: String
    /// The App Group's identifier, when the host knows it (every request it sends from a
    /// configuration): `UserDefaults(suiteName:)` of it is the container's shared defaults.
    public var appGroup: String?

    /// Creates params.
    public init(
        kind: String, family: WidgetFamily, configuration: [JSONValue.Member], date: Date, isPreview: Bool,
        container: String, appGroup: String? = nil
    ) {
        self.kind = kind
        self.family = family
        self.configuration = configuration
        self.date = date
        self.isPreview = isPreview
        self.container = container
        self.appGroup = appGroup
    }

    /// The params object.
    public var json: JSONValue {
        .object(
            [
                .init("kind", .string(kind)),
                .init("family", .string(family.rawValue)),
                .init("configuration", .object(configuration)),
                .init("date", .string(ISO8601.string(from: date))),
                .init("isPreview", .bool(isPreview)),
            ] + ContainerMembers.json(container: container, appGroup: appGroup))
    }

    /// Reads params; a `configuration` that is not an object is empty, `isPreview` defaults to
    /// `false` and `container` to `.`.
    /// - Throws: ``ProtocolValueError`` for a missing kind, family or date.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard let kind = json["kind"]?.stringValue else {
            throw ProtocolValueError("no widget of kind \(json["kind"] ?? .null)")
        }
        guard let family = json["family"]?.stringValue.flatMap(WidgetFamily.init(rawValue:)) else {
            throw ProtocolValueError("no valid 'family'")
        }
        guard let text = json["date"]?.stringValue, let date = ISO8601.date(from: text) else {
            throw ProtocolValueError("no ISO 8601 'date'")
        }
        var configuration: [JSONValue.Member] = []
        if case .object(let members)? = json["configuration"] { configuration = members }
        let (container, appGroup) = ContainerMembers.read(json)
        self.init(
            kind: kind, family: family, configuration: configuration, date: date,
            isPreview: json["isPreview"]?.boolValue ?? false, container: container, appGroup: appGroup)
    }
}
