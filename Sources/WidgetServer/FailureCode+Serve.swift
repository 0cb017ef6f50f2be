public import Diagnostics

/// The failure codes of `serve`'s HTTP server, declared once.
extension FailureCode {
    /// `serve.bad-request`: a header that takes one value sent more than once (400).
    public static let serveBadRequest = FailureCode("serve.bad-request", .invalidInput)
    /// `serve.forbidden-host`: the Host header names no address the server serves (403).
    public static let serveForbiddenHost = FailureCode("serve.forbidden-host", .invalidInput)
    /// `serve.forbidden-origin`: a POST from a page of another origin (403).
    public static let serveForbiddenOrigin = FailureCode("serve.forbidden-origin", .invalidInput)
    /// `serve.unauthorized`: a request without the access token of the URL printed at start (401).
    public static let serveUnauthorized = FailureCode("serve.unauthorized", .invalidInput)
    /// `serve.missing-token`: a POST without this run's token (403).
    public static let serveMissingToken = FailureCode("serve.missing-token", .invalidInput)
    /// `serve.body-too-large`: a body over 64 KiB (413).
    public static let serveBodyTooLarge = FailureCode("serve.body-too-large", .invalidInput)
    /// `serve.not-found`: no such path, widget or control (404).
    public static let serveNotFound = FailureCode("serve.not-found", .invalidInput)
    /// `serve.method-not-allowed`: the path does not take that method (405).
    public static let serveMethodNotAllowed = FailureCode("serve.method-not-allowed", .invalidInput)
    /// `serve.stopping`: a tap while the server stops (503).
    public static let serveStopping = FailureCode("serve.stopping", .runtime)
    /// `serve.cannot-listen`: the address or port cannot be served (taken, not numeric).
    public static let serveCannotListen = FailureCode("serve.cannot-listen", .runtime)
}
