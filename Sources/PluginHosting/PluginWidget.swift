import Diagnostics
public import Foundation
public import PluginProtocol
public import WidgetEngine
@_spi(WidgetHost) public import WidgetHostKit

/// A widget a plugin declared: the host validates its configuration against the declared
/// parameters like any built-in's, and `render` asks the plugin process.
public struct PluginWidget: PluginServedWidget {
    /// The kind, name, description and families the plugin declared.
    public var metadata: WidgetMetadata
    /// The parameters the plugin declared.
    public let parameters: [ParameterDescription]
    /// The plugin serving it.
    public let connection: PluginConnection
    /// The kind the plugin declared, which it is asked for: ``metadata``'s is `PLUGIN/KIND` for a
    /// built-in's name, as configurations name it.
    public let servedKind: String

    /// Creates the widget `declaration` of the plugin behind `connection`, known as `kind` when
    /// given (`PLUGIN/KIND`).
    public init(_ declaration: InitializeResult.Widget, connection: PluginConnection, as kind: String? = nil)
    {
        self.metadata = declaration.metadata
        self.servedKind = declaration.metadata.kind
        if let kind { self.metadata.kind = kind }
        self.parameters = declaration.parameters
        self.connection = connection
    }

    /// Whether it declared parameters.
    public var isConfigurable: Bool { !parameters.isEmpty }

    /// The name of the plugin serving it.
    public var pluginName: String { connection.manifest.name }

    /// Sends `options` for `parameter` when the plugin declared its choices dynamic.
    /// - Throws: ``WidgetFailure`` naming the plugin and what happened.
    public func options(for parameter: String, container: SharedContainer, date: Date) async throws
        -> [JSONValue]?
    {
        try await connection.options(
            for: parameter, of: .kind(servedKind), declared: parameters, container: container)
    }

    /// Sends `timeline`, `snapshot` or `placeholder` and reads the entries of the reply.
    /// - Throws: ``WidgetFailure`` naming the plugin and what happened.
    public func render(_ request: WidgetRequest) async throws -> RenderedTimeline {
        let configuration: [JSONValue.Member] = parameters.compactMap { parameter in
            request.configuration[parameter.name].map { JSONValue.Member(parameter.name, $0) }
        }
        let params = RenderParams(
            kind: servedKind, family: request.context.family, configuration: configuration,
            date: request.context.date, isPreview: request.context.isPreview,
            container: request.context.container.url.path, appGroup: request.context.container.appGroup)
        let message = PluginRequest.render(request.mode, params)
        switch await connection.request(message) {
        case .failure(let failure):
            throw failure.widgetFailure
        case .success(let result):
            let timeline: RenderedTimeline
            do throws(ProtocolValueError) {
                timeline = try RenderedTimeline(json: checkingViews(of: result))
                let declared = connection.knownHandshake?.intents.map(\.type) ?? []
                var undeclared: [String] = []
                for entry in timeline.entries {
                    for control in entry.view.controls {
                        guard let type = control.intent?.type, !declared.contains(type),
                            !undeclared.contains(type)
                        else { continue }
                        undeclared.append(type)
                    }
                }
                connection.noteViewWarnings(
                    undeclared.map {
                        PluginConnection.undeclaredIntent($0, plugin: connection.manifest.name)
                    },
                    kind: metadata.kind)
            } catch {
                throw PluginFailure(
                    code: .pluginInvalidReply, plugin: connection.manifest.name,
                    what: "answered '\(message.method)' for '\(metadata.kind)' wrongly: \(error.description)"
                ).widgetFailure
            }
            // Said here, not by the evaluator, so that the failure names the plugin as every
            // other plugin failure does.
            guard !timeline.entries.isEmpty else {
                throw PluginFailure(
                    code: .widgetNoEntries, plugin: connection.manifest.name,
                    what: "answered '\(message.method)' for '\(metadata.kind)' without entries; a timeline "
                        + "needs at least one, the entry the widget shows"
                ).widgetFailure
            }
            try checkEntrySizes(timeline, method: message.method)
            return timeline
        }
    }

