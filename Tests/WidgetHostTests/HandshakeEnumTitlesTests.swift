import JSON
import PluginHosting
import Testing

/// An enumeration's `caseTitles` and `typeName` in a handshake: checked as the other members are.
@Suite struct HandshakeEnumTitlesTests {
    static func problems(_ parameter: String) throws -> [String] {
        let handshake = """
            {"protocolVersion": 1, "plugin": {"name": "p", "version": "1"}, "intents": [],
             "widgets": [{"kind": "K", "supportedFamilies": ["systemSmall"], "parameters": [\(parameter)]}]}
            """
        return HandshakeCheck.problems(in: try JSONValue(parsing: Array(handshake.utf8)))
    }

    @Test func titlesForEachCaseAndANameAreAccepted() throws {
        #expect(
            try Self.problems(
                #"{"name": "kind", "type": "enum", "cases": ["todo", "daily"], "caseTitles": ["To-do", "Daily"], "typeName": "Task Type"}"#
            ) == [])
    }

    @Test func titlesOfAnotherCountOrAnEmptyNameAreProblems() throws {
        let problems = try Self.problems(
            #"{"name": "kind", "type": "enum", "cases": ["todo", "daily"], "caseTitles": ["To-do"], "typeName": ""}"#
        )
        #expect(problems.count == 2, "\(problems)")
        #expect(
            problems.contains { $0.hasSuffix("'caseTitles': a non-empty string for each of the 2 cases") })
        #expect(problems.contains { $0.hasSuffix(#"'typeName': "" is not a non-empty string"#) })
    }
}
