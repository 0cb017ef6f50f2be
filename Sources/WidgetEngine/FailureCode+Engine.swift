public import Diagnostics

/// The failure codes of the engine (configurations, widgets, intents, deep links, usage): every one a script can meet in JSON output, declared once.
extension FailureCode {
    /// `config.beyond-family`: a parameter asks for more than the widget's family shows (a warning).
    public static let configBeyondFamily = FailureCode("config.beyond-family", .invalidInput)
    /// `config.duplicate-id`.
    public static let configDuplicateId = FailureCode("config.duplicate-id", .invalidInput)
    /// `config.empty`.
    public static let configEmpty = FailureCode("config.empty", .invalidInput)
    /// `config.empty-directory`.
    public static let configEmptyDirectory = FailureCode("config.empty-directory", .invalidInput)
    /// `config.empty-value`.
    public static let configEmptyValue = FailureCode("config.empty-value", .invalidInput)
    /// `config.include-cycle`: a file includes itself, directly or through others.
    public static let configIncludeCycle = FailureCode("config.include-cycle", .invalidInput)
    /// `config.include-no-match`: an `include:` glob matches no file (a warning).
    public static let configIncludeNoMatch = FailureCode("config.include-no-match", .invalidInput)
    /// `config.include-not-yaml`: an `include:` names a file that is not a YAML or JSON file, or
    /// one of the kernel's (`/proc`, `/sys`).
    public static let configIncludeNotYAML = FailureCode("config.include-not-yaml", .invalidInput)
    /// `config.invalid`: the configuration has errors, listed as diagnostics beside it.
    public static let configInvalid = FailureCode("config.invalid", .invalidInput)
    /// `config.invalid-id`.
    public static let configInvalidId = FailureCode("config.invalid-id", .invalidInput)
    /// `config.missing-parameter`.
    public static let configMissingParameter = FailureCode("config.missing-parameter", .invalidInput)
    /// `config.not-found`.
    public static let configNotFound = FailureCode("config.not-found", .invalidInput)
    /// `config.plugins-unsupported`.
    public static let configPluginsUnsupported = FailureCode("config.plugins-unsupported", .invalidInput)
    /// `config.several-documents`.
    public static let configSeveralDocuments = FailureCode("config.several-documents", .invalidInput)
    /// `config.static-widget`.
    public static let configStaticWidget = FailureCode("config.static-widget", .invalidInput)
    /// `config.unknown-family`.
    public static let configUnknownFamily = FailureCode("config.unknown-family", .invalidInput)
    /// `config.unknown-option`: a value outside its parameter's choices from the store (a warning).
    public static let configUnknownOption = FailureCode("config.unknown-option", .invalidInput)
    /// `config.unknown-kind`.
    public static let configUnknownKind = FailureCode("config.unknown-kind", .invalidInput)
    /// `config.unsupported-family`.
    public static let configUnsupportedFamily = FailureCode("config.unsupported-family", .invalidInput)
    /// `deeplink.invalid-url`.
    public static let deeplinkInvalidUrl = FailureCode("deeplink.invalid-url", .invalidInput)
    /// `deeplink.unknown-scheme`.
    public static let deeplinkUnknownScheme = FailureCode("deeplink.unknown-scheme", .invalidInput)
    /// `deeplink.unknown-tab`.
    public static let deeplinkUnknownTab = FailureCode("deeplink.unknown-tab", .invalidInput)
    /// `intent.failed`.
    public static let intentFailed = FailureCode("intent.failed", .runtime)
    /// `intent.invalid-value`.
    public static let intentInvalidValue = FailureCode("intent.invalid-value", .invalidInput)
    /// `intent.no-container`.
    public static let intentNoContainer = FailureCode("intent.no-container", .runtime)
    /// `widget.missing`.
    public static let widgetMissing = FailureCode("widget.missing", .runtime)
    /// `widget.date-out-of-range`: an entry or reload date past 9999 (RFC 3339 has four-digit years).
    public static let widgetDateOutOfRange = FailureCode("widget.date-out-of-range", .runtime)
    /// `widget.no-entries`.
    public static let widgetNoEntries = FailureCode("widget.no-entries", .runtime)
    /// `widget.provider-failed`.
    public static let widgetProviderFailed = FailureCode("widget.provider-failed", .runtime)
    /// `widget.unknown-kind`.
    public static let widgetUnknownKind = FailureCode("widget.unknown-kind", .runtime)
    /// `tap.stale-view`: the widget shows another view than the one a tap was made on; nothing ran.
    public static let tapStaleView = FailureCode("tap.stale-view", .invalidInput)
    /// `tap.disabled-control`: the control tapped is disabled (`.disabled(true)`); nothing ran.
    public static let tapDisabledControl = FailureCode("tap.disabled-control", .invalidInput)
    /// `usage.invalid`: the command line is wrong (an unknown widget id or intent, a malformed
    /// value), as `--format json` reports it.
    public static let usageInvalid = FailureCode("usage.invalid", .usage)
}
