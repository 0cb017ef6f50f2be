import PluginProtocol
import Testing
import WidgetHostKit

@Suite struct PluginMessageTests {
    static let messages: [PluginMessage] = [
        .request(id: .int(1), method: "initialize", params: .object([.init("protocolVersion", .int(1))])),
        .request(id: .string("a"), method: "timeline", params: .object([])),
        .notification(method: "log", params: .object([.init("text", .string("hi"))])),
        .reply(id: .int(2), result: .object([.init("entries", .array([]))])),
        .error(id: .int(3), PluginError(code: .invalidParams, message: "no valid 'family'")),
        .error(id: .null, PluginError(code: .parseError, message: "parse error", data: .string("x"))),
    ]

    @Test(arguments: messages)
    func everyMessageRoundTrips(_ message: PluginMessage) throws {
        #expect(try PluginMessage(json: message.json) == message)
        #expect(try JSONText.message(String(message.line.dropLast())) == message)
        #expect(message.line.hasSuffix("}\n") && message.line.filter { $0 == "\n" }.count == 1)
    }

    @Test func linesAreWrittenAsTheWireHasThem() {
        #expect(
            PluginMessage.request(id: .int(7), method: "perform", params: .object([])).line
                == #"{"jsonrpc":"2.0","id":7,"method":"perform","params":{}}"# + "\n")
        #expect(
            PluginMessage.reply(id: .int(7), result: .null).line == #"{"jsonrpc":"2.0","id":7,"result":null}"#
                + "\n")
        #expect(
            PluginMessage.error(id: .int(7), PluginError(code: .serverError, message: "boom")).line
                == #"{"jsonrpc":"2.0","id":7,"error":{"code":-32000,"message":"boom"}}"# + "\n")
        #expect(
            PluginMessage.notification(method: "log", params: .object([])).line
                == #"{"jsonrpc":"2.0","method":"log","params":{}}"# + "\n")
    }

    @Test func aRequestWithoutParamsHasAnEmptyObject() throws {
        #expect(
            try JSONText.message(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#)
                == .request(id: .int(1), method: "initialize", params: .object([])))
    }

    @Test func anErrorWinsOverAResultAndAMethodMakesARequest() throws {
        #expect(
            try JSONText.message(#"{"id":1,"result":1,"error":{"code":-32000,"message":"m"}}"#)
                == .error(id: .int(1), PluginError(code: .serverError, message: "m")))
        #expect(
            try JSONText.message(#"{"id":1,"method":"log","result":1}"#)
                == .request(id: .int(1), method: "log", params: .object([])))
        #expect(try JSONText.message(#"{"id":null,"result":1}"#) == .reply(id: .null, result: .int(1)))
    }

    @Test(arguments: [
        (#"[1]"#, InvalidMessage(id: nil, reason: .notAnObject), "a JSON value that is not an object"),
        (
            #"{"method":5}"#, InvalidMessage(id: nil, reason: .noMethod),
            "a message whose 'method' is not a string"
        ),
        (
            #"{"id":4,"method":5}"#, InvalidMessage(id: .int(4), reason: .noMethod),
            "a message whose 'method' is not a string"
        ),
        (#"{"result":1}"#, InvalidMessage(id: nil, reason: .noID), "a message without an id"),
        (
            #"{"id":4}"#, InvalidMessage(id: .int(4), reason: .noOutcome),
            "a reply without 'result' or 'error'"
        ),
    ])
    func badMessagesAreNamed(_ line: String, _ expected: InvalidMessage, _ description: String) throws {
        let json = try JSONText.value(line)
        #expect(throws: expected) { try PluginMessage(json: json) }
        #expect(expected.description == description)
    }
}
