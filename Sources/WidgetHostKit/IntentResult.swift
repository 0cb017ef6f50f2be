/// What an intent's `perform()` returns: optionally a value and a dialog, as in AppIntents.
///
/// ```swift
/// func perform() async throws -> some IntentResult {
///     return .result(dialog: "\(taskName) added")
/// }
/// ```
public protocol IntentResult: Sendable {
    /// The value returned, as JSON; `nil` for none.
    var value: JSONValue? { get }
    /// The dialog shown, if any.
    var dialog: IntentDialog? { get }
}

/// The result `.result(...)` makes.
public struct IntentResultValue: IntentResult {
    /// The value returned, as JSON.
    public var value: JSONValue?
    /// The dialog shown, if any.
    public var dialog: IntentDialog?

    /// Creates a result.
    public init(value: JSONValue? = nil, dialog: IntentDialog? = nil) {
        self.value = value
        self.dialog = dialog
    }
}

extension IntentResult where Self == IntentResultValue {
    /// A result with nothing in it.
    public static func result() -> IntentResultValue { IntentResultValue() }

    /// A result with a dialog.
    public static func result(dialog: IntentDialog) -> IntentResultValue { IntentResultValue(dialog: dialog) }

    /// A result with a value.
    public static func result(value: some ParameterValue) -> IntentResultValue {
        IntentResultValue(value: value.json)
    }

    /// A result with a value and a dialog.
    public static func result(value: some ParameterValue, dialog: IntentDialog) -> IntentResultValue {
        IntentResultValue(value: value.json, dialog: dialog)
    }
}

/// Text an intent says when it has run.
public struct IntentDialog: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The text.
    public var text: String

    /// Creates a dialog.
    public init(_ text: String) {
        self.text = text
    }

    /// Creates a dialog from a literal.
    public init(stringLiteral value: String) {
        self.text = value
    }
}

/// What an intent throws when a parameter's value cannot be used, made by
/// ``Parameter/needsValueError(_:)`` as AppIntents' `$parameter.needsValueError(_:)` is: the host
/// reports it as invalid input (`intent.invalid-value`, exit 65), not as a run-time failure. The
/// intent throws it before changing anything.
public struct IntentParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's title.
    public var title: String
    /// What is wrong with its value, in a sentence a person can act on.
    public var message: String

    /// Creates an error.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension Parameter {
    /// The error to throw when this parameter's value cannot be used: `dialog` says why, or by
    /// default that a value for the parameter is needed.
    public func needsValueError(_ dialog: IntentDialog? = nil) -> IntentParameterError {
        IntentParameterError(title: title, message: dialog?.text ?? "a value is needed for '\(title)'")
    }
}
