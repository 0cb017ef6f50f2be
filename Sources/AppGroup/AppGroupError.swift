import CSQLite
public import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure of the shared store: a stable code for scripts, and a sentence a person can act on
/// that names the file or directory involved.
///
/// ```
/// store.unwritable: cannot open the store at '/x/widgethost.sqlite': the directory is read-only
/// ```
public struct AppGroupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable code:
    /// - `store.not-found`: there is no store (or no directory) where one was expected;
    /// - `store.unwritable`: the store or its directory cannot be created or written;
    /// - `store.corrupt`: the file is damaged or is not a widgethost store;
    /// - `store.newer-version`: the store was written by a newer widgethost;
    /// - `store.insecure`: another user could change the store's folder or a file in it, or such a
    ///   file is a symbolic link;
    /// - `store.busy`: other processes held the store's write lock for longer than the lock timeout;
    /// - `store.full`: the disk is full (or a quota or the file size limit is reached);
    /// - `store.io-error`: the operating system failed to read or write the file;
    /// - `store.invalid-task`: a task breaks a rule of the store (an empty title, say);
    /// - `store.no-location`: no container directory can be worked out from the environment;
    /// - `store.invalid-app-group`: the app group identifier cannot name a directory;
    /// - `store.failed`: any other SQLite failure.
    public var code: FailureCode
    /// What went wrong and where, in a sentence a person can act on.
    public var message: String
    /// The file or directory concerned, when there is one.
    public var path: String?

    /// Creates an error.
    public init(code: FailureCode, message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The message.
    public var description: String { message }

    // MARK: - Mapping SQLite's errors

    /// What to say about `error`, raised while opening (`opening == true`) or using the store at
    /// `path`; `waited` is how long the connection waited for a lock before giving up, if it did.
    static func store(at path: String, _ error: SQLiteError, opening: Bool, waited: Duration? = nil)
        -> AppGroupError
    {
        let action = opening ? "cannot open the store at '\(path)'" : "cannot use the store at '\(path)'"
        func make(_ code: FailureCode, _ reason: String) -> AppGroupError {
            AppGroupError(code: code, message: "\(action): \(reason)", path: path)
        }
        if error.primaryCode == SQLITE_IOERR || error.primaryCode == SQLITE_CANTOPEN,
            isNoRoom(error.systemErrorNumber)
        {
            // A full disk shows as an I/O error when it is the -shm file or the log that cannot
            // grow rather than a page that cannot be written: the same fault, said the same way.
            return make(.storeFull, fullReason(forSystemError: error.systemErrorNumber))
        }
        switch error.primaryCode {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return make(
                .storeCorrupt,
                "the file is damaged or is not an SQLite database (\(error.message)); move it aside to start a new store"
            )
        case SQLITE_CANTOPEN where error.code == SQLITE_CANTOPEN | (6 << 8):  // SQLITE_CANTOPEN_SYMLINK
            // A link appeared on the database's path after the store's folder was checked.
            return make(
                .storeInsecure,
                "the path leads through a symbolic link, and a store is never opened through one; "
                    + "nothing was read or changed")
        case SQLITE_CANTOPEN:
            return make(
                code(forSystemError: error.systemErrorNumber), reason(forSystemError: error.systemErrorNumber)
            )
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            return make(.storeUnwritable, "the file or its directory is read-only (\(error.message))")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return make(
                .storeBusy, busyReason(waited: waited, holder: StoreLockHolder.describe(databasePath: path)))
        case SQLITE_FULL:
            return make(.storeFull, fullReason(forSystemError: ENOSPC))
        case SQLITE_IOERR:
            let system = error.systemErrorNumber
            let detail = system == 0 ? error.message : String(cString: strerror(system))
            return make(.storeIoError, "the file could not be read or written (\(detail))")
        case SQLITE_CONSTRAINT:
            return make(.storeInvalidTask, "a task breaks a rule of the store (\(error.message))")
        default:
            return make(.storeFailed, "\(error.message) (SQLite result code \(error.code))")
        }
    }

    /// Why a statement failed with `SQLITE_BUSY`: how long it waited (when it did), that the store
    /// is busy, that nothing was changed, and how to wait longer.
    ///
    /// ```
    /// the store is busy: other processes kept it locked for the 30.0 s this one waited; nothing
    /// was changed. Try again, or wait longer with --lock-timeout or WIDGETHOST_LOCK_TIMEOUT (seconds)
    /// ```
    ///
    /// With `holder` (`process 4242 (python3)`, when the kernel's lock table names it), the
    /// message names it instead of "other processes".
    static func busyReason(waited: Duration?, holder: String? = nil) -> String {
        let who = holder ?? "other processes"
        let held =
            waited.map { "\(who) kept it locked for the \(seconds($0)) s this one waited" }
            ?? "\(holder ?? "another process") holds its lock"
        return "the store is busy: \(held); nothing was changed. Try again, or wait longer with "
            + "--lock-timeout or WIDGETHOST_LOCK_TIMEOUT (seconds)"
    }

    /// `duration` in seconds with one decimal (`30.0`, `0.1`), or two below a tenth (`0.05`).
    static func seconds(_ duration: Duration) -> String {
        let value = duration / .seconds(1)
        let hundredths = Int((value * 100).rounded())
        if hundredths < 10 { return "0.0\(hundredths)" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Whether `errno` `number` says there is no room to write: a full disk (`ENOSPC`), a quota
    /// reached (`EDQUOT`), or the process's file size limit (`EFBIG`, `ulimit -f`).
    static func isNoRoom(_ number: Int32) -> Bool {
        number == ENOSPC || number == EDQUOT || number == EFBIG
    }

    /// Why a write found no room, for `errno` `number` (one of ``isNoRoom(_:)``).
    static func fullReason(forSystemError number: Int32) -> String {
        let system = String(cString: strerror(number))
        if number == EFBIG {
            return "the store's files may not grow (\(system): the file size limit, ulimit -f, is reached); "
                + "nothing was changed. Raise the limit and try again"
        }
        return "the disk is full (\(system)); nothing was changed. Make room on it and try again"
    }

    /// `store.full`, for a write to the store at `path` that found no room (`errno` `number`).
    static func full(at path: String, errno number: Int32) -> AppGroupError {
        AppGroupError(
            code: .storeFull,
            message: "cannot use the store at '\(path)': \(fullReason(forSystemError: number))",
            path: path)
    }

    /// The code for a file that cannot be opened or created because of `errno` `number`.
    static func code(forSystemError number: Int32) -> FailureCode {
        switch number {
        case ENOENT: return .storeNotFound
        case EACCES, EPERM, EROFS, ENOTDIR, EISDIR: return .storeUnwritable
        default: return .storeFailed
        }
    }

    /// Why a file cannot be opened or created, for `errno` `number`.
    static func reason(forSystemError number: Int32) -> String {
        switch number {
        case ENOENT: return "there is no such file or directory"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOTDIR: return "a component of the path is not a directory"
        case EISDIR: return "it is a directory"
        case 0: return "the file cannot be opened"
        default: return String(cString: strerror(number))
        }
    }

    /// The error for a container directory that cannot be created because of `errno` `number`.
    static func directory(_ path: String, errno number: Int32) -> AppGroupError {
        let reason: String
        switch number {
        case ENOTDIR, EEXIST: reason = "a component of the path is a file, not a directory"
        default: reason = Self.reason(forSystemError: number)
        }
        return AppGroupError(
            code: number == ENOENT ? .storeNotFound : .storeUnwritable,
            message: "cannot create the store directory '\(path)': \(reason)",
            path: path
        )
    }
}
