import AppGroup
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Which folder and which database file a store's path names now, by device and inode: a store
/// deleted, or restored from a backup (`rm -rf S; cp -a backup S`, `mv backup S`, a database file
/// renamed into place), names other files than those the live host opened, though its path is the
/// same. Writes to the store (an intent's, a checkpoint's) leave both as they are.
struct StoreIdentity: Sendable, Equatable {
    /// One file, as the kernel knows it.
    struct FileID: Sendable, Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// What the store's path holds.
    enum Presence: Sendable, Equatable {
        /// No database file: the store is gone (or its folder is).
        case missing
        /// A database file shorter than SQLite's 100-byte header: being copied into place, not yet
        /// a store to open (opening it would make it an empty store).
        case partial
        /// A database file to open.
        case present
    }

    /// The store's folder (its link followed, as a store's folder may be reached through one).
    var folder: FileID?
    /// The database file in it (a link not followed: opening refuses one).
    var database: FileID?
    var presence: Presence

    /// The identity of the store in `directory`, now.
    init(directory: String) {
        var status = stat()
        folder = stat(directory, &status) == 0 ? Self.id(status) : nil
        let path = (directory as NSString).appendingPathComponent(AppGroupStore.databaseFileName)
        if lstat(path, &status) == 0 {
            database = Self.id(status)
            presence = status.st_size < 100 ? .partial : .present
        } else {
            database = nil
            presence = .missing
        }
    }

    private static func id(_ status: stat) -> FileID {
        FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
