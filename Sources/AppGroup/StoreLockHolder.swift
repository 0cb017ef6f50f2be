import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which process holds a store's write lock, as the kernel's table of file locks (`/proc/locks`)
/// says, so that a busy store's message can name it.
///
/// SQLite takes POSIX byte-range locks: in write-ahead logging the writer holds byte 120 of the
/// `-shm` file (its `WAL_WRITE_LOCK`), and in a rollback journal (a store being created) byte
/// `0x40000001` of the database (`RESERVED`) or `0x40000000` (`PENDING`). The table is read, never
/// asked with `fcntl(F_GETLK)`: that needs a descriptor on the file, and closing one would drop
/// every POSIX lock this process holds on it, its own connections' included.
enum StoreLockHolder {
    /// `process 4242 (python3)` for the process holding the write lock of the database at `path`,
    /// or `nil` when none is found (no `/proc`, a lock of this process, or one already released).
    static func describe(databasePath path: String) -> String? {
        // Read to its end: `String(contentsOfFile:)` stops at the first page (4 KiB) of a file of
        // /proc, whose size says 0, and a busy machine's table is longer.
        guard let file = FileHandle(forReadingAtPath: "/proc/locks") else { return nil }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let wanted: [(file: String, byte: UInt64)] = [
            (path + "-shm", 120), (path, 0x4000_0001), (path, 0x4000_0000),
        ]
        for (file, byte) in wanted {
            var status = stat()
            guard stat(file, &status) == 0 else { continue }
            if let pid = holder(in: table, inode: UInt64(status.st_ino), byte: byte) {
                return "process \(pid)" + (name(of: pid).map { " (\($0))" } ?? "")
            }
        }
        return nil
    }

    /// The pid of another process holding a write lock over `byte` of the file `inode`.
    ///
    /// A line of the table: `1: POSIX  ADVISORY  WRITE 4242 08:01:1234567 120 120` (waiters are
    /// marked `->` and skipped).
    static func holder(in table: String, inode: UInt64, byte: UInt64) -> Int32? {
        let own = getpid()
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 8, fields[1] == "POSIX", fields[3] == "WRITE",
                let pid = Int32(fields[4]), pid > 0, pid != own,
                let inodeText = fields[5].split(separator: ":").last, UInt64(inodeText) == inode,
                let start = UInt64(fields[6])
            else { continue }
            let end = fields[7] == "EOF" ? UInt64.max : UInt64(fields[7]) ?? 0
            if start <= byte && byte <= end { return pid }
        }
        return nil
    }

    /// The command name of `pid` (`/proc/PID/comm`), printable characters only.
    private static func name(of pid: Int32) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return nil }
        let name = String(
            text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
        return name.isEmpty ? nil : name
    }
}
