public import Diagnostics
public import WidgetHostKit

extension FailureCode {
    /// `{"code", "message"}`: the `error` member of a failed widget, plugin or request in JSON
    /// output.
    public func json(message: String) -> JSONValue {
        .object([.init("code", .string(rawValue)), .init("message", .string(message))])
    }
}
