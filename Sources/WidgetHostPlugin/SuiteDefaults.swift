import Foundation
import WidgetHostKit

/// Foundation's `UserDefaults(suiteName: appGroup)` in a plugin, made the App Group's shared
/// defaults: before each provider, intent or options call, the suite is set to what the store holds;
/// after it, what the call changed in the suite is written to the store, so the next process (and
/// `widgethost store defaults get`) sees it, with no `synchronize()` in the widget's code, as on iOS.
/// Foundation on Linux would otherwise keep the suite in a file in the home folder, written only on
/// `synchronize()`, and a tap's writes would be lost when the plugin exits.
///
/// This works whatever the code imports (a file that imports only Foundation, as the seeds'
/// `TaskDataManager` does, included): it is Foundation's own class.
///
/// The store holds text, as `store defaults set` writes it (``SharedDefaultText``). The suite keeps
/// the type the plugin last wrote under each key (its file is synchronized after each call), and
/// the store's text is read back as that type (`Data` as its UTF-8 bytes, a number, a `Bool`, a
/// `Date`, JSON for an array or a dictionary), also when another process changed the text; a key
/// the plugin never wrote is read as a `String`, which the typed getters (`bool`, `integer`,
/// `double`, `url`) read as their type.
struct SuiteDefaults {
    /// The App Group's identifier, which is the suite's name.
    let appGroup: String

    private var suite: UserDefaults? { UserDefaults(suiteName: appGroup) }

    /// Sets the suite to `stored`, the store's defaults, each read as the type the suite held
    /// under its key.
    ///
    /// - Returns: What the suite holds now, as text, to compare with after the call.
    func load(_ stored: [String: String]) throws -> [String: String] {
        guard let suite else { return [:] }
        let previous = suite.persistentDomain(forName: appGroup) ?? [:]
        var domain: [String: Any] = [:]
        for (key, text) in stored {
            domain[key] = previous[key].flatMap { SharedDefaultText.value(text, like: $0) } ?? text
        }
        suite.setPersistentDomain(domain, forName: appGroup)
        return stored
    }

    /// Writes to `defaults` what changed in the suite since it was loaded with `loaded`.
    ///
    /// - Throws: ``SuiteDefaultsError`` naming the first key that could not be kept (a value that is
    ///   not text, or the store's failure); the keys before it are written.
    func save(since loaded: [String: String], to defaults: StoreDefaults) throws {
        guard let suite else { return }
        let now = suite.persistentDomain(forName: appGroup) ?? [:]
        for key in now.keys.sorted() {
            guard let value = now[key] else { continue }
            let text: String
            switch SharedDefaultText.text(of: value) {
            case .success(let made): text = made
            case .failure(let failure):
                throw SuiteDefaultsError(
                    code: "defaults.not-text",
                    message:
                        "UserDefaults(suiteName: \"\(appGroup)\") could not keep '\(key)' in the App Group's "
                        + "shared defaults, which hold text: \(failure.why)")
            }
            guard loaded[key] != text else { continue }
            try write(text, forKey: key, to: defaults)
        }
        for key in loaded.keys.sorted() where now[key] == nil {
            try write(nil, forKey: key, to: defaults)
        }
        // Keeps the types written for the next call and the next process (see ``load(_:)``).
        _ = suite.synchronize()
    }

    private func write(_ text: String?, forKey key: String, to defaults: StoreDefaults) throws {
        do {
            try defaults.setString(text, forKey: key)
        } catch {
            throw SuiteDefaultsError(
                code: "defaults.unwritable",
                message: "could not write '\(key)' of UserDefaults(suiteName: \"\(appGroup)\") to the App "
                    + "Group's shared defaults: \(error)")
        }
    }
}

/// Why what a call wrote to `UserDefaults(suiteName: appGroup)` could not be kept in the store.
struct SuiteDefaultsError: CodedError, CustomStringConvertible {
    /// `defaults.not-text` or `defaults.unwritable`.
    var code: String
    /// What failed, naming the key.
    var message: String

    var description: String { message }
}
