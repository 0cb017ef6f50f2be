import Foundation
import PluginProtocol
import Testing
@_spi(WidgetHost) import WidgetHostKit

@Suite struct PluginRequestTests {
    static let render = RenderParams(
        kind: "WeatherWidget", family: .systemSmall,
        configuration: [
            .init("city", .string("Oslo")), .init("units", .string("metric")), .init("days", .int(3)),
        ],
        date: Date(timeIntervalSince1970: 1_795_953_600), isPreview: false, container: "/path/to/app/group")

    static let requests: [PluginRequest] = [
        .initialize(InitializeParams(host: PeerIdentity(name: "widgethost", version: "1.2"))),
        .initialize(InitializeParams(protocolVersion: 2, host: nil)),
        .render(.timeline, render),
        .render(.snapshot, render),
        .render(
            .placeholder,
            RenderParams(
                kind: "K", family: .accessoryInline, configuration: [],
                date: Date(timeIntervalSince1970: 0.5),
                isPreview: true, container: ".")),
        .perform(
            PerformParams(
                intent: "RefreshWeatherIntent", parameters: [.init("city", .string("Bergen"))],
                container: "/c")),
        .perform(PerformParams(intent: "NoValues", parameters: [], container: "/c")),
    ]

    @Test(arguments: requests)
    func everyRequestRoundTrips(_ request: PluginRequest) throws {
        #expect(try PluginRequest(method: request.method, params: request.params) == request)
        let message = PluginMessage.request(id: .int(9), request)
        guard case .request(let id, let method, let params) = try PluginMessage(json: message.json) else {
            Issue.record("not read back as a request: \(message)")
            return
        }
        #expect(id == .int(9))
        #expect(try PluginRequest(method: method, params: params) == request)
    }

