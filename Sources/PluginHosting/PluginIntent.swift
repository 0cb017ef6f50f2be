import AppGroup
import Diagnostics
public import Foundation
public import PluginProtocol
import TerminalText
public import WidgetEngine
@_spi(WidgetHost) public import WidgetHostKit

/// An intent a plugin declared: `perform` sends it to the plugin that declared it.
public struct PluginIntent: HostIntent {
    /// The intent's type name.
    public var type: String
    /// Its title, as the plugin declared it (empty when it gave none).
    public var title: String
    /// What it does, as the plugin declared it (empty when it gave none).
    public var description: String
    /// Its parameters, as the plugin declared them.
    public var parameters: [ParameterDescription]
    /// The plugin serving it.
    public let connection: PluginConnection

    /// The plugin's name.
    public var pluginName: String? { connection.manifest.name }

    /// The plugin's kinds that have a built-in's name: configurations name them `PLUGIN/KIND`, and
    /// so are their reload requests recorded.
    public var qualifiedKinds: Set<String> = []

    /// Creates the intent `declaration` of the plugin behind `connection`, whose kinds in
    /// `qualifying` have a built-in's name.
    public init(
        _ declaration: InitializeResult.Intent, connection: PluginConnection, qualifying: Set<String> = []
    ) {
        self.type = declaration.type
        self.title = declaration.title
        self.description = declaration.description
        self.parameters = declaration.parameters
        self.connection = connection
        self.qualifiedKinds = qualifying
    }

    /// Sends `options` for `parameter` when the plugin declared its choices dynamic.
    /// - Throws: ``WidgetFailure`` naming the plugin and what happened.
    public func options(for parameter: String, container: SharedContainer, date: Date) async throws
        -> [JSONValue]?
    {
        try await connection.options(
            for: parameter, of: .intent(type), declared: parameters, container: container)
    }

    /// Sends `perform` with `values` (already checked against ``parameters``); the kinds the reply
    /// asks to reload are recorded in `container`.
    ///
    /// The plugin's change is done once it answers: a reload request that could not be recorded
    /// is a warning of the outcome, as for built-in intents, not a failure. A reply of the wrong
    /// shape (a `dialog` that is not a string, a `reload` that is not an array of strings) is
    /// `plugin.invalid-reply`, naming the member, and none of it is used.
    public func perform(
        values: [String: JSONValue], container: SharedContainer, date: Date
    ) async -> Result<IntentRunner.Outcome, WidgetFailure> {
        let members = parameters.compactMap { parameter in
            values[parameter.name].map { JSONValue.Member(parameter.name, $0) }
        }
        let params = PerformParams(
            intent: type, parameters: members, container: container.url.path, appGroup: container.appGroup)
        switch await connection.request(.perform(params)) {
        case .failure(let failure):
            return .failure(failure.widgetFailure)
        case .success(let json):
            let result: PerformResult
            do throws(ProtocolValueError) {
                result = try PerformResult(json: json)
            } catch {
                // The intent has run in the plugin: what it changed stays changed. Nothing of a
                // reply of the wrong shape is used, its reloads included.
                return .failure(
                    PluginFailure(
                        code: .pluginInvalidReply, plugin: connection.manifest.name,
                        what: "answered 'perform' for '\(type)' wrongly: \(error.description) (the intent "
                            + "ran in the plugin, so what it changed stays changed; no reload it asked for "
                            + "was recorded)"
                    ).widgetFailure)
            }
            var reloaded: [String] = []
            var warnings: [String] = []
            // A member the protocol does not have is a typo more often than not (`dialogue`): said,
            // not silently passed over.
            let members: [JSONValue.Member]
            if case .object(let all) = json { members = all } else { members = [] }
            for member in members where !PerformResult.members.contains(member.key) {
                let nearest = EditDistance.suggestion(for: member.key, among: PerformResult.members)
                warnings.append(
                    "the plugin '\(connection.manifest.name)' answered 'perform' for '\(type)' with the unknown "
                        + "member '\(TerminalText.visible(member.key))'"
                        + (nearest.map { " (did you mean '\($0)'?)" }
                            ?? " (a result has value, dialog and reload)")
                        + "; ignored")
            }
            // A plugin reloads only its own kinds: "every kind" means every one of its own, and a
            // kind of anyone else's is a warning, ignored.
            let own = connection.knownHandshake?.widgets.map(\.metadata.kind) ?? []
            // A kind with a built-in's name is the plugin's under its qualified name, not the built-in.
            let recorded = { (kind: String) in
                qualifiedKinds.contains(kind) ? "\(connection.manifest.name)/\(kind)" : kind
            }
            var kinds: [String] = []
            for kind in result.reload {
                if kind == PerformResult.everyKind {
                    kinds += own.map(recorded)
                } else if own.contains(kind) {
                    kinds.append(recorded(kind))
                } else {
                    warnings.append(
                        "the plugin '\(connection.manifest.name)' asked to reload '\(Excerpt.of(kind))', which is not one of "
                            + "its kinds (\(own.isEmpty ? "it has none" : own.joined(separator: ", "))); ignored"
                    )
                }
            }
            if !kinds.isEmpty {
                // Every kind the reply names in one transaction: the write lock is taken once.
                let transaction = IntentTransaction()
                IntentTransaction.$current.withValue(transaction) {
                    for kind in kinds where !reloaded.contains(kind) {
                        do {
                            try container.reloads.requestReload(ofKind: kind)
                            reloaded.append(kind)
                        } catch {
                            warnings.append("the reload request was not recorded: \(error)")
                        }
                    }
                }
                do throws(AppGroupError) {
                    try transaction.commit { () throws(AppGroupError) in try container.appGroupStore() }
                } catch {
                    warnings.append("the reload request was not recorded: \(error.message)")
                    reloaded = []
                }
            }
            return .success(
                IntentRunner.Outcome(
                    intent: type, value: result.value, dialog: result.dialog, reloaded: reloaded,
                    warnings: warnings))
        }
    }
}
