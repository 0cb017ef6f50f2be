import PluginProtocol
import Testing
import WidgetHostKit

@Suite struct PluginErrorTests {
    @Test func theJSONRPCCodesAreNamed() {
        #expect(
            [
                PluginError.Code.parseError, .invalidRequest, .methodNotFound, .invalidParams, .internalError,
                .serverError,
            ].map(\.rawValue) == [-32700, -32600, -32601, -32602, -32603, -32000])
        #expect(PluginError.Code.invalidParams.description == "-32602")
    }

    @Test(arguments: [
        PluginError(code: .invalidParams, message: "a task needs a name"),
        PluginError(code: .serverError, message: "boom", data: .object([.init("line", .int(3))])),
        PluginError(code: PluginError.Code(rawValue: -32099), message: ""),
        PluginError(code: nil, message: "no code"),
    ])
    func everyErrorRoundTrips(_ error: PluginError) {
        #expect(PluginError(json: error.json) == error)
    }

    @Test func aMalformedErrorStillSaysSomething() throws {
        #expect(PluginError(json: .string("boom")) == PluginError(code: nil, message: #""boom""#))
        #expect(
            PluginError(json: try JSONText.value(#"{"code":"x","message":3}"#))
                == PluginError(code: nil, message: #"{"code":"x","message":3}"#))
        #expect(PluginError(json: .null).message == "null")
    }

    @Test func theErrorIsWrittenCodeMessageData() {
        #expect(
            PluginError(code: .methodNotFound, message: "unknown method 'x'", data: .bool(true)).json
                .description
                == #"{"code":-32601,"message":"unknown method 'x'","data":true}"#)
    }
}
