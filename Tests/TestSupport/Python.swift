import Foundation

/// Python 3 as the tests start it: the interpreter itself, found once per run.
///
/// The suite starts Python plugins hundreds of times, most through `#!/usr/bin/env python3`. Where
/// `python3` on the PATH is a version manager's shim (pyenv's is a shell script that runs a dozen
/// more before the interpreter), each start costs tens of milliseconds of shell, several seconds
/// of the suite's time in all. The tests start the same interpreter without the shim: a folder of
/// their own holding a `python3` link to it goes first on the PATH of every child they start.
public enum Python {
    /// The interpreter `python3` on the PATH runs (its `sys.executable`), or `python3` itself when
    /// it cannot be asked, so a missing Python fails where it is used, with the usual message.
    public static let interpreter: String = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys; print(sys.executable)"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "python3" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, path.hasPrefix("/"),
            FileManager.default.isExecutableFile(atPath: path)
        else { return "python3" }
        return path
    }()

    /// A folder holding only `python3`, a link to ``interpreter``; `nil` when there is no
    /// interpreter to link to or the folder cannot be made.
    ///
    /// One folder per interpreter, under the temporary directory, made once and reused by later
    /// runs; the link is put in place with a rename, so runs at once never see it half made.
    static let folder: String? = {
        guard interpreter.hasPrefix("/") else { return nil }
        // Named after the interpreter's path, its slashes made dashes.
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "widgethost-tests-python" + interpreter.replacingOccurrences(of: "/", with: "-"))
        let link = (folder as NSString).appendingPathComponent("python3")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == interpreter { return folder }
        let manager = FileManager.default
        guard (try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
        else { return nil }
        let staged = link + ".\(getpid())"
        try? manager.removeItem(atPath: staged)
        guard (try? manager.createSymbolicLink(atPath: staged, withDestinationPath: interpreter)) != nil,
            rename(staged, link) == 0
        else { return nil }
        return folder
    }()

    /// `environment` with ``folder`` first on its `PATH`, so `python3` there is the interpreter.
    public static func environment(_ environment: [String: String]) -> [String: String] {
        guard let folder else { return environment }
        var environment = environment
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        environment["PATH"] = folder + ":" + path
        return environment
    }

    /// The shebang line that starts a script with ``interpreter``.
    public static var shebang: String {
        interpreter.hasPrefix("/") ? "#!\(interpreter)" : "#!/usr/bin/env python3"
    }
}
