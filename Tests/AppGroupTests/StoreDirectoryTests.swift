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

/// A store's folder and files that another user could change, and links planted where the store's
/// files belong: refused before anything is read or written, and no link's target is ever written.
@Suite struct StoreDirectoryTests {
    /// A file outside the store that a planted link points at, and what it holds.
    static func victim(in directory: TemporaryDirectory) throws -> (path: String, text: String) {
        let text = "precious\n"
        try directory.file("victim", text)
        return (directory.path("victim"), text)
    }

    /// The mode of the file or folder at `path`.
    static func setMode(_ mode: mode_t, of path: String) {
        #expect(chmod(path, mode) == 0, "chmod \(String(mode, radix: 8)) \(path)")
    }

    /// A link planted as the reload stamp (`ln -s /tmp/victim $S/reload-requests`) refuses the
    /// store; one planted after the store was opened is not followed either.
    @Test func aLinkPlantedAsTheStampIsNeverWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let store = directory.url.appendingPathComponent("store")
        _ = try AppGroupStore(directory: store)
        let (victim, text) = try Self.victim(in: directory)
        let stamp = store.appendingPathComponent("reload-requests").path
        #expect(symlink(victim, stamp) == 0)

        let refused = try #require(throws: AppGroupError.self) {
            try AppGroupStore(directory: store).requestReload(ofKind: nil)
        }
        #expect(refused.code == .storeInsecure)
        #expect(
            refused.message
                == "cannot open the store at '\(store.path)/widgethost.sqlite': '\(stamp)' is a symbolic link "
                + "to '\(victim)', and a store's files are never opened through a link: remove it "
                + "(rm '\(stamp)'); nothing was read or changed")

        // Planted while a store is open: the request is recorded, the link left alone.
        #expect(unlink(stamp) == 0)
        let opened = try AppGroupStore(directory: store)
        #expect(symlink(victim, stamp) == 0)
        #expect(try opened.requestReload(ofKind: nil) == 1)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == text)
    }

    /// A link planted under the name a process would give its first stamp before linking it into
    /// place (`reload-requests.<pid>.tmp`) is not followed, nor truncated through.
    @Test func aLinkPlantedAsTheStampsTemporaryFileIsNotFollowed() throws {
        let directory = try TemporaryDirectory()
        let store = directory.url.appendingPathComponent("store")
        let opened = try AppGroupStore(directory: store)
        let (victim, text) = try Self.victim(in: directory)
        let planted = store.appendingPathComponent("reload-requests.\(getpid()).tmp").path
        #expect(symlink(victim, planted) == 0)
        #expect(try opened.requestReload(ofKind: nil) == 1)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == text)
        #expect(
            try String(contentsOf: store.appendingPathComponent("reload-requests"), encoding: .utf8) == "1\n")
    }

    /// A temporary file is created, never opened: a name that exists (a planted link) fails.
    @Test func aTemporaryFileIsAlwaysANewFile() throws {
        let directory = try TemporaryDirectory()
        let folder = try StoreDirectory(path: directory.url.path, storePath: directory.path("x.sqlite"))
        let created = try #require(folder.createTemporaryFile(for: "stamp"))
        defer { close(created.descriptor) }
        #expect(created.name.hasPrefix("stamp.\(getpid())."))
        #expect(created.name.hasSuffix(".tmp"))
        let (victim, text) = try Self.victim(in: directory)
        #expect(folder.openFile("victim", flags: O_RDWR) >= 0)
        #expect(symlink(victim, directory.path("link")) == 0)
        #expect(folder.openFile("link", flags: O_RDWR | O_TRUNC) == -1)
        #expect(errno == ELOOP)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == text)
    }

    /// A link in place of the database or of a file SQLite or the writers' queue keeps beside it
    /// refuses the store, and the link's target is left as it is.
    @Test(arguments: [
        "widgethost.sqlite", "widgethost.sqlite-wal", "widgethost.sqlite-shm", "widgethost.sqlite-writers",
    ])
    func aLinkInPlaceOfAStoreFileRefusesTheStore(name: String) throws {
        let directory = try TemporaryDirectory()
        // Another store, whose database the link leads to.
        let other = directory.url.appendingPathComponent("other")
        try AppGroupStore(directory: other).setString("theirs", forKey: "owner")
        let target = other.appendingPathComponent(name == "widgethost.sqlite" ? name : "victim").path
        if name != "widgethost.sqlite" { try directory.file("other/victim", "precious\n") }
        let before = try Data(contentsOf: URL(fileURLWithPath: target))

        let store = directory.url.appendingPathComponent("store")
        if name != "widgethost.sqlite" { _ = try AppGroupStore(directory: store) }
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let link = store.appendingPathComponent(name).path
        unlink(link)  // the writers' queue file stays once made
        #expect(symlink(target, link) == 0)
        let refused = try #require(throws: AppGroupError.self) {
            try AppGroupStore(directory: store).setString("mine", forKey: "owner")
        }
        #expect(refused.code == .storeInsecure)
        #expect(refused.message.contains("'\(link)' is a symbolic link to '\(target)'"), "\(refused.message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        #expect(try AppGroupStore(directory: other).string(forKey: "owner") == "theirs")
    }

    /// A store folder its group or every user can write is refused, reading or writing, naming the
    /// folder and the fix, and nothing is created in it; the sticky bit (as /tmp has) excuses a
    /// folder.
    @Test(arguments: [(mode_t(0o770), "its group (mode 0770)"), (mode_t(0o757), "every user (mode 0757)")])
    func aFolderOthersCanWriteIsRefused(mode: mode_t, who: String) throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        Self.setMode(mode, of: folder.path)
        let database = folder.appendingPathComponent("widgethost.sqlite").path
        let message =
            "cannot open the store at '\(database)': '\(folder.path)' can be written by \(who); make it "
            + "writable by its owner alone (chmod go-w '\(folder.path)'); nothing was read or changed"
        for readOnly in [false, true] {
            let refused = try #require(throws: AppGroupError.self) {
                try AppGroupStore(directory: folder, readOnly: readOnly)
            }
            #expect(refused.code == .storeInsecure)
            #expect(refused.message == message)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        Self.setMode(0o1777, of: folder.path)
        _ = try AppGroupStore(directory: folder)
        #expect(FileManager.default.fileExists(atPath: database))
    }

    /// A file of the store that others can write is refused, the store left as it is.
    @Test(arguments: ["widgethost.sqlite", "reload-requests"])
    func aFileOthersCanWriteIsRefused(name: String) throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.requestReload(ofKind: nil)
        let path = directory.path(name)
        Self.setMode(0o664, of: path)
        let refused = try #require(throws: AppGroupError.self) { try AppGroupStore(directory: directory.url) }
        #expect(refused.code == .storeInsecure)
        #expect(
            refused.message.hasSuffix(
                "'\(path)' can be written by its group (mode 0664); make it writable by its owner alone "
                    + "(chmod go-w '\(path)'); nothing was read or changed"), "\(refused.message)")
        Self.setMode(0o644, of: path)
        #expect(try AppGroupStore(directory: directory.url).currentReloadGeneration() == 1)
    }

    /// A store folder owned by another user than root is refused, whatever its mode: its owner could
    /// change it. Only root can give a folder away.
    @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func aFolderOfAnotherUserIsRefused() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chown(folder.path, 65534, 65534) == 0)
        let refused = try #require(throws: AppGroupError.self) { try AppGroupStore(directory: folder) }
        #expect(refused.code == .storeInsecure)
        #expect(
            refused.message.contains(
                "'\(folder.path)' belongs to another user (uid 65534), who can change it"),
            "\(refused.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
