import CFuzzer
public import Diagnostics

#if canImport(Glibc)
    import Glibc
#endif

/// The properties every fuzz target checks beyond "no crash". A property that fails prints what
/// and aborts, which libFuzzer reports as a crash and saves the input.
public enum Property {
    /// Aborts with `message` unless `condition` holds.
    public static func check(
        _ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line,
        file: StaticString = #fileID
    ) {
        guard !condition else { return }
        let text = Array("property failed at \(file):\(line): \(message())\n".utf8)
        _ = text.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
        abort()
    }

    /// Checks that `diagnostic` and its notes, when located, point inside `source`: a line of the
    /// source, and a column at most one past that line's last character. A diagnostic that quotes
    /// its line (`sourceLine`: the text as decoded, for an input in UTF-16 or UTF-32) is placed in
    /// the line it quotes. A diagnostic with no location must at least name the file.
    public static func checkLocated(_ diagnostic: Diagnostic, in source: SourceText) {
        check(!diagnostic.message.isEmpty, "a diagnostic without a message: \(diagnostic)")
        let locations =
            [(diagnostic.location, diagnostic.sourceLine)] + diagnostic.notes.map { ($0.location, nil) }
        for case (let location?, let quoted) in locations {
            check(
                location.line >= 1 && location.column >= 1,
                "location \(location) before the input: \(diagnostic)")
            guard let text = quoted ?? source.line(location.line) else {
                check(false, "line \(location.line) is past the end of the input: \(diagnostic)")
                return
            }
            check(
                location.column <= text.unicodeScalars.count + 1,
                "column \(location.column) is past the end of line \(location.line) "
                    + "(\(text.unicodeScalars.count) characters): \(diagnostic)"
            )
        }
    }

    /// The input as libFuzzer gives it, copied into an array.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Runs libFuzzer over `body`, with the process's command line (corpus directories, `-dict=`,
    /// `-max_total_time=`, or a file to replay); exits with libFuzzer's status.
    public static func fuzz(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv, body)
        exit(status)
    }
}
