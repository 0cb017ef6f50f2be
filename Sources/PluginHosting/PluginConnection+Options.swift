import PluginProtocol
import WidgetEngine
import WidgetHostKit

extension PluginConnection {
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
