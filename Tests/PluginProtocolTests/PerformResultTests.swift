import PluginProtocol
import Testing
import WidgetHostKit

@Suite struct PerformResultTests {
    @Test(arguments: [
        PerformResult(value: .string("2B89"), dialog: "Call the bank added", reload: ["TaskWidget"]),
        PerformResult(value: nil, dialog: nil, reload: []),
        PerformResult(
            value: .object([.init("n", .int(2))]), dialog: "", reload: [PerformResult.everyKind, "A"]),
    ])
    func everyResultRoundTrips(_ result: PerformResult) throws {
        #expect(try PerformResult(json: result.json) == result)
    }

    @Test func theResultOfDESIGNIsRead() throws {
        let json = try JSONText.value(#"{"value":true,"dialog":"Done","reload":["Kind"]}"#)
        #expect(
            try PerformResult(json: json)
                == PerformResult(value: .bool(true), dialog: "Done", reload: ["Kind"]))
        #expect(try PerformResult(json: json).json == json)
    }

    @Test func missingAndNullMembersAreNone() throws {
        #expect(try PerformResult(json: .object([])) == PerformResult(value: nil, dialog: nil, reload: []))
        #expect(
            try PerformResult(json: try JSONText.value(#"{"value":null,"dialog":null,"reload":null}"#))
                == PerformResult(value: nil, dialog: nil, reload: []))
        #expect(
            PerformResult(value: nil, dialog: nil, reload: []).json.description
                == #"{"value":null,"dialog":null,"reload":[]}"#)
    }

    /// A member of the wrong shape is named with what it was, never read as none: the host fails
    /// the request with `plugin.invalid-reply`.
    @Test(arguments: [
        (#"{"value":1,"dialog":7}"#, "'dialog' is 7, not a string or null"),
        (#"{"dialog":{"text":"hi"}}"#, #"'dialog' is {"text":"hi"}, not a string or null"#),
        (#"{"reload":"Q"}"#, #"'reload' is "Q", not an array of kinds (strings)"#),
        (#"{"reload":["A",1,"*"]}"#, "'reload' item 2 is 1, not a kind (a string)"),
        (#"[1]"#, "the result is [1], not an object"),
        (
            #"{"dialog":["\#(String(repeating: "x", count: 80))"]}"#,
            #"'dialog' is [""# + String(repeating: "x", count: 58) + #"..., not a string or null"#
        ),
    ])
    func aMemberOfTheWrongShapeIsNamed(_ text: String, _ message: String) throws {
        let error = JSONText.error(try JSONText.value(text)) { json throws(ProtocolValueError) in
            try PerformResult(json: json)
        }
        #expect(error == ProtocolValueError(message))
    }
}
