public import Diagnostics

/// The failure codes of `simulate`'s requests file, declared once.
extension FailureCode {
    /// `simulate.invalid-request`: an item of the requests file is not a request (no `at`, a date
    /// that is not ISO 8601, `kinds` that are not names), or the file holds no list.
    public static let simulateInvalidRequest = FailureCode("simulate.invalid-request", .invalidInput)
    /// `simulate.request-outside-span` (a warning): a request dated outside `--from`..`--to`, left
    /// out.
    public static let simulateRequestOutsideSpan = FailureCode("simulate.request-outside-span", .invalidInput)
    /// `simulate.unknown-kind` (a warning): a request names a kind no simulated widget has.
    public static let simulateUnknownKind = FailureCode("simulate.unknown-kind", .invalidInput)
}
