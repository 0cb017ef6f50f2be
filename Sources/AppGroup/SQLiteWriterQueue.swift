#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A queue of the processes waiting to write one database: a robust, process-shared mutex kept in
/// a small file beside it (`<database>-writers`). A writer takes it, polls for SQLite's write lock
/// alone, and releases it as soon as it has that lock (in the same call, on the same thread, as a
/// robust mutex requires), so the next writer in the queue polls while this one writes.
///
/// SQLite's lock cannot be waited for, only polled: a waiter sleeps and tries again. A thousand
/// processes polling every few milliseconds spend a fifth of a 2-core machine on wake-ups that find
/// the lock still taken. Waiting on this mutex instead costs nothing: the kernel puts the waiter to
/// sleep and wakes one waiter when the holder releases it; only the one at the head polls. Writers
/// that do not queue (another program, an older widgethost) are still waited for by polling.
///
/// The mutex is robust: a holder that dies (killed mid-write) releases it, and the next one to
/// take it goes on (SQLite rolls the dead writer's transaction back on its own). The file is made
/// whole under a temporary name and linked into place, so no process ever sees one half written.
///
/// Not `Sendable`: used by the connection that owns it, one user at a time.
final class SQLiteWriterQueue {
    /// What the file starts with; a file without it is not used.
    private static let magic: UInt64 = 0x5751_4843_4b31_0001  // "WHQCK1" and a version
    /// Where the mutex lies in the file: past the magic, aligned for any platform.
    private static let mutexOffset = 64
    /// The file's size.
    private static let fileSize = 256

    private let mapping: UnsafeMutableRawPointer
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Whether this connection holds the mutex.
    private(set) var isHeld = false

    /// The queue of the database `databaseName` in `directory`, creating its file when there is
    /// none. The file is opened and made in the folder, never through a symbolic link.
    ///
    /// - Returns: `nil` when the file cannot be made or mapped (a read-only directory, a file
    ///   system without shared mappings) or is not a queue file: writers then only poll.
    init?(directory: StoreDirectory, databaseName: String) {
        guard MemoryLayout<pthread_mutex_t>.size + Self.mutexOffset <= Self.fileSize else { return nil }
        let name = databaseName + "-writers"
        var descriptor = directory.openFile(name, flags: O_RDWR)
        if descriptor < 0 && errno == ENOENT {
            Self.create(name, in: directory)
            descriptor = directory.openFile(name, flags: O_RDWR)
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size == Self.fileSize,
            let mapped = mmap(nil, Self.fileSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            mapped != MAP_FAILED
        else { return nil }
        guard mapped.load(as: UInt64.self) == Self.magic else {
            munmap(mapped, Self.fileSize)
            return nil
        }
        mapping = mapped
        mutex = (mapped + Self.mutexOffset).bindMemory(to: pthread_mutex_t.self, capacity: 1)
    }

    deinit {
        if isHeld { pthread_mutex_unlock(mutex) }
        munmap(mapping, Self.fileSize)
    }

    /// Writes an initialized queue file under a temporary name and links it to `name` in
    /// `directory`, unless another process did first.
    private static func create(_ name: String, in directory: StoreDirectory) {
        guard let (descriptor, temporary) = directory.createTemporaryFile(for: name) else { return }
        defer {
            close(descriptor)
            directory.remove(temporary)
        }
        guard ftruncate(descriptor, off_t(fileSize)) == 0,
            let mapped = mmap(nil, fileSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            mapped != MAP_FAILED
        else { return }
        defer { munmap(mapped, fileSize) }
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        defer { pthread_mutexattr_destroy(&attributes) }
        pthread_mutexattr_setpshared(&attributes, Int32(PTHREAD_PROCESS_SHARED))
        pthread_mutexattr_setrobust(&attributes, Int32(PTHREAD_MUTEX_ROBUST))
        let mutex = (mapped + mutexOffset).bindMemory(to: pthread_mutex_t.self, capacity: 1)
        guard pthread_mutex_init(mutex, &attributes) == 0 else { return }
        mapped.storeBytes(of: magic, as: UInt64.self)
        // link, not rename: a queue file already in place may be in use, and is kept.
        _ = directory.link(temporary, as: name)
    }

    /// Takes the mutex, waiting at most `timeout` (`.zero`: only if it is free now).
    ///
    /// - Returns: Whether this connection holds it now. `true` also when the mutex cannot be used
    ///   any more (its state was lost): the caller then relies on SQLite's lock alone.
    func lock(timeout: Duration) -> Bool {
        guard !isHeld else { return true }
        var result: Int32
        if timeout <= .zero {
            result = pthread_mutex_trylock(mutex)
        } else {
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            let components = timeout.components
            let nanoseconds = Int(deadline.tv_nsec) + Int(components.attoseconds / 1_000_000_000)
            deadline.tv_sec += Int(components.seconds) + nanoseconds / 1_000_000_000
            deadline.tv_nsec = nanoseconds % 1_000_000_000
            repeat {
                result = pthread_mutex_timedlock(mutex, &deadline)
            } while result == EINTR
        }
        switch result {
        case 0:
            isHeld = true
            return true
        case EOWNERDEAD:
            // The holder died; what it wrote was never committed, and SQLite undoes it.
            pthread_mutex_consistent(mutex)
            isHeld = true
            return true
        case ETIMEDOUT, EBUSY:
            return false
        default:
            return true
        }
    }

    /// Releases the mutex, if this connection holds it.
    func unlock() {
        guard isHeld else { return }
        isHeld = false
        pthread_mutex_unlock(mutex)
    }
}
