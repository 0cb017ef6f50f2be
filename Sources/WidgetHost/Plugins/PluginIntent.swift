import Foundation
public import WidgetHostKit

/// An intent a plugin declared: `perform` sends it to the plugin that declared it.
public struct PluginIntent: Sendable {
    /// The intent's type name.
    public var type: String
    /// Its parameters, as the plugin declared them.
    public var parameters: [ParameterDescription]
    /// The plugin serving it.
    public let connection: PluginConnection

    /// Creates the intent `declaration` of the plugin behind `connection`.
    public init(_ declaration: PluginHandshake.Intent, connection: PluginConnection) {
        self.type = declaration.type
        self.parameters = declaration.parameters
        self.connection = connection
    }

    /// Sends `perform` with `values` (already checked against ``parameters``); the kinds the reply
    /// asks to reload are recorded in `container`.
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
            if case .array(let kinds)? = result["reload"] {
                for kind in kinds.compactMap(\.stringValue) {
                    do {
                        try container.reloads.requestReload(ofKind: kind == "*" ? nil : kind)
                    } catch {
                        return .failure(
                            WidgetFailure(
                                code: "intent.reload-not-recorded",
                                message: "the reload request was not recorded: \(error)"))
                    }
                    reloaded.append(kind)
                }
            }
            let value = result["value"].flatMap { $0 == .null ? nil : $0 }
            return .success(
                IntentRunner.Outcome(
                    intent: type, value: value, dialog: result["dialog"]?.stringValue, reloaded: reloaded))
        }
    }
}
