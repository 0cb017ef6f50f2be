public import WidgetHostKit

/// What a plugin declared in its `initialize` reply: its name and version, its widgets with their
/// parameters, and its intents.
public struct PluginHandshake: Sendable {
    /// The protocol version this host speaks.
    public static let protocolVersion = 1

    /// One declared widget.
    public struct Widget: Sendable {
        /// Kind, name, description, families.
        public var metadata: WidgetMetadata
        /// The configuration parameters.
        public var parameters: [ParameterDescription]
    }

    /// One declared intent.
    public struct Intent: Sendable {
        /// The intent's type name.
        public var type: String
        /// Its title, if it gave one.
        public var title = ""
        /// What it does, if it said.
        public var description = ""
        /// Its parameters.
        public var parameters: [ParameterDescription]
    }

    /// The protocol version the plugin speaks.
    public var protocolVersion: Int
    /// The name the plugin gives itself.
    public var name: String
    /// Its version.
    public var version: String
    /// Its widgets.
    public var widgets: [Widget]
    /// Its intents.
    public var intents: [Intent]

    /// The `initialize` params the host sends.
    static func params(hostVersion: String) -> JSONValue {
        .object([
            .init("protocolVersion", .int(protocolVersion)),
            .init(
                "host",
                .object([.init("name", .string("widgethost")), .init("version", .string(hostVersion))])),
        ])
    }

    /// Reads an `initialize` result.
    /// - Throws: ``ProtocolValueError`` naming what is missing or wrong.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard let version = json["protocolVersion"]?.intValue else {
            throw ProtocolValueError("its initialize result has no 'protocolVersion'")
        }
        guard version == Self.protocolVersion else {
            throw ProtocolValueError(
                "speaks protocol version \(version); this widgethost speaks \(Self.protocolVersion)")
        }
        protocolVersion = version
        name = json["plugin"]?["name"]?.stringValue ?? ""
        self.version = json["plugin"]?["version"]?.stringValue ?? ""
        widgets = []
        intents = []
        if case .array(let items)? = json["widgets"] {
            for item in items {
                guard let kind = item["kind"]?.stringValue, !kind.isEmpty else {
                    throw ProtocolValueError("declares a widget without a 'kind'")
                }
                guard !widgets.contains(where: { $0.metadata.kind == kind }) else {
                    throw ProtocolValueError("declares the widget kind '\(kind)' twice")
                }
                var metadata = WidgetMetadata(kind: kind)
                metadata.displayName = item["displayName"]?.stringValue ?? ""
                metadata.description = item["description"]?.stringValue ?? ""
                if case .array(let names)? = item["supportedFamilies"], !names.isEmpty {
                    var families: [WidgetFamily] = []
                    for name in names {
                        guard let text = name.stringValue, let family = WidgetFamily(rawValue: text) else {
                            throw ProtocolValueError(
                                "the widget '\(kind)' declares the unknown family \(name)")
                        }
                        families.append(family)
                    }
                    metadata.supportedFamilies = families
                }
                widgets.append(
                    Widget(metadata: metadata, parameters: try Self.parameters(item["parameters"])))
            }
        }
        if case .array(let items)? = json["intents"] {
            for item in items {
                guard let type = item["type"]?.stringValue, !type.isEmpty else {
                    throw ProtocolValueError("declares an intent without a 'type'")
                }
                guard !intents.contains(where: { $0.type == type }) else {
                    throw ProtocolValueError("declares the intent '\(type)' twice")
                }
                var intent = Intent(type: type, parameters: try Self.parameters(item["parameters"]))
                intent.title = item["title"]?.stringValue ?? ""
                intent.description = item["description"]?.stringValue ?? ""
                intents.append(intent)
            }
        }
    }

    static func parameters(_ json: JSONValue?) throws(ProtocolValueError) -> [ParameterDescription] {
        guard let json, json != .null else { return [] }
        guard case .array(let items) = json else { throw ProtocolValueError("'parameters' is not an array") }
        var parameters: [ParameterDescription] = []
        for item in items { parameters.append(try ParameterDescription(json: item)) }
        return parameters
    }
}
