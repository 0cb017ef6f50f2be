import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of a process: how long it took, when its first line came, its peak resident memory.
struct Measured {
    /// Seconds from start to exit.
    var seconds: Double
    /// Seconds from start to the first newline on standard output, when asked for.
    var firstLine: Double?
    /// The child's peak resident memory, in KiB: its `VmHWM`, read from `/proc` each time it
    /// writes (the mark only rises, so the last reading is the peak up to its last write). Not
    /// `wait4`'s `ru_maxrss`: a child started by `posix_spawn` (a `vfork`) inherits its parent's
    /// high-water mark there, and the benchmark holds a 50,000-task store.
    var residentKilobytes: Int
    /// Its exit status (128 plus the signal that ended it).
    var status: Int32

    /// Runs `path` with `arguments`, standard output read through a pipe and thrown away (so
    /// writing it costs what writing to a reader costs), standard error to `/dev/null`.
    static func run(_ path: String, _ arguments: [String], firstLine: Bool = false) -> Measured {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return Measured(seconds: 0, residentKilobytes: 0, status: -1) }
        let start = Clock.now()
        let process = try? SpawnedProcess.spawn(path, arguments, pipe: descriptors)
        close(descriptors[1])
        defer { close(descriptors[0]) }
        guard let process else { return Measured(seconds: 0, residentKilobytes: 0, status: -1) }
        var first: Double?
        var peak = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        // Kept open and read again from its start for each chunk: reading it by path with
        // Foundation took a tenth of a core from the run measured, on a machine of two.
        let statusFile = open("/proc/\(process.pid)/status", O_RDONLY | O_CLOEXEC)
        defer { if statusFile >= 0 { close(statusFile) } }
        var statusBytes = [UInt8](repeating: 0, count: 1 << 13)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            peak = max(peak, Self.highWaterKilobytes(statusFile, into: &statusBytes))
            if firstLine, first == nil, buffer[0..<count].contains(UInt8(ascii: "\n")) {
                first = Double(Clock.now() - start) / 1e9
            }
        }
        let status = process.wait()
        let seconds = Double(Clock.now() - start) / 1e9
        return Measured(seconds: seconds, firstLine: first, residentKilobytes: peak, status: status)
    }

    /// `VmHWM` in KiB from the `/proc/PID/status` open as `descriptor` (0 once the process has
    /// exited), read into `buffer`.
    static func highWaterKilobytes(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        guard descriptor >= 0 else { return 0 }
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return 0 }
        let key = Array("VmHWM:".utf8)
        var index = 0
        while index + key.count <= count {
            if buffer[index] == key[0] && buffer[index..<index + key.count].elementsEqual(key) {
                var value = 0
                var position = index + key.count
                while position < count, buffer[position] == UInt8(ascii: " ") || buffer[position] == 9 {
                    position += 1
                }
                while position < count, buffer[position] >= 48, buffer[position] <= 57 {
                    value = value * 10 + Int(buffer[position] - 48)
                    position += 1
                }
                return value
            }
            // The next line.
            while index < count, buffer[index] != UInt8(ascii: "\n") { index += 1 }
            index += 1
        }
        return 0
    }
}
