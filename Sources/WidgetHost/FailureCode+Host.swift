public import Diagnostics

/// The failure codes of WidgetHost: every one a script can meet in JSON output, declared once.
extension FailureCode {
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
    /// `plugin.ambiguous-intent`.
    public static let pluginAmbiguousIntent = FailureCode("plugin.ambiguous-intent", .runtime)
    /// `plugin.builtin-kind`: a plugin declares a kind built into widgethost.
    public static let pluginBuiltinKind = FailureCode("plugin.builtin-kind", .runtime)
    /// `plugin.builtin-intent`: a plugin declares an intent built into widgethost.
    public static let pluginBuiltinIntent = FailureCode("plugin.builtin-intent", .runtime)
    /// `plugin.closed`.
    public static let pluginClosed = FailureCode("plugin.closed", .runtime)
    /// `plugin.duplicate-intent`.
    public static let pluginDuplicateIntent = FailureCode("plugin.duplicate-intent", .runtime)
    /// `plugin.duplicate-kind`.
    public static let pluginDuplicateKind = FailureCode("plugin.duplicate-kind", .runtime)
    /// `plugin.duplicate-name`.
    public static let pluginDuplicateName = FailureCode("plugin.duplicate-name", .invalidInput)
    /// `plugin.untrusted`: a plugin that came with a folder has not been trusted to run (or its
    /// manifest or executable changed since it was).
    public static let pluginUntrusted = FailureCode("plugin.untrusted", .runtime)
    /// `plugin.trust-failed`: the record of trusted plugins, or a plugin's files, cannot be read
    /// or written.
    public static let pluginTrustFailed = FailureCode("plugin.trust-failed", .runtime)
    /// `plugin.error`.
    public static let pluginError = FailureCode("plugin.error", .runtime)
    /// `plugin.executable-missing`.
    public static let pluginExecutableMissing = FailureCode("plugin.executable-missing", .invalidInput)
    /// `plugin.executable-not-executable`.
    public static let pluginExecutableNotExecutable = FailureCode(
        "plugin.executable-not-executable", .invalidInput)
    /// `plugin.exited`.
    public static let pluginExited = FailureCode("plugin.exited", .runtime)
    /// `plugin.folder-missing`.
    public static let pluginFolderMissing = FailureCode("plugin.folder-missing", .invalidInput)
    /// `plugin.internal`.
    public static let pluginInternal = FailureCode("plugin.internal", .runtime)
    /// `plugin.invalid-handshake`.
    public static let pluginInvalidHandshake = FailureCode("plugin.invalid-handshake", .runtime)
    /// `plugin.invalid-json`.
    public static let pluginInvalidJson = FailureCode("plugin.invalid-json", .runtime)
    /// `plugin.invalid-name`.
    public static let pluginInvalidName = FailureCode("plugin.invalid-name", .invalidInput)
    /// `plugin.invalid-params`.
    public static let pluginInvalidParams = FailureCode("plugin.invalid-params", .invalidInput)
    /// `plugin.invalid-reply`.
    public static let pluginInvalidReply = FailureCode("plugin.invalid-reply", .runtime)
    /// `plugin.entry-too-large`: an entry of the reply holds more than
    /// ``PluginWidget/maxEntrySize`` bytes of JSON (its data and view); that widget fails.
    public static let pluginEntryTooLarge = FailureCode("plugin.entry-too-large", .runtime)
    /// `plugin.line-too-long`.
    public static let pluginLineTooLong = FailureCode("plugin.line-too-long", .runtime)
    /// `plugin.manifest-empty`.
    public static let pluginManifestEmpty = FailureCode("plugin.manifest-empty", .invalidInput)
    /// `plugin.manifest-mismatch`.
    public static let pluginManifestMismatch = FailureCode("plugin.manifest-mismatch", .invalidInput)
    /// `plugin.new-folder-not-empty`.
    public static let pluginNewFolderNotEmpty = FailureCode("plugin.new-folder-not-empty", .invalidInput)
    /// `plugin.new-write-failed`.
    public static let pluginNewWriteFailed = FailureCode("plugin.new-write-failed", .runtime)
    /// `plugin.no-manifest`.
    public static let pluginNoManifest = FailureCode("plugin.no-manifest", .invalidInput)
    /// `plugin.not-running`.
    public static let pluginNotRunning = FailureCode("plugin.not-running", .runtime)
    /// `plugin.start-failed`.
    public static let pluginStartFailed = FailureCode("plugin.start-failed", .runtime)
    /// `plugin.timeout`.
    public static let pluginTimeout = FailureCode("plugin.timeout", .runtime)
    /// `plugin.unavailable`.
    public static let pluginUnavailable = FailureCode("plugin.unavailable", .runtime)
    /// `plugin.undeclared-intent`: a plugin's control runs an intent the plugin does not declare.
    public static let pluginUndeclaredIntent = FailureCode("plugin.undeclared-intent", .runtime)
    /// `plugin.unknown-view`: a plugin's view uses a type, attribute or modifier the view
    /// vocabulary does not have (a warning; the view still renders what it can).
    public static let pluginUnknownView = FailureCode("plugin.unknown-view", .runtime)
    /// `plugin.unknown-id`.
    public static let pluginUnknownId = FailureCode("plugin.unknown-id", .runtime)
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

    // `serve`'s refusals, in the JSON body of each (`{"error": {"code", ...}}`).
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

    /// `usage.invalid`: the command line is wrong (an unknown widget id or intent, a malformed
    /// value), as `--format json` reports it.
    public static let usageInvalid = FailureCode("usage.invalid", .usage)
}
