public import WidgetHostKit

/// A JSON-RPC error: what a plugin answers instead of a result (`{"code", "message", "data"?}`).
public struct PluginError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A JSON-RPC error code; the ones the protocol uses are named.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The number on the wire.
        public var rawValue: Int

        /// Creates the code `rawValue`.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// -32700: the line is not JSON.
        public static let parseError = Code(rawValue: -32700)
        /// -32600: the message is not a request (no `method`).
        public static let invalidRequest = Code(rawValue: -32600)
        /// -32601: the plugin knows no such method.
        public static let methodNotFound = Code(rawValue: -32601)
        /// -32602: the params cannot be used (an unknown kind, a value an intent refuses); the host
        /// reports it as invalid input (exit 65), not as a run-time failure.
        public static let invalidParams = Code(rawValue: -32602)
        /// -32603: the plugin failed inside its own machinery (the Python SDK uses it).
        public static let internalError = Code(rawValue: -32603)
        /// -32000: the widget's provider or the intent threw.
        public static let serverError = Code(rawValue: -32000)

        /// The number.
        public var description: String { String(rawValue) }
    }

    /// The code; `nil` when a plugin's error gave none.
    public var code: Code?
    /// What went wrong, as the plugin says it.
    public var message: String
    /// Anything more the plugin attached.
    public var data: JSONValue?

    /// Creates an error.
    public init(code: Code?, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The message.
    public var description: String { message }

    /// `{"code", "message", "data"?}`.
    public var json: JSONValue {
        var members: [JSONValue.Member] = []
        if let code { members.append(.init("code", .int(code.rawValue))) }
        members.append(.init("message", .string(message)))
        if let data { members.append(.init("data", data)) }
        return .object(members)
    }

    /// Reads an error as a plugin wrote it, whatever its shape: a `message` that is not a string is
    /// the whole value's JSON text, so a malformed error still says something.
    public init(json: JSONValue) {
        self.init(
            code: json["code"]?.intValue.map(Code.init(rawValue:)),
            message: json["message"]?.stringValue ?? json.description,
            data: json["data"])
    }
}
