import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store's folder, opened once: every file of the store is opened, created, linked and removed
/// relative to it (`openat` and friends), never through a symbolic link, and the folder and its
/// files are refused when another user could change them, as ssh refuses an `authorized_keys` that
/// others can write.
///
/// A link planted where a store's file belongs (`reload-requests -> ~/.bashrc`) would otherwise
/// make an intent write into the link's target; a folder another user can write lets that user
/// plant one, or replace the database with one of their own.
///
/// The folder itself is reached through the path the user gave, links included: that path is the
/// user's choice. SQLite, which opens the database and its `-wal` and `-shm` files itself, is given
/// ``resolvedPath`` (the same folder with no link on the way) and told to refuse links.
final class StoreDirectory: Sendable {
    /// The folder as the user named it, for messages.
    let path: String
    /// The folder's path with every symbolic link resolved, for SQLite.
    let resolvedPath: String
    /// The open folder (`O_DIRECTORY`), closed with the store.
    private let descriptor: Int32

    /// The names in the folder a store uses; each is checked before the store is used.
    static func fileNames(database: String) -> [String] {
        [
            database, database + "-wal", database + "-shm", database + "-journal", database + "-writers",
            AppGroupStore.reloadStampFileName,
        ]
    }

    /// Opens the folder at `path` and checks that no other user can change it.
    ///
    /// - Parameters:
    ///   - path: The folder.
    ///   - storePath: The database's path, named in every message.
    /// - Throws: ``AppGroupError``: `store.not-found` when there is no folder, `store.unwritable`
    ///   when it cannot be opened, `store.insecure` when another user can write it or owns it.
    init(path: String, storePath: String) throws(AppGroupError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let number = errno
            throw AppGroupError(
                code: AppGroupError.code(forSystemError: number),
                message:
                    "cannot open the store at '\(storePath)': \(AppGroupError.reason(forSystemError: number))",
                path: storePath)
        }
        var folder = stat()
        var resolved: String?
        if fstat(descriptor, &folder) == 0, let real = realpath(path, nil) {
            resolved = String(cString: real)
            free(real)
        }
        // The resolved path must name the folder opened: else it moved meanwhile.
        var again = stat()
        guard let resolved, stat(resolved, &again) == 0, again.st_dev == folder.st_dev,
            again.st_ino == folder.st_ino
        else {
            close(descriptor)
            throw AppGroupError(
                code: .storeFailed,
                message: "cannot open the store at '\(storePath)': its folder '\(path)' changed while it was "
                    + "opened; try again",
                path: storePath)
        }
        if let exposure = Exposure(folder, isFolder: true) {
            close(descriptor)
            throw exposure.refusal(storePath: storePath, file: path, isFolder: true)
        }
        self.path = path
        self.resolvedPath = resolved
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Checks the files `names` of the folder that exist: each must be a regular file (never a
    /// symbolic link) that no other user can write or owns.
    ///
    /// - Throws: ``AppGroupError`` `store.insecure` naming the first file that is not.
    func checkFiles(_ names: [String], storePath: String) throws(AppGroupError) {
        for name in names {
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if let exposure = linkExposure(name, info) ?? Exposure(info, isFolder: false) {
                throw exposure.refusal(storePath: storePath, file: filePath(name), isFolder: false)
            }
        }
    }

    /// Whether the folder holds something named `name` (a link counts, whatever it leads to).
    func holds(_ name: String) -> Bool {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// Whether the file `name` of the folder is absent, or a regular file that holds nothing.
    func isEmptyOrAbsent(_ name: String) -> Bool {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT }
        return info.st_mode & S_IFMT == S_IFREG && info.st_size == 0
    }

    /// The path of `name` in the folder, for messages.
    func filePath(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// Opens the existing file `name` of the folder with `flags`, never through a symbolic link,
    /// and only when it is a regular file no other user can write or owns.
    ///
    /// - Returns: The descriptor (close-on-exec), or -1 with `errno` set (`ELOOP` for a link,
    ///   `EPERM` for a file that is not safe to use).
    func openFile(_ name: String, flags: Int32) -> Int32 {
        let opened = openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else { return -1 }
        var info = stat()
        guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            Exposure(info, isFolder: false) == nil
        else {
            close(opened)
            errno = EPERM
            return -1
        }
        return opened
    }

    /// Creates a file of this process's own in the folder, under a new name made from `name`
    /// (`<name>.<pid>.<random>.tmp`), `O_EXCL`: never a file that exists, never through a link.
    /// It is readable and writable by its owner and readable by others, as the store's files are.
    ///
    /// - Returns: The descriptor (open for reading and writing) and the name, or `nil` with `errno`
    ///   set.
    func createTemporaryFile(for name: String) -> (descriptor: Int32, name: String)? {
        let temporary = "\(name).\(getpid()).\(String(UInt32.random(in: .min ... .max), radix: 16)).tmp"
        let created = openat(descriptor, temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        return created < 0 ? nil : (created, temporary)
    }

    /// Gives the file `name` of the folder a second name, `newName`, unless that name is taken.
    ///
    /// - Returns: Whether the link was made.
    func link(_ name: String, as newName: String) -> Bool {
        linkat(descriptor, name, descriptor, newName, 0) == 0
    }

    /// Removes the name `name` from the folder (a link itself, never its target).
    func remove(_ name: String) {
        unlinkat(descriptor, name, 0)
    }

    /// Why the file `name`, of status `info` (read without following links), is not a file a store
    /// may use: it is a symbolic link. Another kind of file (a directory, a FIFO) is left to the
    /// code that opens it, which refuses it as such.
    private func linkExposure(_ name: String, _ info: stat) -> Exposure? {
        guard info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var target = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = target.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return -1 }
                return readlinkat(descriptor, name, base, characters.count - 1)
            }
        }
        return .link(to: count > 0 ? String(decoding: target.prefix(count), as: UTF8.self) : nil)
    }

