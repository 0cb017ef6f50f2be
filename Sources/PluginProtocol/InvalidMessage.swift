public import WidgetHostKit

/// A line that is JSON but not a protocol message.
public struct InvalidMessage: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with it.
    public enum Reason: Sendable, Hashable {
        /// The value is not a JSON object.
        case notAnObject
        /// It has a `method` that is not a string.
        case noMethod
        /// It has neither a `method` nor an `id`.
        case noID
        /// It has an `id` but no `method`, `result` or `error`.
        case noOutcome
    }

    /// The message's `id`, when it had one: a reply to a bad request still names it, and the host
    /// still fails the request it answered.
    public var id: JSONValue?
    /// What is wrong.
    public var reason: Reason

    /// Creates an error.
    public init(id: JSONValue?, reason: Reason) {
        self.id = id
        self.reason = reason
    }

    /// What is wrong, as a sentence fragment.
    public var description: String {
        switch reason {
        case .notAnObject: "a JSON value that is not an object"
        case .noMethod: "a message whose 'method' is not a string"
        case .noID: "a message without an id"
        case .noOutcome: "a reply without 'result' or 'error'"
        }
    }
}
