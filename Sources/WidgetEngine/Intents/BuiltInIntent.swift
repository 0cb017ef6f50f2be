public import Foundation
@_spi(WidgetHost) public import WidgetHostKit

/// An intent compiled into widgethost: an SDK `AppIntent` type, performed in process.
public struct BuiltInIntent: HostIntent {
    /// The SDK type.
    public let intent: any AppIntent.Type
    public let parameters: [ParameterDescription]

    /// Wraps `intent`, reading its parameters once.
    public init(_ intent: any AppIntent.Type) {
        self.intent = intent
        self.parameters = ParameterReflection.descriptions(of: intent.init())
    }

    public var type: String { intent.intentType }
    public var title: String { intent.titleText }
    public var description: String { intent.description.text }
    public var pluginName: String? { nil }

    public var parameterSummary: String? {
        let summary = intent.parameterSummary
        guard let phrase = summary.phrase else { return nil }
        let others = summary.otherParameters
        return others.isEmpty ? phrase : phrase + " (" + others.joined(separator: ", ") + ")"
    }

    public func perform(
        values: [String: JSONValue], container: SharedContainer, date: Date
    ) async -> Result<IntentRunner.Outcome, WidgetFailure> {
        await IntentRunner.perform(intent, values: values, container: container, date: date)
    }

    public func options(for parameter: String, container: SharedContainer, date: Date) async throws
        -> [JSONValue]?
    {
        try await ParameterReflection.options(
            of: intent.init(), parameter: parameter, container: container, date: date)
    }
}
