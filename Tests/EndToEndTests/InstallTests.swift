import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `scripts/install`, `scripts/package-deb` and the systemd user units, run on the built binary
/// (`--binary`: the tests do not make a release build of their own): every file lands in its
/// standard folder and works from there (the binary runs the sample, `man` finds the page, each
/// shell loads its completion from where it looks, `systemd-analyze verify` accepts the units),
/// and an uninstall or a purge leaves none of them behind.
@Suite(.serialized) struct InstallTests {
    static let repository = TemporaryDirectory.repositoryURL

    /// Runs a program (found on `PATH` when not absolute) and waits for it.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:],
        directory: URL? = nil, timeout: Duration = .seconds(120)
    ) throws -> WidgetHostProcess.Result {
        try WidgetHostProcess.run(
            [program] + arguments, environment: environment, directory: directory, timeout: timeout,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// The files an install under `prefix` puts there, relative to it (zsh's folder for `/usr` is
    /// Debian's `vendor-completions`).
    static func installedFiles(zshFolder: String = "share/zsh/site-functions") -> [String] {
        [
            "bin/widgethost", "lib/widgethost/libWidgetHostPluginClock.so", "share/man/man1/widgethost.1",
            "share/bash-completion/completions/widgethost", "\(zshFolder)/_widgethost",
            "share/fish/vendor_completions.d/widgethost.fish",
            "share/systemd/user/widgethost-watch.service", "share/systemd/user/widgethost-serve.service",
        ]
    }

    /// The sample configuration and its tasks in `scratch`, imported by `binary`.
    static func sample(in scratch: TemporaryDirectory, binary: String) throws -> [String: String] {
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "config/widgets.yaml")
        try scratch.copy(repositoryFile: "config/data/tasks.yaml", as: "tasks.yaml")
        let environment = scratch.widgethostEnvironment(["WIDGETHOST_STORE": scratch.path("store")])
        let imported = try run(
            binary, ["store", "import", "tasks.yaml"], environment: environment, directory: scratch.url)
        try #require(imported.status == 0, "\(imported.standardError)")
        return environment
    }

    /// `binary run` of the sample: every widget drawn, exit 0; and a plugin's widget under `--at`.
    static func expectRunsTheSample(_ binary: String, in scratch: TemporaryDirectory) throws {
        let environment = try sample(in: scratch, binary: binary)
        let ran = try run(
            binary, ["run", "--format", "json"], environment: environment, directory: scratch.url)
        #expect(ran.status == 0, "\(ran.standardError)")
        for id in ["work-tasks", "all-tasks", "focus", "quick-menu"] {
            #expect(
                ran.standardOutput.contains("\"id\":\"\(id)\""), "\(id) missing from \(ran.standardOutput)")
        }
        // A plugin's widget under --at needs the plugin clock library where the binary looks.
        try scratch.file("clock.yaml", "widgets:\n  - {id: clock, kind: PythonClock}\n")
        let clock = try run(
            binary,
            [
                "run", "clock.yaml", "--plugins",
                repository.appendingPathComponent("Plugins/Examples/python-clock").path,
                "--at", "2026-11-29T12:00:00Z", "--format", "json",
            ], environment: environment, directory: scratch.url)
        #expect(clock.status == 0, "\(clock.standardError)")
        #expect(!clock.standardOutput.contains("plugin.clock-unavailable"), "\(clock.standardOutput)")
    }

    /// `systemd-analyze verify` of user units: their syntax, their ExecStart executable, their
    /// `man:` documentation (found through `MANPATH` when given). A scratch runtime folder stands in
    /// for the user manager's, which a container has none of.
    static func verifyUnits(_ units: [String], manPath: String? = nil) throws -> WidgetHostProcess.Result {
        let runtime = try TemporaryDirectory()
        chmod(runtime.url.path, 0o700)
        var environment = ["XDG_RUNTIME_DIR": runtime.url.path]
        if let manPath { environment["MANPATH"] = manPath }
        return try run("systemd-analyze", ["verify", "--user"] + units, environment: environment)
    }

    // The package's test goes first: the tests of a serialized suite after the first wait behind
    // every test already queued, so the longest one would otherwise end the whole run.
    /// The package, built from the built binary, installed for real (as root: into the system with
    /// `dpkg -i`; otherwise into a root folder of its own with `dpkg --root`), used from where it
    /// installed, and purged.
    @Test func theDebianPackageInstallsRunsAndPurgesCleanly() throws {
        let scratch = try TemporaryDirectory()
        let package = scratch.path("widgethost.deb")
        let built = try Self.run(
            Self.repository.appendingPathComponent("scripts/package-deb").path,
            // Uncompressed: xz takes most of the test's time over a debug binary.
            ["--binary", WidgetHostProcess.executableURL.path, "--output", package, "--compression", "none"])
        try #require(built.status == 0, "\(built.standardError)")
        #expect(built.standardOutput == package + "\n")
        let depends = try Self.run("dpkg-deb", ["--field", package, "Depends"])
        // librsvg2-2 too, which the binary loads itself when it first draws a symbol in a PNG.
        for library in ["libyaml-0-2", "libsqlite3-0", "libmicrohttpd12", "librsvg2-2"] {
            #expect(depends.standardOutput.contains(library), "Depends: \(depends.standardOutput)")
        }
        // Not linked: the start of every command does not pay for librsvg and what it brings.
        let needed = try Self.run("readelf", ["-d", WidgetHostProcess.executableURL.path])
        #expect(needed.status == 0)
        #expect(needed.standardOutput.contains("(NEEDED)"))
        #expect(!needed.standardOutput.contains("librsvg"), "\(needed.standardOutput)")
        let contents = try Self.run("dpkg-deb", ["--contents", package])
        for file in [
            "./usr/bin/widgethost", "./usr/lib/widgethost/libWidgetHostPluginClock.so",
            "./usr/share/man/man1/widgethost.1.gz",
            "./usr/share/bash-completion/completions/widgethost",
            "./usr/share/zsh/vendor-completions/_widgethost",
            "./usr/share/fish/vendor_completions.d/widgethost.fish",
            "./usr/lib/systemd/user/widgethost-watch.service",
            "./usr/lib/systemd/user/widgethost-serve.service",
        ] {
            #expect(contents.standardOutput.contains(" \(file)\n"), "\(file) not in the package")
        }

        let asRoot = getuid() == 0
        let root = asRoot ? "" : scratch.path("root")
        var dpkg = ["--log=\(scratch.path("dpkg.log"))"]
        if !asRoot {
            // A dpkg database of its own, its dependencies checked against the real system's below.
            for folder in ["var/lib/dpkg/info", "var/lib/dpkg/updates"] {
                try FileManager.default.createDirectory(
                    atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
            }
            try scratch.file("root/var/lib/dpkg/status", "")
            dpkg += ["--root=\(root)", "--force-not-root", "--force-depends", "--force-script-chrootless"]
            for name in depends.standardOutput.split(separator: ",") {
                let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
                let status = try Self.run("dpkg-query", ["-W", "-f", "${Status}", name])
                #expect(status.standardOutput == "install ok installed", "\(name) is not installed")
            }
        } else {
            let before = try Self.run("dpkg-query", ["-W", "-f", "${Status}", "widgethost"])
            try #require(
                before.standardOutput != "install ok installed",
                "a widgethost package is installed already: this test would replace and purge it")
        }
        let installed = try Self.run("dpkg", dpkg + ["--install", package])
        try #require(installed.status == 0, "\(installed.standardError)")
        var purged = false
        defer { if !purged { _ = try? Self.run("dpkg", dpkg + ["--purge", "widgethost"]) } }

        let binary = "\(root)/usr/bin/widgethost"
        #expect(try Self.run(binary, ["--version"]).standardOutput == "0.1.0\n")
        try Self.expectRunsTheSample(binary, in: scratch)
        let home = scratch.path("home")
        if asRoot {
            // Found where the system looks: man's path, bash-completion's loader, zsh's and fish's
            // default completion folders, systemd's user unit folder.
            let man = try Self.run("man", ["-P", "cat", "widgethost"])
            #expect(man.status == 0 && man.standardOutput.contains("completions"), "\(man.standardError)")
            let bash = try Self.run(
                "bash",
                [
                    "--norc", "--noprofile", "-c",
                    "source /usr/share/bash-completion/bash_completion; _completion_loader widgethost; complete -p widgethost",
                ])
            #expect(bash.standardOutput == "complete -F _widgethost widgethost\n", "\(bash.standardError)")
            let zsh = try Self.run(
                "zsh", ["-f", "-c", "autoload -U compinit && compinit -u -D && print $_comps[widgethost]"])
            #expect(zsh.standardOutput == "_widgethost\n", "\(zsh.standardError)")
            let fish = try Self.run(
                "fish", ["-c", "complete -C'widgethost sto'"],
                environment: ["HOME": home, "XDG_CONFIG_HOME": home])
            #expect(fish.standardOutput.hasPrefix("store\t"), "\(fish.standardOutput) \(fish.standardError)")
            let verified = try Self.verifyUnits(["widgethost-watch.service", "widgethost-serve.service"])
            #expect(verified.status == 0, "\(verified.standardError)")
        } else {
            let man = try Self.run("man", ["-P", "cat", "-l", "\(root)/usr/share/man/man1/widgethost.1.gz"])
            #expect(man.status == 0 && man.standardOutput.contains("completions"), "\(man.standardError)")
            let units = ["watch", "serve"].map { "\(root)/usr/lib/systemd/user/widgethost-\($0).service" }
            let text = try String(contentsOfFile: units[0], encoding: .utf8)
            #expect(text.contains("\nExecStart=/usr/bin/widgethost watch"))
        }

        let removed = try Self.run("dpkg", dpkg + ["--purge", "widgethost"])
        purged = true
        #expect(removed.status == 0, "\(removed.standardError)")
        for file in [
            "/usr/bin/widgethost", "/usr/lib/widgethost/libWidgetHostPluginClock.so",
            "/usr/share/man/man1/widgethost.1.gz",
            "/usr/share/bash-completion/completions/widgethost",
            "/usr/share/zsh/vendor-completions/_widgethost",
            "/usr/share/fish/vendor_completions.d/widgethost.fish",
            "/usr/lib/systemd/user/widgethost-watch.service",
        ] {
            #expect(!FileManager.default.fileExists(atPath: root + file), "\(file) left after the purge")
        }
        let status = try Self.run(
            "dpkg-query", (asRoot ? [] : ["--admindir=\(root)/var/lib/dpkg"]) + ["-W", "widgethost"])
        #expect(status.status != 0, "dpkg still knows widgethost: \(status.standardOutput)")
    }

    @Test func installPutsEachFileInItsStandardFolderAndUninstallRemovesThem() throws {
        let scratch = try TemporaryDirectory()
        let prefix = scratch.path("prefix")
        let script = Self.repository.appendingPathComponent("scripts/install").path
        let built = WidgetHostProcess.executableURL.path
        let installed = try Self.run(script, ["--prefix", prefix, "--binary", built])
        try #require(installed.status == 0, "\(installed.standardError)")
        for file in Self.installedFiles() {
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file) not installed")
        }
        let binary = "\(prefix)/bin/widgethost"
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        try Self.expectRunsTheSample(binary, in: scratch)

        // man-db finds the page from the binary's folder on PATH, as for ~/.local.
        let man = try Self.run(
            "man", ["-P", "cat", "widgethost"],
            environment: ["PATH": "\(prefix)/bin:/usr/bin:/bin", "MANPATH": ""])
        #expect(man.status == 0, "\(man.standardError)")
        #expect(man.standardOutput.contains("widgethost"))
        #expect(man.standardOutput.contains("completions"))

        // Each completion script, loaded from where it was installed.
        let bash = try Self.run(
            "bash",
            [
                "--norc", "--noprofile", "-c",
                "source '\(prefix)/share/bash-completion/completions/widgethost' && complete -p widgethost",
            ])
        #expect(bash.standardOutput == "complete -F _widgethost widgethost\n", "\(bash.standardError)")
        let zsh = try Self.run(
            "zsh",
            [
                "-f", "-c",
                "fpath=('\(prefix)/share/zsh/site-functions' $fpath); autoload -U compinit && compinit -u -D && print $_comps[widgethost]",
            ])
        #expect(zsh.standardOutput == "_widgethost\n", "\(zsh.standardError)")

        // The units name the installed binary, and systemd accepts them (man page included).
        let watchUnit = try String(
            contentsOfFile: "\(prefix)/share/systemd/user/widgethost-watch.service", encoding: .utf8)
        #expect(watchUnit.contains("\nExecStart=\(binary) watch --format ndjson %E/widgethost\n"))
        #expect(watchUnit.contains("\nType=notify\n"))
        #expect(watchUnit.contains("\nRestart=on-failure\n"))
        #expect(!watchUnit.contains("@BINDIR@"))
        let verified = try Self.verifyUnits(
            ["watch", "serve"].map { "\(prefix)/share/systemd/user/widgethost-\($0).service" },
            manPath: "\(prefix)/share/man")
        #expect(verified.status == 0, "\(verified.standardError)")

        // Installing again replaces the files; uninstalling removes every one of them.
        #expect(try Self.run(script, ["--prefix", prefix, "--binary", built]).status == 0)
        let removed = try Self.run(script, ["--prefix", prefix, "--uninstall"])
        #expect(removed.status == 0, "\(removed.standardError)")
        for file in Self.installedFiles() {
            #expect(!FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file) left behind")
        }
    }

    @Test func installRefusesWhatItCannotDoAndInstallsNothing() throws {
        let scratch = try TemporaryDirectory()
        let script = Self.repository.appendingPathComponent("scripts/install").path
        let relative = try Self.run(
            script, ["--prefix", "relative", "--binary", WidgetHostProcess.executableURL.path])
        #expect(relative.status == 64)
        #expect(relative.standardError.contains("--prefix must be an absolute path, not 'relative'"))
        let missing = try Self.run(script, ["--prefix", scratch.path("p"), "--binary", scratch.path("none")])
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("no executable widgethost at '\(scratch.path("none"))'"))
        let unknown = try Self.run(script, ["--prefx", "/tmp"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("unknown argument '--prefx'"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("p")))
    }

    /// A unit with a mistake is refused by the same check, so a passing verify means something.
    @Test func systemdAnalyzeRefusesABrokenUnit() throws {
        let scratch = try TemporaryDirectory()
        let template = try String(
            contentsOf: Self.repository.appendingPathComponent(
                "packaging/systemd/widgethost-watch.service.in"),
            encoding: .utf8)
        let broken = template.replacingOccurrences(of: "@BINDIR@", with: scratch.path("nowhere"))
        try scratch.file("widgethost-watch.service", broken)
        let verified = try Self.verifyUnits([scratch.path("widgethost-watch.service")])
        #expect(verified.status != 0)
        #expect(verified.standardError.contains("is not executable"), "\(verified.standardError)")
    }
}