    /// What makes a folder or file of the store one another user could change.
    private enum Exposure: Equatable {
        /// A symbolic link (to the path it holds, when it could be read).
        case link(to: String?)
        /// Owned by another user than this one or root.
        case owner(uid_t)
        /// Writable by its group, or by every user, with the mode it has.
        case writable(byEveryone: Bool, mode: mode_t)

        /// How the folder or file of status `info` is exposed: writable by its group or others (a
        /// folder with the sticky bit excepted: others may not remove or rename what they do not own
        /// in it, as in /tmp), or owned by another user than this one or root; `nil` when it is not.
        init?(_ info: stat, isFolder: Bool) {
            let mode = info.st_mode & 0o7777
            if info.st_uid != geteuid() && info.st_uid != 0 {
                self = .owner(info.st_uid)
            } else if mode & 0o022 != 0 && !(isFolder && mode & S_ISVTX != 0) {
                self = .writable(byEveryone: mode & 0o002 != 0, mode: mode)
            } else {
                return nil
            }
        }

        /// The error refusing the store at `storePath` because `file` is exposed this way: what is
        /// wrong, the fix, and that nothing was touched.
        func refusal(storePath: String, file: String, isFolder: Bool) -> AppGroupError {
            let problem: String
            switch self {
            case .link(let target):
                problem =
                    "is a symbolic link\(target.map { " to '\($0)'" } ?? ""), and a store's files are "
                    + "never opened through a link: remove it (rm '\(file)')"
            case .owner(let uid):
                problem =
                    "belongs to another user (uid \(uid)), who can change it: use a store "
                    + "\(isFolder ? "folder" : "file") of your own (or have it given to you: chown)"
            case .writable(let byEveryone, let mode):
                let octal = String(mode, radix: 8)
                let padded = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
                problem =
                    "can be written by \(byEveryone ? "every user" : "its group") (mode \(padded)); "
                    + "make it writable by its owner alone (chmod go-w '\(file)')"
            }
            return AppGroupError(
                code: .storeInsecure,
                message:
                    "cannot open the store at '\(storePath)': '\(file)' \(problem); nothing was read or changed",
                path: storePath)
        }
    }
}
