import Diagnostics

/// The exit statuses of widgethost, from `sysexits.h` as docs/reference.md lists them; a usage error's 64
/// (`EX_USAGE`) comes with the parser's ``ParseError``.
enum ExitStatus {
    /// Everything succeeded.
    static let success: Int32 = 0
    /// A widget or intent failed at run time; the others still printed.
    static let failure: Int32 = 1
    /// The command line is wrong (`EX_USAGE`), found after parsing (a store location that cannot
    /// be worked out).
    static let usage: Int32 = 64
    /// The input (a configuration, a YAML file) is invalid or cannot be read (`EX_DATAERR`).
    static let dataError: Int32 = 65
    /// widgethost itself is wrong (`EX_SOFTWARE`).
    static let software: Int32 = 70

    /// The status of a command that failed with `code`: 65 when the input is at fault (nothing ran,
    /// or an intent refused its values), 1 for a failure while running; a property of the code.
    static func failing(with code: FailureCode) -> Int32 {
        code.isInvalidInput ? dataError : failure
    }
}
