public import AppGroup

/// A shared default the built-in widgets read, with the type its values must have: what
/// `widgethost store defaults set` checks before it writes, as the seed app's settings screen only
/// ever writes a `Bool` under `showCompletedTasks`.
public struct SharedDefaultKey: Sendable, Hashable {
    /// The key in the App Group's defaults.
    public var name: String
    /// What the built-in widgets do with it.
    public var summary: String
    /// The value the built-in widgets take while it is not set (`true` or `false`).
    public var whenUnset: String

    /// The keys the built-ins read, all booleans: TaskWidget's `showCompletedTasks` (the seed's
    /// `@AppStorage`) and FocusWidget's `focus.isOn`.
    public static let known: [SharedDefaultKey] = [
        SharedDefaultKey(
            name: showCompletedTasks,
            summary:
                "whether a TaskWidget whose configuration does not set showCompleted shows completed tasks",
            whenUnset: "true"
        ),
        SharedDefaultKey(
            name: AppGroupStore.focusModeKey, summary: "whether focus mode is on (FocusWidget)",
            whenUnset: "false"),
    ]

    /// `showCompletedTasks`, the seed's `@AppStorage("showCompletedTasks", store: ...)` key.
    public static let showCompletedTasks = "showCompletedTasks"

    /// The known key named `name`, if any.
    public static func named(_ name: String) -> SharedDefaultKey? {
        known.first { $0.name == name }
    }

    /// Why `key` cannot name a shared default, or `nil` when it can. `store defaults get` lists the
    /// defaults one a line as `KEY=VALUE`, so a key is non-empty and holds no `=` (which would make
    /// the line ambiguous) and no control character (a line break would forge a line).
    public static func problem(key: String) -> String? {
        let refused =
            "'\(key)' is not a valid shared default key: 'store defaults get' lists each default as KEY=VALUE"
        if key.isEmpty { return refused + ", so a key must be non-empty" }
        if key.contains("=") { return refused + ", so a key must hold no '='" }
        if let control = key.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let hex = String(control.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return refused + " on one line, so a key must hold no control character (it holds \(code))"
        }
        return nil
    }

    /// Refuses a key that cannot name a shared default (``problem(key:)``).
    ///
    /// - Throws: ``AppGroupError`` `store.invalid-default`.
    public static func validate(key: String) throws(AppGroupError) {
        if let problem = problem(key: key) {
            throw AppGroupError(code: .storeInvalidDefault, message: problem)
        }
    }

    /// `text` as this key stores it (`true` or `false`).
    ///
    /// - Throws: ``AppGroupError`` `store.invalid-default` when `text` is not a boolean.
    public func storedValue(_ text: String) throws(AppGroupError) -> String {
        switch text {
        case "true", "false": return text
        default:
            throw AppGroupError(
                code: .storeInvalidDefault,
                message: "'\(text)' is not a value of the shared default '\(name)' (\(summary)); "
                    + "expected true or false"
            )
        }
    }
}

extension AppGroupStore {
    /// Every shared default, sorted by key.
    ///
    /// - Complexity: O(n) for n defaults.
    public func allSharedDefaults() throws(AppGroupError) -> [(key: String, value: String)] {
        try withConnection { database throws(SQLiteError) in
            try database.query("SELECT key, value FROM defaults ORDER BY key") { row throws(SQLiteError) in
                (key: row.string(at: 0) ?? "", value: row.string(at: 1) ?? "")
            }
        }
    }

    /// Stores `value` under `key`, checked against the key's type when the built-ins read it, and
    /// asks every timeline to reload (the app's `reloadAllTimelines()` after a setting changes), in
    /// one transaction.
    ///
    /// - Throws: ``AppGroupError``: `store.invalid-default` for a key that cannot name a default
    ///   (``SharedDefaultKey/problem(key:)``) or a value a known key does not take (nothing is
    ///   written), or a failure of the store.
    public func setSharedDefault(_ value: String, forKey key: String) throws(AppGroupError) {
        try SharedDefaultKey.validate(key: key)
        let stored = try SharedDefaultKey.named(key)?.storedValue(value) ?? value
        try writeReloadingAll { database throws(SQLiteError) -> Result<Void, AppGroupError> in
            try Self.setDefault(stored, forKey: key, in: database)
            return .success(())
        }
    }
}
