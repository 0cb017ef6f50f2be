import Foundation
import JSON
import PluginProtocol
@_spi(WidgetHost) import WidgetHostKit

/// Answers the host's requests with the plugin's widgets and intents; every message is read and
/// written through the `PluginProtocol` module.
package struct RequestHandler {
    let widgets: [any WidgetConfiguration]
    let intents: [any AppIntent.Type]

    /// The reply to one line; `nil` for a notification.
    func handle(line: [UInt8]) async -> PluginMessage? {
        let json: JSONValue
        do throws(JSONParseError) {
            json = try JSONValue(parsing: line)
        } catch {
            return .error(id: .null, PluginError(code: .parseError, message: "parse error: \(error)"))
        }
        let message: PluginMessage
        do throws(InvalidMessage) {
            message = try PluginMessage(json: json)
        } catch {
            // Without an id it is a notification, malformed or not: no reply.
            return error.id.map(Self.notARequest)
        }
        switch message {
        case .notification:
            return nil
        case .reply(let id, _), .error(let id, _):
            return Self.notARequest(id: id)
        case .request(let id, let method, let params):
            do {
                return .reply(
                    id: id, result: try await respond(to: PluginRequest(method: method, params: params)))
            } catch let error as PluginError {
                return .error(id: id, error)
            } catch let error as IntentParameterError {
                // JSON-RPC's "invalid params": the host reports it as invalid input, not a failure.
                return .error(id: id, PluginError(code: .invalidParams, message: error.message))
            } catch let error as any CodedError {
                // Its code travels as `data.reason`, which the host gives scripts as the error's reason.
                return .error(
                    id: id,
                    PluginError(
                        code: .serverError, message: "\(error)",
                        data: .object([.init("reason", .string(error.code))])))
            } catch {
                return .error(id: id, PluginError(code: .serverError, message: "\(error)"))
            }
        }
    }

    private static func notARequest(id: JSONValue) -> PluginMessage {
        .error(id: id, PluginError(code: .invalidRequest, message: "invalid request: no method"))
    }

    private func respond(to request: PluginRequest) async throws -> JSONValue {
        switch request {
        case .initialize: initialize().json
        case .render(let mode, let params): try await render(mode, params).json
        case .perform(let params): try await perform(params).json
        case .options(let params): try await options(params)
        }
    }

    /// The choices of a widget's or an intent's parameter from the app's data in the container.
    func options(_ params: OptionsParams) async throws -> JSONValue {
        let container = SharedContainer(
            url: URL(fileURLWithPath: params.container), appGroup: params.appGroup)
        let options: [JSONValue]?
        switch params.owner {
        case .kind(let kind):
            guard let widget = widgets.first(where: { $0.metadata.kind == kind }) else {
                throw PluginError(
                    code: .invalidParams, message: "no widget of kind \(JSONValue.string(kind))")
            }
            options = try await Self.withAppGroupDefaults(of: container) {
                try await widget.options(for: params.parameter, container: container, date: Date())
            }
        case .intent(let type):
            guard let intent = intents.first(where: { $0.intentType == type }) else {
                throw PluginError(code: .invalidParams, message: "no intent \(JSONValue.string(type))")
            }
            options = try await Self.withAppGroupDefaults(of: container) {
                try await ParameterReflection.options(
                    of: intent.init(), parameter: params.parameter, container: container, date: Date())
            }
        }
        guard let options else {
            throw PluginError(
                code: .invalidParams,
                message:
                    "the parameter \(JSONValue.string(params.parameter)) has no choices from the app's data")
        }
        return OptionsParams.result(options)
    }

    func initialize() -> InitializeResult {
        let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "plugin"
        return InitializeResult(
            name: name, version: "1.0",
            widgets: widgets.map {
                InitializeResult.Widget(metadata: $0.metadata, parameters: $0.parameters)
            },
            intents: intents.map { intent in
                InitializeResult.Intent(
                    type: intent.intentType, title: intent.titleText, description: intent.description.text,
                    parameters: ParameterReflection.descriptions(of: intent.init()))
            })
    }

    func render(_ mode: WidgetRequest.Mode, _ params: RenderParams) async throws -> RenderedTimeline {
        guard let widget = widgets.first(where: { $0.metadata.kind == params.kind }) else {
            throw PluginError(
                code: .invalidParams, message: "no widget of kind \(JSONValue.string(params.kind))")
        }
        var configuration: [String: JSONValue] = [:]
        for member in params.configuration { configuration[member.key] = member.value }
        let context = TimelineProviderContext(
            family: params.family,
            isPreview: params.isPreview,
            date: params.date,
            container: SharedContainer(url: URL(fileURLWithPath: params.container), appGroup: params.appGroup)
        )
        let timeline = try await Self.withAppGroupDefaults(of: context.container) {
            try await widget.render(WidgetRequest(mode: mode, configuration: configuration, context: context))
        }
        // A control whose intent the bundle does not list would be drawn and fail when tapped:
        // refused here, naming the intent and the fix.
        let declared = Set(intents.map { $0.intentType })
        for entry in timeline.entries {
            for control in entry.view.controls {
                guard let type = control.intent?.type, !declared.contains(type) else { continue }
                throw PluginError(
                    code: .serverError,
                    message:
                        "the view of '\(params.kind)' has a \(control.type.rawValue) running '\(type)', which "
                        + "the bundle does not list in its intents, so tapping it could not run; add "
                        + "\(type).self to the bundle's `intents` (and '\(type)' to the manifest's `intents:`)"
                )
            }
        }
        return timeline
    }

    func perform(_ params: PerformParams) async throws -> PerformResult {
        guard let intent = intents.first(where: { $0.intentType == params.intent }) else {
            throw PluginError(
                code: .invalidParams, message: "no intent named \(JSONValue.string(params.intent))")
        }
        let recorder = RecordingReloadRecorder()
        let container = SharedContainer(
            url: URL(fileURLWithPath: params.container), reloads: recorder, appGroup: params.appGroup)
        let result = try await Self.withAppGroupDefaults(of: container) {
            try await Self.perform(intent, parameters: params.parameters, in: container)
        }
        return PerformResult(
            value: result.value, dialog: result.dialog?.text,
            reload: recorder.kinds.map { $0 ?? PerformResult.everyKind })
    }

    static func perform<Intent: AppIntent>(
        _ type: Intent.Type, parameters: [JSONValue.Member], in container: SharedContainer
    ) async throws -> any IntentResult {
        let intent = Intent()
        let values = JSONValue.object(parameters)
        let environment = IntentEnvironment(container: container, date: Date(), intent: intent)
        return try await IntentEnvironment.$current.withValue(environment) {
            for (name, parameter) in ParameterReflection.parameters(of: intent) {
                if let value = values[name], try await !parameter.resolve(json: value) {
                    throw PluginError(
                        code: .invalidParams, message: "the value \(value) does not fit '\(name)'")
                }
            }
            return try await intent.perform()
        }
    }
}
