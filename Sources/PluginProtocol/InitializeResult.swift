@_spi(WidgetHost) public import WidgetHostKit

/// The result of `initialize`, the handshake: the plugin's name and version, its widgets with
/// their parameters, and its intents.
public struct InitializeResult: Sendable, Hashable {
    /// One declared widget.
    public struct Widget: Sendable, Hashable {
        /// Kind, name, description, families.
        public var metadata: WidgetMetadata
        /// The configuration parameters.
        public var parameters: [ParameterDescription]

        /// Creates a declaration.
        public init(metadata: WidgetMetadata, parameters: [ParameterDescription]) {
            self.metadata = metadata
            self.parameters = parameters
        }

        /// `{"kind", "displayName", "description", "supportedFamilies", "parameters"}`, and
        /// `"parameterLimits": {PARAMETER: {FAMILY: N}}` when the widget declares any.
        public var json: JSONValue {
            var members: [JSONValue.Member] = [
                .init("kind", .string(metadata.kind)),
                .init("displayName", .string(metadata.displayName)),
                .init("description", .string(metadata.description)),
                .init("supportedFamilies", .array(metadata.supportedFamilies.map { .string($0.rawValue) })),
                .init("parameters", .array(parameters.map(\.json))),
            ]
            if !metadata.parameterLimits.isEmpty {
                let limits = metadata.parameterLimits.sorted { $0.key < $1.key }.map { name, byFamily in
                    JSONValue.Member(
                        name,
                        .object(
                            byFamily.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                                .init($0.key.rawValue, .int($0.value))
                            }))
                }
                members.append(.init("parameterLimits", .object(limits)))
            }
            return .object(members)
        }
    }

    /// One declared intent.
    public struct Intent: Sendable, Hashable {
        /// The intent's type name.
        public var type: String
        /// Its title, if it gave one.
        public var title: String
        /// What it does, if it said.
        public var description: String
        /// Its parameters.
        public var parameters: [ParameterDescription]

        /// Creates a declaration.
        public init(
            type: String, title: String = "", description: String = "", parameters: [ParameterDescription]
        ) {
            self.type = type
            self.title = title
            self.description = description
            self.parameters = parameters
        }

        /// `{"type", "title", "description", "parameters"}`.
        public var json: JSONValue {
            .object([
                .init("type", .string(type)),
                .init("title", .string(title)),
                .init("description", .string(description)),
                .init("parameters", .array(parameters.map(\.json))),
            ])
        }
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

    /// Creates a handshake.
    public init(
        protocolVersion: Int = PluginProtocol.version, name: String, version: String, widgets: [Widget],
        intents: [Intent]
    ) {
        self.protocolVersion = protocolVersion
        self.name = name
        self.version = version
        self.widgets = widgets
        self.intents = intents
    }

    /// `{"protocolVersion", "plugin": {"name", "version"}, "widgets", "intents"}`.
    public var json: JSONValue {
        .object([
            .init("protocolVersion", .int(protocolVersion)),
            .init("plugin", PeerIdentity(name: name, version: version).json),
            .init("widgets", .array(widgets.map(\.json))),
            .init("intents", .array(intents.map(\.json))),
        ])
    }

    /// Reads an `initialize` result; it must speak ``PluginProtocol/version``.
    /// - Throws: ``ProtocolValueError`` naming what is missing or wrong, as a fragment following
    ///   the plugin's name (`speaks protocol version 2; ...`).
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard let version = json["protocolVersion"]?.intValue else {
            throw ProtocolValueError("its initialize result has no 'protocolVersion'")
        }
        guard version == PluginProtocol.version else {
            throw ProtocolValueError(
                "speaks protocol version \(version); this widgethost speaks \(PluginProtocol.version)")
        }
        let plugin = json["plugin"].map(PeerIdentity.init(json:))
        var widgets: [Widget] = []
        var intents: [Intent] = []
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
                metadata.parameterLimits = try Self.parameterLimits(item["parameterLimits"], kind: kind)
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
                intents.append(
                    Intent(
                        type: type, title: item["title"]?.stringValue ?? "",
                        description: item["description"]?.stringValue ?? "",
                        parameters: try Self.parameters(item["parameters"])))
            }
        }
        self.init(
            protocolVersion: version, name: plugin?.name ?? "", version: plugin?.version ?? "",
            widgets: widgets, intents: intents)
    }

    /// `{PARAMETER: {FAMILY: N}}`: the most of each integer parameter each family shows.
    /// - Throws: ``ProtocolValueError`` for an unknown family or a limit that is not a whole number.
    private static func parameterLimits(_ json: JSONValue?, kind: String) throws(ProtocolValueError)
        -> [String: [WidgetFamily: Int]]
    {
        guard let json, json != .null else { return [:] }
        guard case .object(let parameters) = json else {
            throw ProtocolValueError("the widget '\(kind)' declares 'parameterLimits' that is not an object")
        }
        var limits: [String: [WidgetFamily: Int]] = [:]
        for parameter in parameters {
            guard case .object(let families) = parameter.value else {
                throw ProtocolValueError(
                    "the widget '\(kind)' declares limits of '\(parameter.key)' that are not an object")
            }
            for entry in families {
                guard let family = WidgetFamily(rawValue: entry.key) else {
                    throw ProtocolValueError(
                        "the widget '\(kind)' declares a limit for the unknown family '\(entry.key)'")
                }
                guard let limit = entry.value.intValue, limit >= 0 else {
                    throw ProtocolValueError(
                        "the widget '\(kind)' declares a limit of '\(parameter.key)' that is not a whole number"
                    )
                }
                limits[parameter.key, default: [:]][family] = limit
            }
        }
        return limits
    }

    private static func parameters(_ json: JSONValue?) throws(ProtocolValueError) -> [ParameterDescription] {
        guard let json, json != .null else { return [] }
        guard case .array(let items) = json else { throw ProtocolValueError("'parameters' is not an array") }
        var parameters: [ParameterDescription] = []
        for item in items { parameters.append(try ParameterDescription(json: item)) }
        return parameters
    }
}
