import Foundation
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

#if canImport(Glibc)
    import Glibc
#endif

/// The compiler's plugin protocol on standard input and output: each message a little-endian
/// 64-bit length, then that many bytes of JSON (what swift-syntax's `SwiftCompilerPlugin` speaks;
/// the toolchain ships its message handling but not that module, so the few lines are here).
final class StandardIOConnection: MessageConnection {
    /// A message the compiler sent that is not whole or not JSON.
    struct BrokenMessage: Error, CustomStringConvertible {
        let reason: String

        var description: String { "a message from the compiler \(reason)" }
    }

    func sendMessage<TX: Encodable>(_ message: TX) throws {
        let payload = Array(try JSONEncoder().encode(message))
        var length = UInt64(payload.count).littleEndian
        var bytes = withUnsafeBytes(of: &length) { Array($0) }
        bytes += payload
        try write(bytes)
    }

    func waitForNextMessage<RX: Decodable>(_ type: RX.Type) throws -> RX? {
        guard let header = try read(8) else { return nil }
        let length = header.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.littleEndian
        // A zero length is the compiler saying it is done.
        guard length > 0 else { return nil }
        guard length < 1 << 32, let payload = try read(Int(length)) else {
            throw BrokenMessage(reason: "ended before its \(length) bytes")
        }
        return try JSONDecoder().decode(RX.self, from: Data(payload))
    }

    /// Exactly `count` bytes of standard input; `nil` at its end before the first.
    private func read(_ count: Int) throws -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress! + filled, count - filled) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                if filled == 0 { return nil }
                throw BrokenMessage(reason: "ended after \(filled) of \(count) bytes")
            }
            filled += got
        }
        return bytes
    }

    /// All of `bytes` to standard output.
    private func write(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let put = bytes.withUnsafeBytes {
                Glibc.write(1, $0.baseAddress! + written, bytes.count - written)
            }
            if put < 0, errno == EINTR { continue }
            guard put > 0 else {
                throw BrokenMessage(reason: "could not be answered: standard output is closed")
            }
            written += put
        }
    }
}

/// The plugin's entry: answers the compiler's messages until it is done.
@main
enum WidgetHostMacrosPlugin {
    static func main() throws {
        try CompilerPluginMessageListener(connection: StandardIOConnection(), provider: MacroProvider())
            .main()
    }
}
