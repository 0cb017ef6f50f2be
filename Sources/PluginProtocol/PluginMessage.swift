public import WidgetHostKit

/// One line of the protocol: a JSON-RPC 2.0 request, notification, reply or error, each written
/// `{"jsonrpc":"2.0","id",...}` in the order docs/plugin-protocol.md shows.
public enum PluginMessage: Sendable, Hashable {
    /// A request: its reply carries `id` back.
    case request(id: JSONValue, method: String, params: JSONValue)
    /// A message without an `id`: it gets no reply, and one a side does not know is ignored.
    case notification(method: String, params: JSONValue)
    /// The result of the request `id`.
    case reply(id: JSONValue, result: JSONValue)
    /// The failure of the request `id` (`id` is `null` for a line that could not be read).
    case error(id: JSONValue, PluginError)

    /// The request `request` under `id`.
    public static func request(id: JSONValue, _ request: PluginRequest) -> PluginMessage {
        .request(id: id, method: request.method, params: request.params)
    }

    /// The message as a JSON object.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [.init("jsonrpc", .string(PluginProtocol.jsonRPCVersion))]
        switch self {
        case .request(let id, let method, let params):
            members += [.init("id", id), .init("method", .string(method)), .init("params", params)]
        case .notification(let method, let params):
            members += [.init("method", .string(method)), .init("params", params)]
        case .reply(let id, let result):
            members += [.init("id", id), .init("result", result)]
        case .error(let id, let error):
            members += [.init("id", id), .init("error", error.json)]
        }
        return .object(members)
    }

    /// The line written for the message: compact JSON and a newline.
    public var line: String { json.description + "\n" }

    /// Reads a message. A `method` makes it a request (with an `id`) or a notification (without);
    /// otherwise it is the reply or error of its `id`, `error` winning over `result`. A request
    /// without `params` has `{}`.
    /// - Throws: ``InvalidMessage`` saying what is wrong, with the `id` when the message had one.
    public init(json: JSONValue) throws(InvalidMessage) {
        guard case .object = json else { throw InvalidMessage(id: nil, reason: .notAnObject) }
        let id = json["id"]
        if let value = json["method"] {
            guard let method = value.stringValue else { throw InvalidMessage(id: id, reason: .noMethod) }
            let params = json["params"] ?? .object([])
            if let id {
                self = .request(id: id, method: method, params: params)
            } else {
                self = .notification(method: method, params: params)
            }
            return
        }
        guard let id else { throw InvalidMessage(id: nil, reason: .noID) }
        if let error = json["error"] {
            self = .error(id: id, PluginError(json: error))
        } else if let result = json["result"] {
            self = .reply(id: id, result: result)
        } else {
            throw InvalidMessage(id: id, reason: .noOutcome)
        }
    }
}
