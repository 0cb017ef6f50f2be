import AppGroup
import Diagnostics
public import Foundation
import TerminalText
@_spi(WidgetHost) public import WidgetHostKit
import YAML

/// Runs app intents from a command line: `name=value` arguments checked against the intent's
/// `@Parameter`s before anything runs, then `perform()` inside the container's environment.
public enum IntentRunner {
    /// Why arguments were refused; nothing ran.
    public struct ArgumentError: Error, Sendable, Hashable {
        /// Whether it is a usage error (an unknown name, no `=`: exit 64) rather than a bad value
        /// (exit 65).
        public var isUsage: Bool
        /// Sentences a person can act on, one per problem.
        public var messages: [String]
    }

    /// What a performed intent returned and asked.
    public struct Outcome: Sendable, Hashable {
        /// The intent's type name.
        public var intent: String
        /// The value returned, if any.
        public var value: JSONValue?
        /// The dialog, if any.
        public var dialog: String?
        /// The widget kinds it asked to reload, in order (`*` for all).
        public var reloaded: [String]
        /// Problems that did not undo the intent (a reload request that could not be recorded).
        public var warnings: [String] = []

        /// The outcome of `intent`, which returned `value` and `dialog` and asked to reload `reloaded`.
        package init(
            intent: String, value: JSONValue?, dialog: String?, reloaded: [String], warnings: [String] = []
        ) {
            self.intent = intent
            self.value = value
            self.dialog = dialog
            self.reloaded = reloaded
            self.warnings = warnings
        }

        /// `{"intent", "value", "dialog", "reloaded"}`.
        public var json: JSONValue {
            .object([
                .init("intent", .string(intent)),
                .init("value", value ?? .null),
                .init("dialog", dialog.map(JSONValue.string) ?? .null),
                .init("reloaded", .array(reloaded.map(JSONValue.string))),
            ])
        }

        /// The lines `perform` prints.
        public var text: String {
            // Made visible: a dialog, a value or a kind from a plugin cannot act on the terminal.
            var text =
                TerminalText.visible(intent) + (dialog.map { ": " + TerminalText.visible($0) } ?? "") + "\n"
            if let value { text += "value: \(TerminalText.visible(value.description))\n" }
            let kinds = reloaded.map { $0 == "*" ? "all timelines" : TerminalText.visible($0) }.joined(
                separator: ", ")
            text += "reloaded: " + (reloaded.isEmpty ? "nothing" : kinds) + "\n"
            return text
        }
    }

    /// The parameter values `arguments` (`name=value` each) give `intent`, checked against its
    /// parameters: strings are taken as written, other types read as YAML scalars (`true`, `3`,
    /// `high`, `[a, b]`).
    public static func values(
        _ arguments: [String],
        for intent: any AppIntent.Type
    ) -> Result<[String: JSONValue], ArgumentError> {
        values(
            arguments, for: ParameterReflection.descriptions(of: intent.init()), intent: intent.intentType)
    }

