import PluginProtocol
import WidgetHostKit

/// JSON values written as text, the way the protocol's lines are written.
enum JSONText {
    /// The value of `text`, which must be JSON.
    static func value(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: text)
    }

    /// The message one line holds.
    static func message(_ line: String) throws -> PluginMessage {
        try PluginMessage(json: value(line))
    }

    /// The error `read` throws, or `nil` when it reads `json` without one.
    static func error<Value>(
        _ json: JSONValue, _ read: (JSONValue) throws(ProtocolValueError) -> Value
    ) -> ProtocolValueError? {
        do throws(ProtocolValueError) {
            _ = try read(json)
            return nil
        } catch {
            return error
        }
    }
}
