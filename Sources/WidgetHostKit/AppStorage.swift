public import Foundation

/// The App Group's shared defaults as a widget reads them: what `UserDefaults(suiteName:)` is to
/// the seeds, kept by the host in the shared container.
public protocol SharedDefaults: Sendable {
    /// The value stored under `key`, as text, or `nil` when none is.
    ///
    /// - Throws: when the defaults cannot be read.
    func string(forKey key: String) throws -> String?
}

/// The shared defaults ``AppStorage`` reads: the host's (or a widget's provider's) choice for the
/// code running now, as SwiftUI's `@AppStorage` reads the `store:` given to it.
public enum SharedDefaultsScope {
    /// The defaults of the code running now; `nil` outside any.
    @TaskLocal public static var current: (any SharedDefaults)?
}

/// A value ``AppStorage`` keeps as text in the shared defaults.
public protocol AppStorageValue: Sendable {
    /// The value stored as `text`, or `nil` when `text` is not one.
    init?(storedText text: String)
}

extension Bool: AppStorageValue {
    /// `true` or `false`.
    public init?(storedText text: String) {
        switch text {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension Int: AppStorageValue {
    /// A decimal integer.
    public init?(storedText text: String) { self.init(text) }
}

extension Double: AppStorageValue {
    /// A decimal number.
    public init?(storedText text: String) { self.init(text) }
}

extension String: AppStorageValue {
    /// The text itself.
    public init?(storedText text: String) { self = text }
}

/// A value read from the App Group's shared defaults, as SwiftUI's `@AppStorage` reads a
/// `UserDefaults` suite: the seeds' settings shared by an app and its widgets.
///
/// ```swift
/// @AppStorage("showCompletedTasks", store: UserDefaults(suiteName: "group.com.example.app"))
/// private var showCompleted = true
/// ```
///
/// It reads ``SharedDefaultsScope/current``: the defaults of the container the widget runs in.
/// The `store:` of the seeds is accepted so their code compiles unchanged; the App Group is the
/// host's container, whatever suite it names. A key that is not set, or holds text that is not a
/// `Value`, reads as the default given; ``read()`` tells those cases apart and throws what the
/// defaults throw.
@propertyWrapper
public struct AppStorage<Value: AppStorageValue>: Sendable {
    /// The key in the shared defaults.
    public let key: String
    /// The value when the key is not set.
    public let defaultValue: Value

    /// Reads `key`, or `wrappedValue` when it is not set.
    public init(wrappedValue: Value, _ key: String) {
        self.key = key
        self.defaultValue = wrappedValue
    }

    /// Reads `key` of the shared defaults; `store` (the seeds' suite) is accepted and the host's
    /// container used.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults?) {
        self.init(wrappedValue: wrappedValue, key)
    }

    /// The stored value, or the default when the key is not set, cannot be read, or holds text
    /// that is not a `Value`.
    public var wrappedValue: Value { (try? read()) ?? defaultValue }

    /// The wrapper itself, for ``read()``: `$showCompleted.read()`.
    public var projectedValue: AppStorage<Value> { self }

    /// The stored value, or the default when the key is not set (or no defaults are in scope).
    ///
    /// - Throws: what the shared defaults throw when they cannot be read, or
    ///   ``AppStorageError`` when the stored text is not a `Value`.
    public func read() throws -> Value {
        guard let text = try SharedDefaultsScope.current?.string(forKey: key) else { return defaultValue }
        guard let value = Value(storedText: text) else {
            throw AppStorageError(key: key, text: text, type: "\(Value.self)")
        }
        return value
    }
}

/// A shared default holds text that is not a value of the type read.
public struct AppStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key read.
    public var key: String
    /// The text stored.
    public var text: String
    /// The type expected.
    public var type: String

    /// What is stored, and what was expected.
    public var description: String {
        "the shared default '\(key)' holds '\(text)', which is not a \(type); "
            + "set it with 'widgethost store defaults set \(key) VALUE'"
    }
}
