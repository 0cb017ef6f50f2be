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
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            peak = max(peak, highWaterKilobytes(process.pid))
            if firstLine, first == nil, buffer[0..<count].contains(UInt8(ascii: "\n")) {
                first = Double(Clock.now() - start) / 1e9
            }
        }
        let status = process.wait()
        let seconds = Double(Clock.now() - start) / 1e9
        return Measured(seconds: seconds, firstLine: first, residentKilobytes: peak, status: status)
    }

    /// `VmHWM` of `pid` in KiB (0 once it has exited).
    static func highWaterKilobytes(_ pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
