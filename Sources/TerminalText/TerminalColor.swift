#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a renderer may colour what it writes.
public enum TerminalColor {
    /// Colour only on a terminal, never when `NO_COLOR` is set to anything non-empty
    /// (no-color.org), and never when `TERM` is `dumb`.
    ///
    /// - Parameters:
    ///   - descriptor: The file descriptor the text goes to.
    ///   - environment: The variables to read, the process's own by default.
    public static func isEnabled(
        forDescriptor descriptor: Int32,
        environment: [String: String]? = nil
    ) -> Bool {
        guard isatty(descriptor) == 1 else { return false }
        return isEnabled(environment: environment ?? processEnvironment())
    }

    /// The rule for a terminal: `NO_COLOR` empty or unset, and `TERM` not `dumb`.
    public static func isEnabled(environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    private static func processEnvironment() -> [String: String] {
        var values: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