    /// The parameter values `arguments` (`name=value` each) give the intent named `intent` whose
    /// parameters are `parameters` (a plugin's intent, as its handshake declared them), checked as
    /// ``values(_:for:)`` checks a built-in's.
    public static func values(
        _ arguments: [String],
        for parameters: [ParameterDescription],
        intent: String
    ) -> Result<[String: JSONValue], ArgumentError> {
        let names = parameters.map(\.name)
        var values: [String: JSONValue] = [:]
        var usage: [String] = []
        var invalid: [String] = []
        var given: Set<String> = []
        // Each problem is said once, whatever the number of arguments that have it.
        var said: Set<String> = []
        func problem(_ message: String) {
            if said.insert(message).inserted { usage.append(message) }
        }
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                problem("'\(Excerpt.of(argument))' is not name=value; \(intent) takes \(list(names))")
                continue
            }
            let name = String(argument[..<equals])
            let text = String(argument[argument.index(after: equals)...])
            guard let parameter = parameters.first(where: { $0.name == name }) else {
                var message = "\(intent) has no parameter '\(Excerpt.of(name))'"
                if let nearest = EditDistance.suggestion(for: name, among: names) {
                    message += "; did you mean '\(nearest)'?"
                } else {
                    message += "; it takes \(list(names))"
                }
                problem(message)
                continue
            }
            guard given.insert(name).inserted else {
                problem("'\(name)' is given more than once")
                continue
            }
            switch value(text, for: parameter) {
            case .success(let value): values[name] = value
            case .failure(let message): invalid.append(message.text)
            }
        }
        guard usage.isEmpty else {
            // At most ten problems: ten thousand arguments must not make ten thousand lines.
            if usage.count > 10 { usage = usage.prefix(9) + ["and \(usage.count - 9) more problems"] }
            return .failure(ArgumentError(isUsage: true, messages: usage))
        }
        return completed(values, given: given, parameters: parameters, intent: intent, invalid: invalid)
    }

    /// `values` with each of `parameters` not `given` added: its default, or `null` when it is
    /// optional; one that is neither is a message, added to the messages in `invalid`, which then
    /// are the failure.
    static func completed(
        _ values: [String: JSONValue], given: Set<String>, parameters: [ParameterDescription], intent: String,
        invalid: [String]
    ) -> Result<[String: JSONValue], ArgumentError> {
        var values = values
        var invalid = invalid
        for parameter in parameters where !given.contains(parameter.name) {
            if let defaultValue = parameter.defaultValue {
                values[parameter.name] = defaultValue
            } else if parameter.isOptional {
                values[parameter.name] = .null
            } else {
                invalid.append(
                    "\(intent) needs \(parameter.name)=<\(parameter.typeSummary)> (\(parameter.title))"
                )
            }
        }
        guard invalid.isEmpty else { return .failure(ArgumentError(isUsage: false, messages: invalid)) }
        return .success(values)
    }

    /// One value, checked against its parameter; the failure is the message.
    static func value(_ text: String, for parameter: ParameterDescription) -> Result<JSONValue, ErrorMessage>
    {
        if parameter.type == .string { return .success(.string(text)) }
        let source = SourceText(name: parameter.name, bytes: Array(text.utf8))
        let node: Node
        do throws(Diagnostic) {
            let documents = try YAMLLoader().load(source)
            guard let document = documents.first else {
                return .failure(ErrorMessage("'\(parameter.name)' needs a value (\(parameter.typeSummary))"))
            }
            // `count=1\n---\n2` would keep the first and drop the rest without a word.
            guard documents.count == 1 else {
                return .failure(
                    ErrorMessage(
                        "'\(parameter.name)' holds \(documents.count) YAML documents; give one value "
                            + "(quote a '---' that belongs to it)"))
            }
            node = document
        } catch {
            return .failure(ErrorMessage("'\(parameter.name)=\(text)' is not a value: \(error.message)"))
        }
        var reader = NodeReader(source: source)
        guard let value = ParameterValidator.value(of: node, for: parameter, reader: &reader) else {
            let message = reader.diagnostics.first?.message ?? "'\(text)' is not a valid '\(parameter.name)'"
            return .failure(ErrorMessage(message))
        }
        return .success(value)
    }

    /// A message, as an `Error` for `Result`.
    public struct ErrorMessage: Error, Sendable, Hashable {
        /// The message.
        public var text: String

        init(_ text: String) {
            self.text = text
        }
    }

    /// Performs `intent` with `values` (from ``values(_:for:)``) in `container` at `date`.
    public static func perform(
        _ intent: any AppIntent.Type,
        values: [String: JSONValue],
        container: SharedContainer,
        date: Date
    ) async -> Result<Outcome, WidgetFailure> {
        await run(intent, values: values, container: container, date: date)
    }

    private static func run<Intent: AppIntent>(
        _ type: Intent.Type,
        values: [String: JSONValue],
        container: SharedContainer,
        date: Date
    ) async -> Result<Outcome, WidgetFailure> {
        let intent = Intent()
        let environment = IntentEnvironment(container: container, date: date, intent: intent)
        // Entities are looked up by id with their query, which reads the store: in the environment.
        for (name, parameter) in ParameterReflection.parameters(of: intent) {
            guard let value = values[name] else { continue }
            do {
                let fits = try await IntentEnvironment.$current.withValue(environment) {
                    try await parameter.resolve(json: value)
                }
                guard fits else {
                    return .failure(
                        WidgetFailure(
                            code: .intentInvalidValue, message: "the value \(value) does not fit '\(name)'"))
                }
            } catch let error as IntentParameterError {
                return .failure(WidgetFailure(code: .intentInvalidValue, message: error.message))
            } catch let error as AppGroupError {
                return .failure(WidgetFailure(code: error.code, message: error.message))
            } catch {
                return .failure(WidgetFailure(code: .intentFailed, message: "\(error)", error: error))
            }
        }
        // The intent's writes and its reload requests are one transaction, committed here once
        // perform() returns: the write lock is taken at its first write and held only until then.
        let transaction = IntentTransaction()
        let recorder = container.reloads as? StoreReloadRecorder
        // The recorder is the container's, which a live host keeps for many intents: only what
        // failed during this one is this one's.
        let earlierFailures = recorder?.failures.count ?? 0
        do {
            let result = try await IntentTransaction.$current.withValue(transaction) {
                try await IntentEnvironment.$current.withValue(environment) {
                    try await intent.perform()
                }
            }
            try transaction.commit { () throws(AppGroupError) in try container.appGroupStore() }
            // The kinds this intent asked to reload are its transaction's. Requests made outside it
            // (from a task it detached) are recorded apart: one that could not be is a warning, not
            // a failure (WidgetKit's reloadTimelines cannot fail either).
            return .success(
                Outcome(
                    intent: Intent.intentType,
                    value: result.value,
                    dialog: result.dialog?.text,
                    reloaded: transaction.requestedKinds,
                    warnings: (recorder?.failures.dropFirst(earlierFailures) ?? []).map {
                        "the reload request was not recorded: \($0)"
                    }
                )
            )
        } catch let error as AppGroupError {
            transaction.rollBack()
            return .failure(WidgetFailure(code: error.code, message: error.message))
        } catch let error as IntentParameterError {
            transaction.rollBack()
            return .failure(WidgetFailure(code: .intentInvalidValue, message: error.message))
        } catch {
            transaction.rollBack()
            return .failure(WidgetFailure(code: .intentFailed, message: "\(error)", error: error))
        }
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "no parameters" : names.joined(separator: ", ")
    }
}
