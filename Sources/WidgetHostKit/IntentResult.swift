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
