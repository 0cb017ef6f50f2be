public import Diagnostics

/// A picture that could not be drawn: a stable code and a sentence a person can act on.
///
/// ```
/// png.invalid-scale: the scale '5' is not between 1 and 4
/// png.drawing-failed: cannot create a 510x510 picture: out of memory
/// ```
public struct PNGRenderingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `png.invalid-scale` or `png.drawing-failed`.
    public var code: FailureCode
    /// What went wrong, naming the value or the step of Cairo's that failed.
    public var message: String

    public init(code: FailureCode, message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message.
    public var description: String { "\(code): \(message)" }
}
