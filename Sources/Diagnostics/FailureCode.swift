/// A stable, machine-readable code for what went wrong (`config.unknown-kind`, `store.busy`), as
/// scripts see it in JSON output. Each domain declares its codes once, as static values, in its
/// own module (`FailureCode+Engine.swift`, `FailureCode+Plugin.swift`, `FailureCode+Serve.swift`,
/// `FailureCode+Store.swift`, ...), and whether a failure is the input's fault (exit 65) or the
/// run's (exit 1) is a property of its code, never a comparison of strings.
public struct FailureCode: Hashable, Sendable, CustomStringConvertible {
    /// Whose fault a failure is.
    public enum Category: Sendable, Hashable {
        /// The input is wrong (a configuration, a value, a file): nothing ran (exit 65).
        case invalidInput
        /// Something failed while running (exit 1).
        case runtime
        /// The command line is wrong (exit 64).
        case usage
    }

    /// The code as written in JSON output.
    public let rawValue: String
    /// Whose fault it is.
    public let category: Category

    /// Declares a code.
    public init(_ rawValue: String, _ category: Category) {
        self.rawValue = rawValue
        self.category = category
    }

    /// Whether a failure with this code is the input's fault (exit 65).
    public var isInvalidInput: Bool { category == .invalidInput }

    /// The raw value.
    public var description: String { rawValue }

    /// Codes are equal when their text is.
    public static func == (lhs: FailureCode, rhs: FailureCode) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
