import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colour in diagnostics: only on a terminal, and never with `NO_COLOR` or `TERM=dumb`.
@Suite struct DiagnosticColorTests {
    static let escape: UInt8 = 0x1B

    /// A file that gives a diagnostic with a source line, a caret and a note: every coloured part.
    static func writeDuplicate(in scratch: TemporaryDirectory) throws {
        try scratch.file("duplicate.yaml", "a: 1\na: 2\n")
    }

    @Test(arguments: [[:], ["NO_COLOR": "1"], ["NO_COLOR": ""]])
    func noColorWhenStandardErrorIsNotATerminal(environment: [String: String]) throws {
        let scratch = try TemporaryDirectory()
        try Self.writeDuplicate(in: scratch)
        let run = try WidgetHostProcess.run(
            ["yaml", "duplicate.yaml"],
            environment: environment,
            directory: scratch.url
        )
        #expect(run.status == 65)
        #expect(!run.standardErrorBytes.isEmpty)
        #expect(!run.standardErrorBytes.contains(Self.escape))
    }

    @Test(arguments: [
        ([String: String](), true), (["TERM": "xterm-256color"], true), (["NO_COLOR": "1"], false),
        (["TERM": "dumb"], false),
    ])
    func colorOnATerminalUnlessNoColor(environment: [String: String], expectsColor: Bool) throws {
        let scratch = try TemporaryDirectory()
        try Self.writeDuplicate(in: scratch)
        let terminal = try PseudoTerminal()
        let run = try WidgetHostProcess.run(
            ["yaml", "duplicate.yaml"],
            environment: environment,
            directory: scratch.url,
            standardError: terminal.secondary
        )
        let written = terminal.drain()
        #expect(run.status == 65)
        #expect(String(decoding: written, as: UTF8.self).contains("duplicate key 'a'"))
        #expect(written.contains(Self.escape) == expectsColor)
    }
}

/// A pseudo-terminal pair: the child writes to the secondary side, which is a terminal
/// (`isatty(2) == 1`), and the test reads what it wrote from the primary side.
final class PseudoTerminal {
    /// The terminal side, handed to the child as its standard error.
    let secondary: FileHandle
    private let primary: Int32

    /// Opens a new pair.
    init() throws {
        let functions = try PseudoTerminalFunctions()
        primary = functions.open(O_RDWR | O_NOCTTY)
        guard primary >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard functions.grant(primary) == 0, functions.unlock(primary) == 0,
            let name = functions.name(primary)
        else {
            close(primary)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        let descriptor = open(name, O_RDWR | O_NOCTTY)
        guard descriptor >= 0 else {
            close(primary)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        secondary = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    deinit {
        close(primary)
    }

    /// Everything written to the terminal so far; call after the child exited.
    ///
    /// Closes the secondary side, so reading ends (with `EIO`) once the buffered output is read.
    func drain() -> [UInt8] {
        try? secondary.close()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}

/// The C library's pseudo-terminal functions.
///
/// Swift's Glibc module is built without `_XOPEN_SOURCE`, which hides `posix_openpt` and friends, so
/// they are looked up at run time; they are in every glibc.
private struct PseudoTerminalFunctions {
    let open: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    init() throws {
        let program = dlopen(nil, RTLD_NOW)
        func lookUp<Function>(_ symbol: String, as type: Function.Type) throws -> Function {
            guard let address = dlsym(program, symbol) else {
                throw POSIXError(.ENOSYS, userInfo: [NSLocalizedDescriptionKey: "no \(symbol)"])
            }
            return unsafeBitCast(address, to: type)
        }
        open = try lookUp("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        grant = try lookUp("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        unlock = try lookUp("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        name = try lookUp("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    }
}
