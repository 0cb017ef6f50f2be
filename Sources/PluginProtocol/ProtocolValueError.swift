/// A plugin protocol value that does not have the shape the protocol gives it.
public struct ProtocolValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as a sentence fragment (`the entry 2 has no 'date'`).
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
