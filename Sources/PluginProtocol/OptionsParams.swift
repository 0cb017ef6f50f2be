public import WidgetHostKit

/// The params of `options`: `{"kind" | "intent", "parameter", "container"}`, asking for the choices
/// of a parameter whose choices come from the app's data (declared with `"dynamicOptions": true`),
/// answered with `{"options": [...]}`. Part of the protocol since issue 15 (docs/plugin-protocol.md).
public struct OptionsParams: Sendable, Hashable {
    /// Whose parameter it is.
    public enum Owner: Sendable, Hashable {
        /// A widget kind's configuration parameter.
        case kind(String)
        /// An intent's parameter.
        case intent(String)
    }

    /// Whose parameter it is.
    public var owner: Owner
    /// The parameter's name.
    public var parameter: String
    /// The path of the shared container whose data the choices come from.
    public var container: String
    /// The App Group's identifier, when the host knows it (every request it sends from a
    /// configuration): `UserDefaults(suiteName:)` of it is the container's shared defaults.
    public var appGroup: String?

    /// Creates params.
    public init(owner: Owner, parameter: String, container: String, appGroup: String? = nil) {
        self.owner = owner
        self.parameter = parameter
        self.container = container
        self.appGroup = appGroup
    }

    /// The params object.
    public var json: JSONValue {
        let owner: JSONValue.Member =
            switch owner {
            case .kind(let kind): .init("kind", .string(kind))
            case .intent(let intent): .init("intent", .string(intent))
            }
        return .object(
            [owner, .init("parameter", .string(parameter))]
                + ContainerMembers.json(container: container, appGroup: appGroup))
    }

    /// Reads params; `container` defaults to `.`.
    /// - Throws: ``ProtocolValueError`` without a `parameter`, or without exactly one of `kind`
    ///   and `intent`.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard let parameter = json["parameter"]?.stringValue else {
            throw ProtocolValueError("no parameter named \(json["parameter"] ?? .null)")
        }
        let owner: Owner
        switch (json["kind"]?.stringValue, json["intent"]?.stringValue) {
        case (let kind?, nil): owner = .kind(kind)
        case (nil, let intent?): owner = .intent(intent)
        default: throw ProtocolValueError("options asks for the parameter of one 'kind' or one 'intent'")
        }
        let (container, appGroup) = ContainerMembers.read(json)
        self.init(owner: owner, parameter: parameter, container: container, appGroup: appGroup)
    }

    /// The reply's result: `{"options": [...]}`.
    public static func result(_ options: [JSONValue]) -> JSONValue {
        .object([.init("options", .array(options))])
    }

    /// Reads a reply's result.
    /// - Throws: ``ProtocolValueError`` when it has no `options` array.
    public static func options(in result: JSONValue) throws(ProtocolValueError) -> [JSONValue] {
        guard case .array(let options)? = result["options"] else {
            throw ProtocolValueError("the options reply has no 'options' array")
        }
        return options
    }
}
