import PluginProtocol
import Testing
@_spi(WidgetHost) import WidgetHostKit

@Suite struct InitializeResultTests {
    static let weather = InitializeResult(
        name: "weather", version: "1.0",
        widgets: [
            InitializeResult.Widget(
                metadata: WidgetMetadata(
                    kind: "WeatherWidget", displayName: "Weather", description: "Today's weather",
                    supportedFamilies: [.systemSmall]),
                parameters: [
                    ParameterDescription(
                        name: "city", title: "City", type: .string, defaultValue: .string("Oslo")),
                    ParameterDescription(
                        name: "units", title: "Units",
                        type: .enumeration(
                            name: "units",
                            cases: [
                                EnumCase(value: "metric", title: "metric"),
                                EnumCase(value: "imperial", title: "imperial"),
                            ]),
                        defaultValue: .string("metric")),
                    ParameterDescription(
                        name: "days", title: "Days", type: .integer, defaultValue: .int(3), minimum: 1,
                        maximum: 7),
                ])
        ],
        intents: [
            InitializeResult.Intent(
                type: "RefreshWeatherIntent", title: "Refresh", description: "Fetches the weather again",
                parameters: [
                    ParameterDescription(name: "city", title: "City", type: .string, isOptional: true)
                ])
        ])

    @Test(arguments: [
        weather,
        InitializeResult(name: "", version: "", widgets: [], intents: []),
        InitializeResult(
            name: "p", version: "0",
            widgets: [
                InitializeResult.Widget(
                    metadata: WidgetMetadata(kind: "A", supportedFamilies: [.accessoryInline, .systemLarge]),
                    parameters: [])
            ],
            intents: [InitializeResult.Intent(type: "I", parameters: [])]),
    ])
    func everyHandshakeRoundTrips(_ result: InitializeResult) throws {
        #expect(try InitializeResult(json: result.json) == result)
        #expect(
            try InitializeResult(
                json: PluginMessage.reply(id: .int(1), result: result.json).json["result"] ?? .null) == result
        )
    }

    @Test func theHandshakeOfDESIGNIsRead() throws {
        let line =
            #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1,"plugin":{"name":"weather","version":"1.0"},"#
            + #""widgets":[{"kind":"WeatherWidget","displayName":"Weather","description":"Today's weather","#
            + #""supportedFamilies":["systemSmall"],"#
            + #""parameters":[{"name":"city","title":"City","type":"string","default":"Oslo"},"#
            + #"{"name":"units","title":"Units","type":"enum","cases":["metric","imperial"],"default":"metric"},"#
            + #"{"name":"days","title":"Days","type":"integer","default":3,"minimum":1,"maximum":7}]}],"#
            + #""intents":[{"type":"RefreshWeatherIntent","title":"Refresh","description":"Fetches the weather again","#
            + #""parameters":[{"name":"city","title":"City","type":"string","optional":true}]}]}}"#
        guard case .reply(let id, let result) = try JSONText.message(line) else {
            Issue.record("not a reply")
            return
        }
        #expect(try InitializeResult(json: result) == Self.weather)
        #expect(PluginMessage.reply(id: id, result: Self.weather.json).line == line + "\n")
    }

    @Test func whatAPluginLeavesOutHasItsDefault() throws {
        let result = try InitializeResult(
            json: try JSONText.value(
                #"{"protocolVersion":1,"widgets":[{"kind":"A","supportedFamilies":[]}],"intents":[{"type":"I","parameters":null}]}"#
            ))
        #expect(result.name == "" && result.version == "")
        #expect(result.widgets.first?.metadata == WidgetMetadata(kind: "A"))
        #expect(result.intents == [InitializeResult.Intent(type: "I", parameters: [])])
    }

    @Test(arguments: [
        (#"{}"#, "its initialize result has no 'protocolVersion'"),
        (#"{"protocolVersion":2}"#, "speaks protocol version 2; this widgethost speaks 1"),
        (#"{"protocolVersion":1,"widgets":[{"kind":""}]}"#, "declares a widget without a 'kind'"),
        (
            #"{"protocolVersion":1,"widgets":[{"kind":"A"},{"kind":"A"}]}"#,
            "declares the widget kind 'A' twice"
        ),
        (
            #"{"protocolVersion":1,"widgets":[{"kind":"A","supportedFamilies":["huge"]}]}"#,
            #"the widget 'A' declares the unknown family "huge""#
        ),
        (#"{"protocolVersion":1,"widgets":[{"kind":"A","parameters":{}}]}"#, "'parameters' is not an array"),
        (#"{"protocolVersion":1,"intents":[{"title":"T"}]}"#, "declares an intent without a 'type'"),
        (#"{"protocolVersion":1,"intents":[{"type":"I"},{"type":"I"}]}"#, "declares the intent 'I' twice"),
        (
            #"{"protocolVersion":1,"intents":[{"type":"I","parameters":[{"type":"string"}]}]}"#,
            "a parameter has no 'name'"
        ),
    ])
    func badHandshakesAreNamed(_ text: String, _ message: String) throws {
        let error = JSONText.error(try JSONText.value(text)) { json throws(ProtocolValueError) in
            try InitializeResult(json: json)
        }
        #expect(error == ProtocolValueError(message))
    }
}
