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
    ///   - regularOnly: refuse anything but a regular file (a FIFO, a device, a socket) without
    ///     opening it for reading: opening a FIFO waits for a writer, so a configuration or manifest
    ///     that is one would hang the command.
    ///   - inMemoryUpTo: a regular file larger than this (in UTF-8) is not read here but left in
    ///     its file (``SourceFile``), to be parsed from it.
    public static func read(
        path: String, limit: Int = 64 << 20, regularOnly: Bool = false, inMemoryUpTo: Int = .max
    ) throws(Diagnostic) -> SourceText {
        let name = path == "-" ? "<stdin>" : path
        if regularOnly, path != "-" {
            var info = stat()
            if FileSystemName.withCString(path, { stat($0, &info) }) == 0 {
                try checkRegular(info, name: name)
            }
        }
        // O_NONBLOCK: should the path become a FIFO after the check, opening it does not wait for
        // a writer, and fstat below refuses it.
        let flags = O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0)
        let descriptor = path == "-" ? 0 : FileSystemName.withCString(path) { open($0, flags) }
        guard descriptor >= 0 else {
            throw fileError(name, errno: errno)
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw Diagnostic(file: name, code: .fileIsDirectory, message: "is a directory, not a file")
            }
            if regularOnly, path != "-" {
                try checkRegular(info, name: name)
                // A regular file never blocks; reads behave as without the flag.
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            }
            if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > limit {
                throw tooLarge(name, size: Int(info.st_size), limit: limit)
            }
        }
        if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > inMemoryUpTo && path != "-" {
            if let source = SourceText(leftIn: path, named: name, descriptor: descriptor) { return source }
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

    /// Throws `file.not-regular` unless `info` is a regular file's (a directory is left to the
    /// caller's own message).
    private static func checkRegular(_ info: stat, name: String) throws(Diagnostic) {
        let type = info.st_mode & S_IFMT
        guard type != S_IFREG, type != S_IFDIR else { return }
        let what: String
        switch type {
        case S_IFIFO: what = "a FIFO (named pipe)"
        case S_IFSOCK: what = "a socket"
        case S_IFCHR: what = "a character device"
        case S_IFBLK: what = "a block device"
        default: what = "not a regular file"
        }
        throw Diagnostic(
            file: name, code: .fileNotRegular,
            message: "is \(what), not a regular file; it was not read (reading it could wait forever)")
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
