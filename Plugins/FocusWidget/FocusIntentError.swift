/// Why a focus intent could not run: a stable code for scripts and a sentence a person can act on.
public struct FocusIntentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable code: `intent.no-container`.
    public var code: String
    /// What went wrong, in a sentence a person can act on.
    public var message: String

    /// Creates an error.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The intent ran outside a host, with no shared container to change.
    public static func noSharedContainer(intent: String) -> FocusIntentError {
        FocusIntentError(
            code: "intent.no-container",
            message: "\(intent) has no shared container to change: run it with 'widgethost perform' or "
                + "'widgethost tap', or inside IntentEnvironment.$current.withValue(...)"
        )
    }
}
