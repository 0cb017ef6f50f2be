#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Apple's unified logging as widget code from iOS writes it (`Logger(subsystem:category:)`,
/// `logger.info("Read \(count, privacy: .public) tasks")`): each message is a line on standard
/// error, which in a plugin is its log (`widgethost --verbose` shows it), never the protocol stream.
public struct Logger: Sendable {
    private let prefix: String

    /// A logger of `subsystem` and `category`, named on each line.
    public init(subsystem: String, category: String) {
        self.prefix = "[\(subsystem):\(category)]"
    }

    /// The default logger.
    public init() {
        self.prefix = "[default]"
    }

    /// A logger writing as `log` does.
    public init(_ log: OSLog) {
        self.prefix = log.prefix
    }

    /// Writes `message` at `level`.
    public func log(level: OSLogType, _ message: OSLogMessage) {
        LogLine.write("\(prefix) \(level.name): \(message.text)")
    }

    /// Writes `message` at the default level.
    public func log(_ message: OSLogMessage) { log(level: .default, message) }
    /// Writes `message` at the trace (debug) level.
    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    /// Writes `message` at the debug level.
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    /// Writes `message` at the info level.
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    /// Writes `message` at the notice (default) level.
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    /// Writes `message` at the warning (error) level.
    public func warning(_ message: OSLogMessage) { log(level: .error, message) }
    /// Writes `message` at the error level.
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    /// Writes `message` at the critical (fault) level.
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
    /// Writes `message` at the fault level.
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
}

/// A log message with interpolations, as `os`'s: `privacy:` and formats are accepted; every value is
/// written as it is (a plugin's log is its own).
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    /// The message's text.
    public let text: String

    /// A message of a literal.
    public init(stringLiteral value: String) {
        self.text = value
    }

    /// A message with interpolations.
    public init(stringInterpolation: StringInterpolation) {
        self.text = stringInterpolation.text
    }

    /// The parts of a message.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        /// Room for the literal's text.
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity)
        }

        /// A literal part.
        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// A value, with its privacy.
        public mutating func appendInterpolation<Value>(
            _ value: @autoclosure () -> Value, privacy: OSLogPrivacy = .auto
        ) {
            text += String(describing: value())
        }

        /// A value in `align`, with its privacy.
        public mutating func appendInterpolation<Value>(
            _ value: @autoclosure () -> Value, align: OSLogStringAlignment, privacy: OSLogPrivacy = .auto
        ) {
            text += String(describing: value())
        }

        /// A number in `format`, with its privacy.
        public mutating func appendInterpolation<Value: BinaryFloatingPoint>(
            _ value: @autoclosure () -> Value, format: OSLogFloatFormatting, privacy: OSLogPrivacy = .auto
        ) {
            text += String(describing: value())
        }

        /// An integer in `format`, with its privacy.
        public mutating func appendInterpolation<Value: BinaryInteger>(
            _ value: @autoclosure () -> Value, format: OSLogIntegerFormatting, privacy: OSLogPrivacy = .auto
        ) {
            text += String(describing: value())
        }
    }
}

/// Who may read an interpolated value in the system's log.
public struct OSLogPrivacy: Sendable, Hashable {
    private let name: String

    /// The system's choice.
    public static let auto = OSLogPrivacy(name: "auto")
    /// Anyone.
    public static let `public` = OSLogPrivacy(name: "public")
    /// Redacted outside development.
    public static let `private` = OSLogPrivacy(name: "private")
    /// Always redacted.
    public static let sensitive = OSLogPrivacy(name: "sensitive")

    /// Redacted, with a hash to match values.
    public static func `private`(mask: Mask) -> OSLogPrivacy { .private }

    /// How a redacted value is masked.
    public enum Mask: Sendable {
        /// A hash of the value.
        case hash
        /// No mask.
        case none
    }
}

/// How a logged number is written.
public struct OSLogFloatFormatting: Sendable {
    /// Fixed point with `precision` digits.
    public static func fixed(precision: Int) -> OSLogFloatFormatting { OSLogFloatFormatting() }
    /// Fixed point.
    public static let fixed = OSLogFloatFormatting()
}

/// How a logged integer is written.
public struct OSLogIntegerFormatting: Sendable {
    /// Decimal.
    public static let decimal = OSLogIntegerFormatting()
    /// Hexadecimal.
    public static let hex = OSLogIntegerFormatting()
}

/// How a logged string is aligned.
public struct OSLogStringAlignment: Sendable {
    /// Right-aligned in `columns`.
    public static func right(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment() }
    /// Left-aligned in `columns`.
    public static func left(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment() }
}

/// A message's level.
public struct OSLogType: Sendable, Hashable {
    /// The level's name on the line.
    let name: String

    /// Debugging.
    public static let debug = OSLogType(name: "debug")
    /// Information.
    public static let info = OSLogType(name: "info")
    /// The default level.
    public static let `default` = OSLogType(name: "notice")
    /// An error.
    public static let error = OSLogType(name: "error")
    /// A fault.
    public static let fault = OSLogType(name: "fault")
}

/// A log of a subsystem and category, for `os_log` and `Logger(_:)`.
public final class OSLog: Sendable {
    let prefix: String

    /// The log of `subsystem` and `category`.
    public init(subsystem: String, category: String) {
        self.prefix = "[\(subsystem):\(category)]"
    }

    private init(prefix: String) {
        self.prefix = prefix
    }

    /// The default log.
    public static let `default` = OSLog(prefix: "[default]")
    /// A log that writes nothing.
    public static let disabled = OSLog(prefix: "")
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Writes a `printf`-style `message` with `arguments` to `log` (the older `os_log`), as a line on
/// standard error; `%@` and `%{public}@` take any value.
public func os_log(
    _ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ arguments: any CVarArg...
) {
    guard !log.prefix.isEmpty else { return }
    var text = ""
    var rest = arguments[...]
    var scalars = "\(message)".unicodeScalars[...]
    while let scalar = scalars.popFirst() {
        guard scalar == "%" else {
            text.unicodeScalars.append(scalar)
            continue
        }
        if scalars.first == "%" {
            scalars.removeFirst()
            text += "%"
            continue
        }
        // A conversion: an optional {public} or {private}, flags and length, then a letter or '@'.
        if scalars.first == "{" {
            while let next = scalars.popFirst(), next != "}" {}
        }
        while let next = scalars.popFirst() {
            if next == "@" || (next.properties.isAlphabetic && !"hlqjztL".unicodeScalars.contains(next)) {
                break
            }
        }
        if let argument = rest.popFirst() { text += String(describing: argument) }
    }
    LogLine.write("\(log.prefix) \(type.name): \(text)")
}

/// One line on standard error, written at once.
enum LogLine {
    static func write(_ line: String) {
        let text = line + "\n"
        #if canImport(Glibc)
            _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
        #elseif canImport(Darwin)
            _ = text.withCString { Darwin.write(2, $0, strlen($0)) }
        #endif
    }
}
