import PluginProtocol
import Testing
import WidgetHostKit

@Suite struct ParameterDescriptionTests {
    static let cases = [EnumCase(value: "high", title: "high"), EnumCase(value: "low", title: "low")]

    @Test(arguments: [
        ParameterDescription(name: "s", title: "S", type: .string, defaultValue: .string("x")),
        ParameterDescription(name: "b", title: "B", type: .boolean, defaultValue: .bool(false)),
        ParameterDescription(
            name: "i", title: "I", type: .integer, defaultValue: .int(3), minimum: 1, maximum: 7),
        ParameterDescription(name: "n", title: "N", type: .number, isOptional: true),
        ParameterDescription(name: "d", title: "D", type: .date),
        ParameterDescription(
            name: "e", title: "E", type: .enumeration(name: "e", cases: cases), defaultValue: .string("low")),
        ParameterDescription(name: "a", title: "A", type: .array(.enumeration(name: "a", cases: cases))),
        ParameterDescription(name: "aa", title: "AA", type: .array(.array(.integer))),
        // An enumeration's titles and name where they are not its values and its parameter's name.
        ParameterDescription(
            name: "kind", title: "Kind",
            type: .enumeration(
                name: "Task Type",
                cases: [EnumCase(value: "todo", title: "To-do"), EnumCase(value: "daily", title: "daily")])),
        ParameterDescription(
            name: "kinds", title: "Kinds",
            type: .array(.enumeration(name: "Task Type", cases: [EnumCase(value: "todo", title: "To-do")]))),
    ])
    func everyParameterRoundTrips(_ parameter: ParameterDescription) throws {
        #expect(try ParameterDescription(json: parameter.json) == parameter)
    }

    @Test func aParameterIsWrittenAsDESIGNShowsIt() {
        #expect(
            ParameterDescription(
                name: "days", title: "Days", type: .integer, defaultValue: .int(3), minimum: 1, maximum: 7
            )
            .json.description
                == #"{"name":"days","title":"Days","type":"integer","default":3,"minimum":1,"maximum":7}"#)
        #expect(
            ParameterDescription(
                name: "units", title: "Units", type: .enumeration(name: "units", cases: Self.cases)
            )
            .json.description == #"{"name":"units","title":"Units","type":"enum","cases":["high","low"]}"#)
        #expect(
            ParameterDescription(
                name: "kind", title: "Kind",
                type: .enumeration(name: "Task Type", cases: [EnumCase(value: "todo", title: "To-do")])
            )
            .json.description
                == #"{"name":"kind","title":"Kind","type":"enum","cases":["todo"],"caseTitles":["To-do"],"typeName":"Task Type"}"#
        )
    }

    @Test(arguments: [
        (#"{"type":"string"}"#, "a parameter has no 'name'"),
        (#"{"name":"p"}"#, "the parameter 'p' has no 'type'"),
        (
            #"{"name":"p","type":"colour"}"#,
            "the parameter 'p' has the unknown type 'colour'; expected string, boolean, integer, number, enum, date or array"
        ),
        (#"{"name":"p","type":"enum","cases":[]}"#, "the enum parameter 'p' has no 'cases'"),
        (#"{"name":"p","type":"enum","cases":[1]}"#, "the cases of parameter 'p' must be strings"),
        (
            #"{"name":"p","type":"enum","cases":["a","b"],"caseTitles":["A"]}"#,
            "the 'caseTitles' of parameter 'p' must be a string for each case"
        ),
        (
            #"{"name":"p","type":"enum","cases":["a"],"caseTitles":[1]}"#,
            "the 'caseTitles' of parameter 'p' must be a string for each case"
        ),
        (#"{"name":"p","type":"array"}"#, "the array parameter 'p' has no 'items'"),
        (#"{"name":"p","type":"integer","minimum":"1"}"#, "the 'minimum' of parameter 'p' is not an integer"),
        (#"{"name":"p","type":"integer","maximum":1.5}"#, "the 'maximum' of parameter 'p' is not an integer"),
    ])
    func badParametersAreNamed(_ text: String, _ message: String) throws {
        let error = JSONText.error(try JSONText.value(text)) { json throws(ProtocolValueError) in
            try ParameterDescription(json: json)
        }
        #expect(error == ProtocolValueError(message))
    }
}
