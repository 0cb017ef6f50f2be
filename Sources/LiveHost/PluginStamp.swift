import Diagnostics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a plugin's manifest and executable are at one moment, so the live host restarts a plugin
/// for a change, not for every event: a file saved by rename is reported when it is renamed into
/// place and again when its writer closes it, unchanged.
///
/// The manifest is compared by its bytes (it is small; one that is no regular file, or over a
/// mebibyte, by its identity alone), the executable by its identity: device, inode, size, and
/// modification and change times.
struct PluginStamp: Sendable, Equatable {
    /// A file's device, inode, size and times, or nothing when it cannot be reached.
    private struct Identity: Sendable, Equatable {
        /// Device, inode, size, mode, then the modification and change times (seconds, nanoseconds).
        var values: [Int]

        init?(_ path: String) {
            var status = stat()
            guard FileSystemName.withCString(path, { stat($0, &status) }) == 0 else { return nil }
            values = [
                Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mode),
                status.st_mtim.tv_sec, status.st_mtim.tv_nsec, status.st_ctim.tv_sec, status.st_ctim.tv_nsec,
            ]
        }

        var isSmallRegularFile: Bool {
            values[3] & Int(S_IFMT) == Int(S_IFREG) && values[2] <= 1 << 20
        }
    }

    private let manifest: Identity?
    private let manifestBytes: Data?
    private var executable: Identity?
    /// The record of trusted plugins, for a plugin that runs only once trusted: trusting it (or
    /// no longer) restarts it, so a widget that waited for `plugins trust` comes back.
    private let trustRecord: Identity?

    /// The stamp of the manifest at `manifestPath`, the executable at `executable` and the record
    /// of trusted plugins at `trustRecord` (for a plugin that needs trust), now.
    init(manifestPath: String, executable: String?, trustRecord: String? = nil) {
        manifest = Identity(manifestPath)
        manifestBytes =
            manifest?.isSmallRegularFile == true ? FileManager.default.contents(atPath: manifestPath) : nil
        self.executable = executable.flatMap(Identity.init)
        self.trustRecord = trustRecord.flatMap(Identity.init)
    }

    /// This stamp with the executable at `executable` as it is now: a manifest read again may name
    /// another.
    func replacingExecutable(_ executable: String?) -> PluginStamp {
        var stamp = self
        stamp.executable = executable.flatMap(Identity.init)
        return stamp
    }

    static func == (a: PluginStamp, b: PluginStamp) -> Bool {
        guard a.executable == b.executable, a.trustRecord == b.trustRecord else { return false }
        // Bytes when both were read: a manifest written again alike is unchanged.
        if let first = a.manifestBytes, let second = b.manifestBytes { return first == second }
        return a.manifest == b.manifest
    }
}
