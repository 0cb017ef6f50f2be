public import Diagnostics
public import Foundation
@_spi(WidgetHost) public import WidgetHostKit

/// The choices parameters take from the app's data (`DynamicOptionsProvider`s, entity queries,
/// plugins' `options`), asked of one store: what `describe`, `validate` and `schema` show when given
/// `--store DIR`.
public struct DynamicOptions: Sendable {
    /// Choices by owner (a widget kind or an intent type), then by parameter name.
    public private(set) var choices: [String: [String: [JSONValue]]] = [:]
    /// What could not be asked, one sentence each (`TaskWidget.category: the store ...`).
    public private(set) var problems: [String] = []

    /// No choices.
    public init() {}

    /// The choices of `parameter` of `owner`, when the store gave some.
    public func options(_ owner: String, _ parameter: String) -> [JSONValue]? {
        choices[owner]?[parameter]
    }

    /// Asks every parameter with dynamic choices of `widgets` and `intents` for them, in `container`.
    /// - Complexity: one provider call (or plugin request) per such parameter.
    public static func gather(
        widgets: [any WidgetConfiguration], intents: [any HostIntent], container: SharedContainer, date: Date
    ) async -> DynamicOptions {
        var found = DynamicOptions()
        for widget in widgets {
            for parameter in widget.parameters where parameter.hasDynamicOptions {
                await found.ask(widget.metadata.kind, parameter.name) {
                    try await widget.options(for: parameter.name, container: container, date: date)
                }
            }
        }
        for intent in intents {
            for parameter in intent.parameters where parameter.hasDynamicOptions {
                await found.ask(intent.type, parameter.name) {
                    try await intent.options(for: parameter.name, container: container, date: date)
                }
            }
        }
        return found
    }

    private mutating func ask(
        _ owner: String, _ parameter: String, _ body: () async throws -> [JSONValue]?
    ) async {
        do {
            if let options = try await body() { choices[owner, default: [:]][parameter] = options }
        } catch {
            problems.append("the choices of \(owner).\(parameter) could not be read: \(error)")
        }
    }

    /// The text of a choice (a string as written, another value as JSON).
    static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.description
    }
}

extension DynamicOptions {
    /// A warning for each configuration value of `instances` that is not among its parameter's
    /// choices (with the closest as a "did you mean"): the value is valid (the app's data may gain
    /// it), but likely a typo. At the widget's location, naming the parameter.
    public func diagnostics(for instances: [WidgetInstance]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for instance in instances {
            for (name, value) in instance.configuration.sorted(by: { $0.key < $1.key }) {
                guard let choices = options(instance.kind, name), !choices.contains(value) else { continue }
                let texts = choices.map(Self.text)
                var message =
                    "the \(name) \(value) of widget '\(instance.id)' is not among the choices in the store: "
                    + (texts.isEmpty ? "none yet" : texts.joined(separator: ", "))
                if let typed = value.stringValue,
                    let suggestion = EditDistance.suggestion(for: typed, among: texts)
                {
                    message += "; did you mean '\(suggestion)'?"
                }
                diagnostics.append(
                    Diagnostic(
                        file: instance.file, location: instance.location, severity: .warning,
                        code: .configUnknownOption, message: message))
            }
        }
        return diagnostics
    }
}
