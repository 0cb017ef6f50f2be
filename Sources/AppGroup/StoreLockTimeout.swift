/// How long a write to the shared store waits for another process's write lock before it fails
/// with `store.busy`: `--lock-timeout SECONDS`, else `$WIDGETHOST_LOCK_TIMEOUT`, else 30 seconds.
///
/// The host attaches it to each shared container, so whoever opens the container's store (a
/// built-in widget's intent, the reload recorder) waits as long as the command line asked.
public struct StoreLockTimeout: Sendable, Hashable {
    /// The environment variable that sets it.
    public static let variable = "WIDGETHOST_LOCK_TIMEOUT"

    /// The longest timeout accepted: a day.
    public static let maximum: Duration = .seconds(86_400)

    /// The timeout when none is given (``SQLiteDatabase/defaultBusyTimeout``).
    public static let `default` = StoreLockTimeout(duration: SQLiteDatabase.defaultBusyTimeout)

    /// How long to wait.
    public var duration: Duration

    /// A timeout of `duration`.
    public init(duration: Duration) {
        self.duration = duration
    }

    /// The timeout `text` gives, in seconds (`30`, `2.5`, `0` to never wait), or `nil` when it is
    /// not a number of seconds from 0 to a day.
    public init?(seconds text: String) {
        let trimmed = text.hasSuffix("s") ? String(text.dropLast()) : text
        guard !trimmed.isEmpty,
            trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(trimmed), value.isFinite, value >= 0,
            value <= Double(Self.maximum.components.seconds)
        else { return nil }
        self.duration = .milliseconds(Int64((value * 1000).rounded()))
    }

    /// The timeout the option (when given) or else the environment sets, or the default.
    ///
    /// - Parameters:
    ///   - option: The `--lock-timeout` value, if given.
    ///   - environment: The environment to read ``variable`` from; an empty value counts as unset.
    /// - Returns: The timeout, or the text that is not a timeout and where it came from
    ///   (`--lock-timeout` or the variable's name).
    public static func resolve(option: String?, environment: [String: String])
        -> Result<StoreLockTimeout, Invalid>
    {
        if let option {
            return StoreLockTimeout(seconds: option).map { .success($0) }
                ?? .failure(Invalid(text: option, source: "--lock-timeout"))
        }
        if let text = environment[variable], !text.isEmpty {
            return StoreLockTimeout(seconds: text).map { .success($0) }
                ?? .failure(Invalid(text: text, source: variable))
        }
        return .success(.default)
    }

    /// A value that is not a lock timeout, and where it was given.
    public struct Invalid: Error, Sendable, Hashable {
        /// The text given.
        public var text: String
        /// `--lock-timeout` or ``StoreLockTimeout/variable``.
        public var source: String
    }
}
