public import JSON

extension FailureCode {
    /// `{"code", "message", "reason"?}`: the `error` member of a failed widget, plugin or request
    /// in JSON output; `reason` is the code of the widget's or intent's own error, when it gave one
    /// (``WidgetFailure/reason``).
    public func json(message: String, reason: String? = nil) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("code", .string(rawValue)), .init("message", .string(message)),
        ]
        if let reason { members.append(.init("reason", .string(reason))) }
        return .object(members)
    }
}