    @Test func theMethodsAreNamedAsDESIGNSays() {
        #expect(
            PluginRequest.Method.allCases.map(\.rawValue) == [
                "initialize", "timeline", "snapshot", "placeholder", "perform", "options",
            ])
        #expect(
            Self.requests.map(\.method) == [
                "initialize", "initialize", "timeline", "snapshot", "placeholder", "perform", "perform",
            ])
    }

    @Test func theInitializeLineOfDESIGNRoundTripsByteForByte() throws {
        let line =
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,"host":{"name":"widgethost","version":"..."}}}"#
        guard case .request(let id, let method, let params) = try JSONText.message(line) else {
            Issue.record("not a request")
            return
        }
        let request = try PluginRequest(method: method, params: params)
        #expect(
            request == .initialize(InitializeParams(host: PeerIdentity(name: "widgethost", version: "..."))))
        #expect(PluginMessage.request(id: id, request).line == line + "\n")
    }

    @Test func theTimelineLineOfDESIGNRoundTripsByteForByte() throws {
        let line =
            #"{"jsonrpc":"2.0","id":2,"method":"timeline","params":{"kind":"WeatherWidget","family":"systemSmall","#
            + #""configuration":{"city":"Oslo","units":"metric","days":3},"date":"2026-11-29T12:00:00Z","#
            + #""isPreview":false,"container":"/path/to/app/group"}}"#
        guard case .request(let id, let method, let params) = try JSONText.message(line) else {
            Issue.record("not a request")
            return
        }
        let request = try PluginRequest(method: method, params: params)
        #expect(request == .render(.timeline, Self.render))
        #expect(PluginMessage.request(id: id, request).line == line + "\n")
    }

    @Test func thePerformParamsOfDESIGNAreRead() throws {
        let params = try JSONText.value(
            #"{"intent":"RefreshWeatherIntent","parameters":{"city":"Oslo"},"container":"/g"}"#)
        #expect(
            try PluginRequest(method: "perform", params: params)
                == .perform(
                    PerformParams(
                        intent: "RefreshWeatherIntent", parameters: [.init("city", .string("Oslo"))],
                        container: "/g")))
        #expect(try PluginRequest(method: "perform", params: params).params == params)
    }

    @Test func whatAPluginMayLeaveOutHasItsDefault() throws {
        #expect(
            try PluginRequest(method: "initialize", params: .null)
                == .initialize(InitializeParams(protocolVersion: PluginProtocol.version, host: nil)))
        let render = try JSONText.value(
            #"{"kind":"K","family":"systemSmall","date":"2026-11-29T12:00:00Z","configuration":[1]}"#)
        #expect(
            try PluginRequest(method: "timeline", params: render)
                == .render(
                    .timeline,
                    RenderParams(
                        kind: "K", family: .systemSmall, configuration: [],
                        date: Date(timeIntervalSince1970: 1_795_953_600),
                        isPreview: false, container: ".")))
        #expect(
            try PluginRequest(
                method: "perform", params: try JSONText.value(#"{"intent":"I","parameters":7}"#))
                == .perform(PerformParams(intent: "I", parameters: [], container: ".")))
    }

    @Test(arguments: [
        ("reticulate", #"{}"#, PluginError(code: .methodNotFound, message: "unknown method 'reticulate'")),
        ("timeline", #"{}"#, PluginError(code: .invalidParams, message: "no widget of kind null")),
        ("snapshot", #"{"kind":3}"#, PluginError(code: .invalidParams, message: "no widget of kind 3")),
        (
            "timeline", #"{"kind":"K","family":"huge"}"#,
            PluginError(code: .invalidParams, message: "no valid 'family'")
        ),
        (
            "placeholder", #"{"kind":"K","family":"systemSmall","date":"noon"}"#,
            PluginError(code: .invalidParams, message: "no ISO 8601 'date'")
        ),
        ("perform", #"{"intent":null}"#, PluginError(code: .invalidParams, message: "no intent named null")),
        ("perform", #"[]"#, PluginError(code: .invalidParams, message: "no intent named null")),
    ])
    func badRequestsAreNamed(_ method: String, _ params: String, _ expected: PluginError) throws {
        let json = try JSONText.value(params)
        #expect(throws: expected) { try PluginRequest(method: method, params: json) }
    }
}

@Suite struct OptionsRequestTests {
    @Test(arguments: [
        OptionsParams(owner: .kind("TaskWidget"), parameter: "category", container: "/tmp/store"),
        OptionsParams(owner: .intent("AddTaskIntent"), parameter: "priority", container: "/x"),
    ])
    func optionsRequestsRoundTrip(_ params: OptionsParams) throws {
        let request = PluginRequest.options(params)
        #expect(request.method == "options")
        #expect(try PluginRequest(method: "options", params: request.params) == request)
    }

    @Test func theOptionsWireFormat() throws {
        let params = OptionsParams(owner: .kind("TaskWidget"), parameter: "category", container: "/s")
        #expect(params.json.description == #"{"kind":"TaskWidget","parameter":"category","container":"/s"}"#)
        #expect(OptionsParams.result([.string("all")]).description == #"{"options":["all"]}"#)
        #expect(
            try OptionsParams.options(in: JSONValue(parsing: #"{"options":["a",1]}"#)) == [
                .string("a"), .int(1),
            ])
    }

    @Test(arguments: [
        (#"{"kind":"A"}"#, "no parameter named null"),
        (#"{"parameter":"p"}"#, "options asks for the parameter of one 'kind' or one 'intent'"),
        (
            #"{"parameter":"p","kind":"A","intent":"B"}"#,
            "options asks for the parameter of one 'kind' or one 'intent'"
        ),
    ])
    func badOptionsParamsAreInvalidParams(_ text: String, _ message: String) throws {
        #expect(throws: PluginError(code: .invalidParams, message: message)) {
            try PluginRequest(method: "options", params: JSONValue(parsing: text))
        }
    }

    @Test func aReplyWithoutOptionsIsNamed() {
        #expect(throws: ProtocolValueError("the options reply has no 'options' array")) {
            try OptionsParams.options(in: .object([]))
        }
    }

    @Test func dynamicChoicesAndTheRequestDialogRoundTripInAParameter() throws {
        let parameter = ParameterDescription(
            name: "category", title: "Category", type: .string, defaultValue: .string("all"),
            requestValueDialog: "Which category?", hasDynamicOptions: true)
        #expect(
            parameter.json.description
                == #"{"name":"category","title":"Category","type":"string","default":"all","#
                + #""requestValueDialog":"Which category?","dynamicOptions":true}"#)
        #expect(try ParameterDescription(json: parameter.json) == parameter)
    }
}
