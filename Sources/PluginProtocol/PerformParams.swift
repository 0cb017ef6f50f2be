public import WidgetHostKit

/// The params of `perform`: `{"intent", "parameters", "container"}`.
public struct PerformParams: Sendable, Hashable {
    /// The intent's type name.
    public var intent: String
    /// The values, checked by the host against the declared parameters, in their order.
    public var parameters: [JSONValue.Member]
    /// The path of the shared container.
    public var container: String
    /// The App Group's identifier, when the host knows it (every request it sends from a
    /// configuration): `UserDefaults(suiteName:)` of it is the container's shared defaults.
    public var appGroup: String?

    /// Creates params.
    public init(intent: String, parameters: [JSONValue.Member], container: String, appGroup: String? = nil) {
        self.intent = intent
        self.parameters = parameters
        self.container = container
        self.appGroup = appGroup
    }

    /// The params object.
    public var json: JSONValue {
        .object(
            [.init("intent", .string(intent)), .init("parameters", .object(parameters))]
                + ContainerMembers.json(container: container, appGroup: appGroup))
    }

    /// Reads params; `parameters` that are not an object are none, `container` defaults to `.`.
    /// - Throws: ``ProtocolValueError`` when there is no `intent` name.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard let intent = json["intent"]?.stringValue else {
            throw ProtocolValueError("no intent named \(json["intent"] ?? .null)")
        }
        var parameters: [JSONValue.Member] = []
        if case .object(let members)? = json["parameters"] { parameters = members }
        let (container, appGroup) = ContainerMembers.read(json)
        self.init(intent: intent, parameters: parameters, container: container, appGroup: appGroup)
    }
}
