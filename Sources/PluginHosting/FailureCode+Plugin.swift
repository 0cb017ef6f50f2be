public import Diagnostics

/// The failure codes of plugin processes: every one a script can meet in JSON output, declared once.
extension FailureCode {
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
}
