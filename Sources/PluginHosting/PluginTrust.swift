import AppGroup
import CCrypto
public import Diagnostics
import Foundation

/// The plugin folders the user trusted to run, as `direnv allow` and git's `safe.directory`
/// record them: a plugin that comes with a folder someone else may have prepared (the `Plugins/`
/// folder beside a configuration, a configuration's `plugins:` list) starts only once its folder
/// is recorded here with the fingerprint of its manifest and executable as they are now. A
/// changed manifest or executable needs trusting again; a folder named with `--plugins` or in the
/// user's own data home needs no record.
///
/// The record is one file, `$XDG_DATA_HOME/widgethost/trusted-plugins` (or
/// `~/.local/share/...`), a line a folder: `sha256:HEX`, a tab, the folder's canonical path. A
/// record another user could have written is not believed, as ssh refuses a writable
/// `authorized_keys`.
public struct PluginTrust: Sendable {
    /// The record's file name in `widgethost/` of the data home.
    public static let fileName = "trusted-plugins"

    /// The record's path; `nil` when there is no data home (`XDG_DATA_HOME` and `HOME` unset or
    /// relative), and then nothing is trusted.
    public let path: String?

    /// The record of the user whose environment is `environment`.
    public init(environment: [String: String]) {
        path = AppGroupContainer.dataHome(environment: environment).map {
            ($0.path as NSString).appendingPathComponent("widgethost/\(Self.fileName)")
        }
    }

    /// One trusted folder.
    public struct Record: Sendable, Hashable {
        /// `sha256:HEX` of the manifest and the executable when they were trusted.
        public var fingerprint: String
        /// The plugin folder's canonical path.
        public var folder: String
    }

    /// Whether the plugin `manifest` describes may run: its folder is recorded with the
    /// fingerprint its manifest and executable have now.
    public enum Verdict: Sendable, Equatable {
        /// Recorded as it is now.
        case trusted
        /// Never recorded.
        case unknown
        /// Recorded, but its manifest or executable changed since.
        case changed
        /// The record or the plugin's files could not be read; why.
        case unreadable(String)
    }

    /// Whether the plugin of `manifest` is trusted as it is now.
    public func verdict(for manifest: PluginManifest) -> Verdict {
        let records: [Record]
        switch self.records() {
        case .success(let read): records = read
        case .failure(let diagnostic): return .unreadable(diagnostic.message)
        }
        let folder = PluginDiscovery.canonical(manifest.folder)
        guard let record = records.last(where: { $0.folder == folder }) else { return .unknown }
        switch Self.fingerprint(of: manifest) {
        case .success(let fingerprint): return fingerprint == record.fingerprint ? .trusted : .changed
        case .failure(let diagnostic): return .unreadable(diagnostic.message)
        }
    }

    /// The folders recorded, or why the record cannot be believed. A record that does not exist
    /// holds none.
    public func records() -> Result<[Record], Diagnostic> {
        guard let path else { return .success([]) }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT ? .success([]) : .failure(failure(String(cString: strerror(errno))))
        }
        if let unsafe = Self.unsafety(of: info) { return .failure(failure(unsafe)) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(failure("it cannot be read"))
        }
        var records: [Record] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { continue }
            records.append(
                Record(fingerprint: String(line[..<tab]), folder: String(line[line.index(after: tab)...])))
        }
        return .success(records)
    }

    /// Records the plugin of `manifest` as trusted as it is now.
    /// - Returns: Its fingerprint.
    /// - Throws: A `plugin.trust-failed` diagnostic when its files or the record cannot be read or
    ///   written.
    public func trust(_ manifest: PluginManifest) throws(Diagnostic) -> String {
        let folder = PluginDiscovery.canonical(manifest.folder)
        guard !folder.contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r" }) else {
            throw Diagnostic(
                file: manifest.folder, code: .pluginTrustFailed,
                message:
                    "a folder whose name holds a tab or a line break cannot be recorded as trusted; "
                    + "name it with --plugins instead")
        }
        let fingerprint: String
        switch Self.fingerprint(of: manifest) {
        case .success(let made): fingerprint = made
        case .failure(let diagnostic): throw diagnostic
        }
        try rewrite { records in
            records.removeAll { $0.folder == folder }
            records.append(Record(fingerprint: fingerprint, folder: folder))
        }
        return fingerprint
    }

    /// Removes `folder` from the record.
    /// - Returns: Whether it was recorded.
    @discardableResult
    public func untrust(folder: String) throws(Diagnostic) -> Bool {
        let canonical = PluginDiscovery.canonical(folder)
        var removed = false
        try rewrite { records in
            let before = records.count
            records.removeAll { $0.folder == canonical }
            removed = records.count != before
        }
        return removed
    }

    /// Writes the record again with `change` made, through a new file renamed over the old one
    /// (readable by all, writable by the user only), so no reader sees half a record.
    private func rewrite(_ change: (inout [Record]) -> Void) throws(Diagnostic) {
        guard let path else {
            throw Diagnostic(
                file: nil, code: .pluginTrustFailed,
                message:
                    "there is no place to record trusted plugins: XDG_DATA_HOME and HOME are unset or relative"
            )
        }
        var records: [Record]
        switch self.records() {
        case .success(let read): records = read
        case .failure(let diagnostic): throw diagnostic
        }
        change(&records)
        let folder = path.parentPath
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure("its folder cannot be made: \(error.localizedDescription)")
        }
        var text =
            "# Plugin folders widgethost may run (widgethost plugins trust): fingerprint, tab, folder.\n"
        for record in records { text += "\(record.fingerprint)\t\(record.folder)\n" }
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure(reason)
        }
    }

    /// Why a record with `info` cannot be believed, or `nil`: a link, not a regular file, another
    /// user's, or writable by others.
    static func unsafety(of info: stat) -> String? {
        if info.st_mode & S_IFMT == S_IFLNK { return "it is a symbolic link" }
        if info.st_mode & S_IFMT != S_IFREG { return "it is not a regular file" }
        if info.st_uid != getuid() && info.st_uid != 0 { return "it belongs to another user" }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            return "other users can write it (chmod go-w it, then check what it records)"
        }
        return nil
    }

    private func failure(_ reason: String) -> Diagnostic {
        Diagnostic(
            file: path, code: .pluginTrustFailed,
            message: "the record of trusted plugins cannot be used: \(reason)")
    }

    /// `sha256:HEX` of the plugin's manifest and executable, each as its length and its bytes,
    /// so that no change to either goes unseen.
    public static func fingerprint(of manifest: PluginManifest) -> Result<String, Diagnostic> {
        guard let context = EVP_MD_CTX_new() else {
            return .failure(
                Diagnostic(file: manifest.path, code: .pluginTrustFailed, message: "SHA-256 is unavailable"))
        }
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        let tag = Array("widgethost plugin trust 1\n".utf8)
        EVP_DigestUpdate(context, tag, tag.count)
        for file in [manifest.path, manifest.executable] {
            guard let data = FileManager.default.contents(atPath: file) else {
                return .failure(
                    Diagnostic(
                        file: file, code: .pluginTrustFailed,
                        message: "cannot be read, so the plugin cannot be fingerprinted"))
            }
            var length = UInt64(data.count).bigEndian
            withUnsafeBytes(of: &length) { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
            data.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var size: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &size)
        let hex = digest.prefix(Int(size)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }
        return .success("sha256:" + hex.joined())
    }
}
