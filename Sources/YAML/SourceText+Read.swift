public import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SourceText {
    /// Reads the file at `path`, or standard input for `-` (named `<stdin>`).
    ///
    /// - Parameters:
    ///   - path: the file, or `-`.
    ///   - limit: the largest size accepted, in bytes; a larger input is refused without being
    ///     read to the end.
    /// - Throws: a ``Diagnostic`` naming the file: missing, unreadable, a directory, too large.
    public static func read(path: String, limit: Int = 64 << 20) throws(Diagnostic) -> SourceText {
        let name = path == "-" ? "<stdin>" : path
        let descriptor = path == "-" ? 0 : FileSystemName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw fileError(name, errno: errno)
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw Diagnostic(file: name, code: .fileIsDirectory, message: "is a directory, not a file")
            }
            if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > limit {
                throw tooLarge(name, size: Int(info.st_size), limit: limit)
            }
        }
        var bytes: [UInt8] = []
        if (info.st_mode & S_IFMT) == S_IFREG {
            // One allocation for a regular file, instead of doubling through the chunks.
            bytes.reserveCapacity(Int(info.st_size) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw fileError(name, errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw tooLarge(name, size: nil, limit: limit)
            }
        }
        return SourceText(name: name, bytes: bytes)
    }

    private static func fileError(_ name: String, errno code: Int32) -> Diagnostic {
        let reason = String(cString: strerror(code))
        let what: String
        switch code {
        case ENOENT:
            let missing = MissingFile.reason(name)
            what = missing == "no such file or directory" ? "no such file" : missing
        case ELOOP: what = MissingFile.reason(name)
        case EACCES: what = "permission denied"
        default: what = "cannot read: \(reason)"
        }
        return Diagnostic(file: name, code: .fileUnreadable, message: what)
    }

    private static func tooLarge(_ name: String, size: Int?, limit: Int) -> Diagnostic {
        let size = size.map { "is \($0) bytes, " } ?? "is "
        return Diagnostic(
            file: name,
            code: .yamlInputTooLarge,
            message: "input \(size)over the limit of \(limit) bytes"
        )
    }
}