    /// The reply `result` with each entry's view checked against the view vocabulary
    /// (``ViewVocabulary``): the warnings are recorded, once each, and what they say is ignored is
    /// left out of the view, so that neither the drawn view nor the JSON carries it.
    private func checkingViews(of result: JSONValue) -> JSONValue {
        guard case .object(var members) = result,
            let index = members.firstIndex(where: { $0.key == "entries" }),
            case .array(var entries) = members[index].value
        else { return result }
        var changed = false
        for position in entries.indices {
            guard case .object(var entry) = entries[position],
                let viewIndex = entry.firstIndex(where: { $0.key == "view" })
            else { continue }
            let checked = ViewVocabulary.check(entry[viewIndex].value)
            connection.noteViewWarnings(checked.warnings, kind: metadata.kind)
            guard let view = checked.view else { continue }
            entry[viewIndex].value = view
            entries[position] = .object(entry)
            changed = true
        }
        guard changed else { return result }
        members[index].value = .array(entries)
        return .object(members)
    }

    /// The most bytes of compact JSON one entry of a plugin may hold, its data and view together
    /// (1 MiB): what every output of the entry (JSON, NDJSON, the boxes, the live host's events)
    /// carries, however many widgets show it. A larger entry fails its widget.
    public static let maxEntrySize = 1 << 20

    /// Fails the widget when an entry of `timeline` holds more than ``maxEntrySize`` bytes.
    /// - Complexity: O(n) in the size of the entries (each is written once into a scratch buffer).
    private func checkEntrySizes(_ timeline: RenderedTimeline, method: String) throws(WidgetFailure) {
        var scratch: [UInt8] = []
        for (index, entry) in timeline.entries.enumerated() {
            scratch.removeAll(keepingCapacity: true)
            entry.data.write(to: &scratch)
            if scratch.count <= Self.maxEntrySize { entry.view.write(to: &scratch) }
            guard scratch.count > Self.maxEntrySize else { continue }
            throw PluginFailure(
                code: .pluginEntryTooLarge, plugin: connection.manifest.name,
                what: "answered '\(method)' for '\(metadata.kind)' with an entry (number \(index + 1)) "
                    + "over \(Self.maxEntrySize) bytes (1 MiB) of JSON; an entry's data and view hold at most that"
            ).widgetFailure
        }
    }
}

/// A widget of a kind no running plugin declares while some plugin could not be started: it is
/// accepted (its configuration cannot be checked) and fails at run time with that plugin's failure,
/// so the other widgets still run.
public struct UnavailablePluginWidget: UnavailableWidget {
    /// The kind the configuration names; every family.
    public var metadata: WidgetMetadata
    /// The plugins that failed.
    public let failures: [PluginFailure]

    /// Creates the stand-in for `kind`.
    public init(kind: String, failures: [PluginFailure]) {
        self.metadata = WidgetMetadata(kind: kind, supportedFamilies: WidgetFamily.allCases)
        self.failures = failures
    }

    /// None known.
    public var parameters: [ParameterDescription] { [] }
    /// `true`: whatever configuration is given is kept, unchecked.
    public var isConfigurable: Bool { true }

    /// Always throws the plugins' failure.
    public func render(_ request: WidgetRequest) async throws -> RenderedTimeline {
        throw message.widgetFailure
    }

    /// The failure reported for the widget.
    public var message: PluginFailure {
        guard failures.count == 1, let failure = failures.first else {
            return PluginFailure(
                code: .pluginUnavailable, plugin: failures.map(\.plugin).joined(separator: "', '"),
                what: "could not be started, so the kind '\(metadata.kind)' is unknown: "
                    + failures.map(\.description).joined(separator: "; "))
        }
        var copy = failure
        copy.what = "could not serve the kind '\(metadata.kind)': " + failure.what
        return copy
    }
}
