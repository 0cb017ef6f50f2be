import Foundation
import PluginProtocol
import WidgetEngine
import WidgetHostKit

extension PluginConnection {
    /// The choices of `owner`'s `parameter` (one of `parameters`, as the plugin declared them) for
    /// `container`: asked of the plugin when it declared them dynamic, `nil` when it did not.
    /// - Throws: ``WidgetFailure`` naming the plugin and what happened.
    func options(
        for parameter: String, of owner: OptionsParams.Owner, declared parameters: [ParameterDescription],
        container: SharedContainer
    ) async throws(WidgetFailure) -> [JSONValue]? {
        guard parameters.contains(where: { $0.name == parameter && $0.hasDynamicOptions }) else { return nil }
        return try await options(
            OptionsParams(
                owner: owner, parameter: parameter, container: container.url.path,
                appGroup: container.appGroup))
    }

    /// Asks the plugin for a parameter's choices from the app's data (the `options` method), for a
    /// widget's or an intent's parameter alike.
    /// - Throws: ``WidgetFailure`` naming the plugin and what happened.
    func options(_ params: OptionsParams) async throws(WidgetFailure) -> [JSONValue] {
        switch await request(.options(params)) {
        case .failure(let failure):
            throw failure.widgetFailure
        case .success(let result):
            do throws(ProtocolValueError) {
                return try OptionsParams.options(in: result)
            } catch {
                throw WidgetFailure(
                    code: .pluginInvalidReply,
                    message: "the plugin '\(manifest.name)' answered options with \(error)")
            }
        }
    }
}
