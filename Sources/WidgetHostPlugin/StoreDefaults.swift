import AppGroup
import Foundation
package import WidgetHostKit

/// The App Group's shared defaults in its store, as a plugin reaches them: read from the store
/// when it exists (a plugin drawing a widget never creates one), each write a transaction of its
/// own, committed before the call returns, so the next process sees it at once.
struct StoreDefaults: SharedDefaults {
    let container: SharedContainer

    /// The store, opened once for the container (kept as its attachment); `nil` while there is none
    /// and `creating` is false.
    private func store(creating: Bool) throws -> AppGroupStore? {
        if !creating {
            let database = container.url.appendingPathComponent(AppGroupStore.databaseFileName).path
            guard FileManager.default.fileExists(atPath: database) else { return nil }
        }
        return try container.attachment(AppGroupStore.self) {
            try AppGroupStore.openShared(
                directory: container.url, lockTimeout: StoreLockTimeout.default.duration)
        }
    }

    func string(forKey key: String) throws -> String? {
        try store(creating: false)?.string(forKey: key)
    }

    /// Stores `value` under `key`, or removes it for `nil`.
    func setString(_ value: String?, forKey key: String) throws {
        try store(creating: true)?.setString(value, forKey: key)
    }

    /// Every default, by key.
    func all() throws -> [String: String] {
        guard let store = try store(creating: false) else { return [:] }
        let rows = try store.withConnection { database throws(SQLiteError) in
            try database.query("SELECT key, value FROM defaults") { row throws(SQLiteError) in
                (row.string(at: 0) ?? "", row.string(at: 1) ?? "")
            }
        }
        return Dictionary(rows, uniquingKeysWith: { _, last in last })
    }
}

extension RequestHandler {
    /// Runs `body` with the App Group's shared defaults where widget code reads them, when the host
    /// named the App Group: Foundation's `UserDefaults(suiteName: appGroup)` (``SuiteDefaults``)
    /// and the SDK's `@AppStorage` (``SharedDefaultsScope``). What `body` changed in the suite is
    /// written to the store before the reply, or the call fails saying what could not be.
    package static func withAppGroupDefaults<Result: Sendable>(
        of container: SharedContainer, _ body: () async throws -> Result
    ) async throws -> Result {
        guard let appGroup = container.appGroup else { return try await body() }
        AppGroupFolders.note(appGroup, container.url)
        let defaults = StoreDefaults(container: container)
        let suite = SuiteDefaults(appGroup: appGroup)
        let loaded = try suite.load(try defaults.all())
        let result = try await SharedDefaultsScope.$current.withValue(defaults) { try await body() }
        try suite.save(since: loaded, to: defaults)
        return result
    }
}
