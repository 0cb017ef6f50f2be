import CSQLite
import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import AppGroup

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store with no room left to write: SQLite's `SQLITE_FULL`, and a stamp file that cannot be
/// written, are `store.full`, saying that nothing was changed.
@Suite struct StoreFullTests {
    /// An intent's transaction that cannot grow the database (SQLite's own limit on its pages, a
    /// real `SQLITE_FULL`) fails with `store.full` and keeps nothing.
    @Test func anIntentWithNoRoomLeftIsStoreFullAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.setString("before", forKey: "mode")
        try store.withConnection { database throws(SQLiteError) in
            guard case .integer(let pages)? = try database.scalar("PRAGMA page_count") else { return }
            try database.execute("PRAGMA max_page_count = \(pages)")
        }
        let transaction = IntentTransaction()
        transaction.requestReload(ofKind: nil)
        let error = try #require(throws: AppGroupError.self) {
            try IntentTransaction.$current.withValue(transaction) {
                try store.setString(String(repeating: "x", count: 64 * 1024), forKey: "mode")
            }
            try transaction.commit { store }
        }
        transaction.rollBack()
        #expect(error.code == .storeFull)
        #expect(
            error.message
                == "cannot use the store at '\(store.databaseURL.path)': the disk is full (No space left on "
                + "device); nothing was changed. Make room on it and try again")
        #expect(try store.string(forKey: "mode") == "before")
        #expect(try store.currentReloadGeneration() == 0)
    }

    /// The stamp written to a full disk (`/dev/full`) says so, and that is `store.full`.
    @Test func aStampThatCannotBeWrittenForLackOfRoomIsStoreFull() throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0, "/dev/full cannot be opened")
        defer { close(full) }
        let failure = AppGroupStore.writeStampText(Array("1\n".utf8), to: full)
        #expect(failure == ENOSPC)
        #expect(AppGroupError.isNoRoom(failure))
        let error = AppGroupError.full(at: "/s/widgethost.sqlite", errno: failure)
        #expect(error.code == .storeFull)
        #expect(
            error.message
                == "cannot use the store at '/s/widgethost.sqlite': the disk is full (No space left on device); "
                + "nothing was changed. Make room on it and try again")
    }

    /// SQLite reports a full disk as an I/O error when the -shm file or the log cannot grow: with
    /// `ENOSPC`, `EDQUOT` or `EFBIG` behind it, that is `store.full` too.
    @Test(arguments: [
        (SQLITE_IOERR | (19 << 8), ENOSPC), (SQLITE_IOERR | (3 << 8), EDQUOT), (SQLITE_CANTOPEN, EFBIG),
    ])
    func anIOErrorForLackOfRoomIsStoreFull(result: Int32, number: Int32) {
        let failure = SQLiteError(
            code: result, message: "disk I/O error", path: "/s/widgethost.sqlite", systemErrorNumber: number)
        #expect(AppGroupError.store(at: "/s/widgethost.sqlite", failure, opening: true).code == .storeFull)
        let other = SQLiteError(
            code: result, message: "disk I/O error", path: "/s/widgethost.sqlite", systemErrorNumber: EIO)
        #expect(AppGroupError.store(at: "/s/widgethost.sqlite", other, opening: true).code != .storeFull)
    }
}
