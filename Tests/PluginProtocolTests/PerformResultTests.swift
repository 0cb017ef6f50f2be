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
    func everyResultRoundTrips(_ result: PerformResult) {
        #expect(PerformResult(json: result.json) == result)
    }

    @Test func theResultOfDESIGNIsRead() throws {
        let json = try JSONText.value(#"{"value":true,"dialog":"Done","reload":["Kind"]}"#)
        #expect(
            PerformResult(json: json) == PerformResult(value: .bool(true), dialog: "Done", reload: ["Kind"]))
        #expect(PerformResult(json: json).json == json)
    }

    @Test func missingMembersAreNone() throws {
        #expect(PerformResult(json: .object([])) == PerformResult(value: nil, dialog: nil, reload: []))
        #expect(
            PerformResult(json: try JSONText.value(#"{"value":null,"dialog":3,"reload":["A",1,"*"]}"#))
                == PerformResult(value: nil, dialog: nil, reload: ["A", "*"]))
        #expect(
            PerformResult(value: nil, dialog: nil, reload: []).json.description
                == #"{"value":null,"dialog":null,"reload":[]}"#)
    }
}
