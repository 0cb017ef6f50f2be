/// An error that says why in a form scripts can tell apart: a stable code (`task.not-found`)
/// beside the sentence its description gives a person.
///
/// Throw one from an intent's `perform()` or a timeline provider, and the host reports it under
/// its usual code (`intent.failed`, `widget.provider-failed`, or `plugin.error` out of process)
/// with this code as the error's `reason` in JSON output. A code is lower-case words of ASCII
/// letters and digits joined by dots and dashes, at most 64 characters; another is left out of
/// the JSON, and the message says so.
///
/// ```swift
/// struct StationError: CodedError, CustomStringConvertible {
///     var code: String { "station.closed" }
///     var description: String { "the station is closed until 6:00" }
/// }
/// ```
public protocol CodedError: Error {
    /// The stable, machine-readable code (`task.not-found`).
    var code: String { get }
}
