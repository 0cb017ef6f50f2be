/// Why a ``WidgetTestHost`` could not do what a test asked: a sentence naming the widget and what
/// to change.
public enum WidgetTestingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The widget does not support the family asked for.
    case unsupportedFamily(String)
    /// The configuration names a parameter the widget does not have.
    case unknownParameter(String)
    /// The widget's provider, intent or drawing failed.
    case providerFailed(String)
    /// An argument cannot be used (an entry of another type, a scale out of range).
    case invalidArgument(String)
    /// A folder or the App Group's store cannot be made, read or written.
    case fileSystem(String)

    /// The sentence.
    public var description: String {
        switch self {
        case .unsupportedFamily(let message), .unknownParameter(let message), .providerFailed(let message),
            .invalidArgument(let message), .fileSystem(let message):
            message
        }
    }
}
