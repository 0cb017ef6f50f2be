public import Diagnostics

extension FailureCode {
    /// `config.ambiguous-kind`: a configuration names a built-in kind that a plugin also declares,
    /// without saying which it means (`widgethost/KIND` or `PLUGIN/KIND`).
    public static let configAmbiguousKind = FailureCode("config.ambiguous-kind", .invalidInput)
}
