import AppGroup
import Foundation
public import WidgetHostKit

/// An intent a plugin declared: `perform` sends it to the plugin that declared it.
public struct PluginIntent: Sendable {
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

    /// Creates the intent `declaration` of the plugin behind `connection`.
    public init(_ declaration: PluginHandshake.Intent, connection: PluginConnection) {
        self.type = declaration.type
        self.title = declaration.title
        self.description = declaration.description
        self.parameters = declaration.parameters
        self.connection = connection
    }

    /// The values `arguments` (`name=value` each) give this intent, checked against its declared
    /// parameters as a built-in intent's are, so the plugin never sees an unchecked value.
    public func values(_ arguments: [String]) -> Result<[String: JSONValue], IntentRunner.ArgumentError> {
        IntentRunner.values(arguments, for: parameters, intent: type)
    }

    /// The values of a control's intent reference (`parameters`, a JSON object the plugin's view
    /// carries), checked against the declared parameters like command-line values.
    public func values(json parameters: JSONValue?) -> Result<[String: JSONValue], IntentRunner.ArgumentError>
    {
        var arguments: [String] = []
        var invalid: [String] = []
        if case .object(let members)? = parameters {
            for member in members {
                let declared = self.parameters.first { $0.name == member.key }
                if declared?.type == .string {
                    guard case .string(let text) = member.value else {
                        invalid.append("'\(member.key)' is \(member.value), not a string")
                        continue
                    }
                    arguments.append("\(member.key)=\(text)")
                } else {
                    arguments.append("\(member.key)=\(member.value)")
                }
            }
        }
        guard invalid.isEmpty else { return .failure(.init(isUsage: false, messages: invalid)) }
        return values(arguments)
    }

    /// Sends `perform` with `values` (already checked against ``parameters``); the kinds the reply
    /// asks to reload are recorded in `container`.
    ///
    /// The plugin's change is done once it answers: a reload request that could not be recorded
    /// is a warning of the outcome, as for built-in intents, not a failure.
    public func perform(
        values: [String: JSONValue], container: SharedContainer
    ) async -> Result<IntentRunner.Outcome, WidgetFailure> {
        let members = parameters.compactMap { parameter in
            values[parameter.name].map { JSONValue.Member(parameter.name, $0) }
        }
        let params: JSONValue = .object([
            .init("intent", .string(type)),
            .init("parameters", .object(members)),
            .init("container", .string(container.url.path)),
        ])
        switch await connection.request("perform", params: params) {
        case .failure(let failure):
            return .failure(failure.widgetFailure)
        case .success(let result):
            var reloaded: [String] = []
            var warnings: [String] = []
            if case .array(let kinds)? = result["reload"] {
                // Every kind the reply names in one transaction: the write lock is taken once.
                let transaction = IntentTransaction()
                IntentTransaction.$current.withValue(transaction) {
                    for kind in kinds.compactMap(\.stringValue) where !reloaded.contains(kind) {
                        do {
                            try container.reloads.requestReload(ofKind: kind == "*" ? nil : kind)
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
            let value = result["value"].flatMap { $0 == .null ? nil : $0 }
            return .success(
                IntentRunner.Outcome(
                    intent: type, value: value, dialog: result["dialog"]?.stringValue, reloaded: reloaded,
                    warnings: warnings))
        }
    }
}
