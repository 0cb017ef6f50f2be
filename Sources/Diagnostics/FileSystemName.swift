#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File names as Linux keeps them: bytes, UTF-8 nearly always but not necessarily (`caf\xE9.yaml`
/// written by a Latin-1 tool is a valid name). widgethost carries names as `String`s, so a byte that
/// is not part of valid UTF-8 is held as one private-use scalar, U+10FF00 plus the byte, and turned
/// back into that byte when the name is opened: every name round-trips exactly, and
/// `TerminalText.visible` shows such a byte as `\xE9`.
///
/// A name that really holds one of those private-use scalars (U+10FF80-U+10FFFF) is held byte by
/// byte too, so it also round-trips (and shows as the bytes it is).
public enum FileSystemName {
    /// The scalar a raw byte is held as is this plus the byte (0x80-0xFF).
    static let rawByteBase: UInt32 = 0x10FF00

    /// The name `bytes` spell, raw bytes held as described above.
    public static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        if let text = String(validating: array, as: UTF8.self),
            !text.unicodeScalars.contains(where: isRawByte)
        {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = array.makeIterator()
        var position = 0
        func appendRaw(_ count: Int) {
            for byte in array[position..<position + count] {
                scalars.append(Unicode.Scalar(rawByteBase + UInt32(byte))!)
            }
            position += count
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if isRawByte(scalar) {
                    appendRaw(encoded.count)
                } else {
                    scalars.append(scalar)
                    position += encoded.count
                }
            case .error(let length):
                appendRaw(length)
            case .emptyInput:
                return String(scalars)
            }
        }
    }

    /// The bytes `name` stands for on the file system.
    public static func bytes(of name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if isRawByte(scalar) {
                bytes.append(UInt8(scalar.value - rawByteBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with `name` as the C string the kernel knows the file by.
    public static func withCString<Result>(
        _ name: String, _ body: (UnsafePointer<CChar>) throws -> Result
    ) rethrows -> Result {
        guard name.unicodeScalars.contains(where: isRawByte) else { return try name.withCString(body) }
        let bytes = Self.bytes(of: name).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The command line after the program name, each argument exactly as given (Swift's
    /// `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD).
    public static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
            return string(
                fromBytes: UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map {
                    UInt8(bitPattern: $0)
                })
        }
    }

    /// The names in `directory` (without `.` and `..`), or `nil` when it cannot be listed.
    public static func entries(of directory: String) -> [String]? {
        guard let stream = withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                string(fromBytes: raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What `path` is: a directory, something else, or nothing (following symbolic links).
    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard withCString(path, { stat($0, &info) }) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }

    /// What a path names.
    public enum Kind: Sendable {
        /// A directory.
        case directory
        /// A file of another type (regular, FIFO, device...).
        case other
        /// Nothing that can be reached.
        case missing
    }

    /// `name` with each raw byte written `\xE9`, for JSON output, which can hold only Unicode text.
    public static func escapingRawBytes(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: isRawByte) else { return name }
        var output = ""
        for scalar in name.unicodeScalars {
            if isRawByte(scalar) {
                let byte = String(scalar.value - rawByteBase, radix: 16, uppercase: true)
                output += "\\x" + byte
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    static func isRawByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= rawByteBase + 0x80 && scalar.value <= rawByteBase + 0xFF
    }
}
