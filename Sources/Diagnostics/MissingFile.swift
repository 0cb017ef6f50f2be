#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a path that cannot be opened is missing, in words a person can act on: a dangling symbolic
/// link names its target, a loop of links says so, anything else is "no such file or directory".
public enum MissingFile {
    /// The reason `path` cannot be found.
    public static func reason(_ path: String) -> String {
        var info = stat()
        guard FileSystemName.withCString(path, { lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFLNK
        else {
            return "no such file or directory"
        }
        if FileSystemName.withCString(path, { stat($0, &info) }) != 0 && errno == ELOOP {
            return "is a symbolic link that leads back to itself (a loop of links)"
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = FileSystemName.withCString(path) { readlink($0, &buffer, buffer.count - 1) }
        guard count >= 0 else { return "is a symbolic link whose target does not exist" }
        let target = FileSystemName.string(fromBytes: buffer.prefix(count).map { UInt8(bitPattern: $0) })
        return "is a symbolic link to '\(target)', which does not exist"
    }
}
