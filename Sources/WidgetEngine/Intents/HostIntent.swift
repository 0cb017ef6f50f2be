public import Foundation
@_spi(WidgetHost) public import WidgetHostKit

/// An app intent the host can perform, whatever its origin: compiled in (``BuiltInIntent``) or
/// declared by a plugin (``PluginIntent``). `perform`, `tap`, `describe` and `schema` see only this.
public protocol HostIntent: Sendable {
    /// The intent's type name, as controls and `perform` name it.
    var type: String { get }
    /// Its title.
    var title: String { get }
    /// What it does.
    var description: String { get }
    /// Its parameters, in declaration order.
    var parameters: [ParameterDescription] { get }
    /// The plugin that declares it, or `nil` for a built-in intent.
    var pluginName: String? { get }
    /// Its `ParameterSummary` phrase (`Add ${taskName}`, then `(priority)` for the other
    /// parameters), if it has one.
    var parameterSummary: String? { get }

    /// Performs the intent with `values` (checked against ``parameters``) in `container`, as if
    /// the clock read `date`.
    func perform(
        values: [String: JSONValue], container: SharedContainer, date: Date
    ) async -> Result<IntentRunner.Outcome, WidgetFailure>

    /// The choices of parameter `parameter` from the app's data in `container`; `nil` when its
    /// choices do not come from there.
    /// - Throws: what the options provider throws, or the plugin's failure.
    func options(for parameter: String, container: SharedContainer, date: Date) async throws -> [JSONValue]?
}

extension HostIntent {
    /// None.
    public var parameterSummary: String? { nil }

    /// The values `arguments` (`name=value` each) give this intent, checked against its
    /// parameters: strings as written, other types read as YAML scalars.
    public func values(_ arguments: [String]) -> Result<[String: JSONValue], IntentRunner.ArgumentError> {
        IntentRunner.values(arguments, for: parameters, intent: type)
    }

    /// The values a control's intent reference carries (a JSON object), checked against the
    /// parameters value by value, with no detour through text.
    public func values(json: JSONValue?) -> Result<[String: JSONValue], IntentRunner.ArgumentError> {
        IntentRunner.values(json: json, for: parameters, intent: type)
    }
}
