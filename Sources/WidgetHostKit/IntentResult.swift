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
}

extension IntentResult {
    /// A result with a value (`some IntentResult & ReturnsValue<Bool>` returns `.result(value: true)`).
    public static func result<Value>(value: Value) -> Self where Self == ValueIntentResult<Value> {
        ValueIntentResult(returnedValue: value, dialog: nil)
    }

    /// A result with a value and a dialog.
    public static func result<Value>(value: Value, dialog: IntentDialog) -> Self
    where Self == ValueIntentResult<Value> {
        ValueIntentResult(returnedValue: value, dialog: dialog)
    }
}

/// A result that returns a value of type `Value`, as AppIntents' `ReturnsValue<Value>`.
public protocol ReturnsValue<Value>: IntentResult {
    /// The type of the value returned.
    associatedtype Value: ParameterValue
    /// The value returned.
    var returnedValue: Value { get }
}

/// A result that may say something when the intent has run, as AppIntents' `ProvidesDialog`.
public protocol ProvidesDialog: IntentResult {}

extension IntentResultValue: ProvidesDialog {}

/// The result `.result(value:)` and `.result(value:dialog:)` make: a typed value and a dialog.
public struct ValueIntentResult<Value: ParameterValue>: ReturnsValue, ProvidesDialog {
    /// The value returned, typed.
    public var returnedValue: Value
    /// The dialog shown, if any.
    public var dialog: IntentDialog?

    /// Creates a result.
    public init(returnedValue: Value, dialog: IntentDialog?) {
        self.returnedValue = returnedValue
        self.dialog = dialog
    }

    /// The value as JSON.
    public var value: JSONValue? { returnedValue.json }
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

    /// Creates a dialog of a resource (its default value).
    public init(_ resource: LocalizedStringResource) {
        self.text = resource.defaultValue
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
