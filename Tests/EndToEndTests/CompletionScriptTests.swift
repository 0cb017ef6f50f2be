import Foundation
import TestSupport
import Testing

/// The generated completion scripts, run in real shells: the bash function driven through
/// `COMP_WORDS`/`COMP_CWORD`, the same script in zsh through bashcompinit, and fish's
/// `complete -C`. Each runs in the repository, so `./config` is the sample configuration.
@Suite struct CompletionScriptTests {
    static let binary = WidgetHostProcess.executableURL.path

    /// A word for a POSIX shell, single-quoted.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Why `completions` did not write a script.
    struct CompletionsError: Error, CustomStringConvertible {
        var description: String
    }

    /// The script `completions shell` writes, for bash, zsh and fish: written once a run by the
    /// built binary, as every case of a shell completes with the same script.
    static let scripts: [String: Result<String, any Error>] = Dictionary(
        uniqueKeysWithValues: ["bash", "zsh", "fish"].map { shell in
            let script = Result<String, any Error> {
                let run = try WidgetHostProcess.run(["completions", shell])
                guard run.status == 0, run.standardError.isEmpty else {
                    throw CompletionsError(
                        description: "completions \(shell): exit \(run.status), \(run.standardError)")
                }
                return run.standardOutput
            }
            return (shell, script)
        })

    /// The script `completions shell` writes, saved in `scratch`.
    static func script(_ shell: String, in scratch: TemporaryDirectory) throws -> URL {
        let script = try #require(scripts[shell]).get()
        return try scratch.file("completion.\(shell)", script)
    }

    /// COMPREPLY after completing the last of `words` (after the program name) with the bash
    /// function, in `shell` (bash, or zsh running the same script).
    static func reply(_ words: [String], shell: String = "/bin/bash") throws -> [String] {
        let scratch = try TemporaryDirectory()
        let script = try Self.script(shell.hasSuffix("zsh") ? "zsh" : "bash", in: scratch)
        let all = ([binary] + words).map(quoted).joined(separator: " ")
        let call = shell.hasSuffix("zsh") ? "emulate sh -c _widgethost" : "_widgethost"
        let prelude = shell.hasSuffix("zsh") ? "autoload -U +X compinit && compinit -u -D\n" : ""
        let driver = """
            \(prelude)source \(quoted(script.path))
            COMP_WORDS=(\(all))
            COMP_CWORD=\(words.count)
            COMPREPLY=()
            \(call)
            for reply in "${COMPREPLY[@]}"; do printf '%s\\n' "$reply"; done
            """
        let arguments =
            shell.hasSuffix("zsh") ? ["-f", "-c", driver] : ["--norc", "--noprofile", "-c", driver]
        let run = try WidgetHostProcess.run(
            arguments, directory: TemporaryDirectory.repositoryURL, executable: URL(fileURLWithPath: shell))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        return run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
    }

    static let subcommands = [
        "run", "validate", "config", "describe", "schema", "perform", "tap", "open", "yaml", "store",
        "plugins", "watch", "serve", "reload", "snapshot", "simulate", "completions", "man", "help",
    ]
    static let intents = [
        "ToggleTaskIntent", "SetTaskCompletionIntent", "CompleteTaskIntent", "AddTaskIntent",
        "ToggleFocusModeIntent",
    ]

    /// Word lists and what bash completes for their last word.
    static let cases: [([String], [String])] = [
        ([""], subcommands),
        (["st"], ["store"]),
        (["store", ""], ["init", "import", "export", "delete", "move", "defaults"]),
        (["plugins", "n"], ["new"]),
        (["run", "--f"], ["--family", "--format"]),
        (
            ["store", "export", "--"],
            ["--format", "--store", "--app-group", "--lock-timeout", "--version", "--help"]
        ),
        (["run", "--format", ""], ["text", "json", "ndjson", "html", "layout", "png"]),
        (["run", "--format", "=", "nd"], ["ndjson"]),
        (["run", "--format", "="], ["text", "json", "ndjson", "html", "layout", "png"]),
        (["completions", ""], ["bash", "zsh", "fish"]),
        (["run", "--widget", ""], ["work-tasks", "all-tasks", "focus", "quick-menu"]),
        (["run", "--widget", "focus", "--widget", "q"], ["quick-menu"]),
        (
            ["run", "-"],
            [
                "--widget", "--family", "--shard", "--at", "--timeline", "--preview", "--placeholder",
                "--format", "--color-scheme", "--output", "--scale", "--store",
                "--lock-timeout",
                "--plugins", "--set", "--verbose", "--trace-plugins", "--version", "-h", "--help",
            ]
        ),
        (
            ["simulate", "-"],
            [
                "--from", "--to", "--requests", "--budget", "--widget", "--family", "--format", "--store",
                "--lock-timeout", "--plugins", "--set", "--verbose", "--trace-plugins", "--version", "-h",
                "--help",
            ]
        ),
        (["simulate", "--requests", "config/w"], ["config/widgets.yaml"]),
        (["tap", "w"], ["work-tasks"]),
        (["tap", "focus", "1", "config/w"], ["config/widgets.yaml"]),
        (["run", "--widget", "focus", "--family", "systemS"], ["systemSmall"]),
        (
            ["describe", "Toggle"],
            ["ToggleTaskIntent", "ToggleTaskWithFeedbackIntent", "ToggleFocusModeIntent"]
        ),
        (
            ["perform", "Toggle"],
            ["ToggleTaskIntent", "ToggleTaskWithFeedbackIntent", "ToggleFocusModeIntent"]
        ),
        (["perform", "AddTaskIntent", ""], ["taskName=", "priority=", "category="]),
        (["perform", "AddTaskIntent", "taskName=x", ""], ["priority=", "category="]),
        (["perform", "AddTaskIntent", "priority", "=", "h"], ["high"]),
        (["perform", "AddTaskIntent", "priority=h"], ["priority=high"]),
        (["perform", "AddTaskIntent", "priority", "="], ["low", "medium", "high"]),
        (["perform", "SetTaskCompletionIntent", "isCompleted=t"], ["isCompleted=true"]),
        (["open", ""], ["widgetquickmenu://"]),
        (["run", "config/"], ["config/data", "config/widgets.yaml"]),
        (["store", "--", "x", ""], []),
        // A negative number after an option is its value (issues 17 and 20), typed or given.
        (["run", "--lock-timeout", "-1", "--widget", "f"], ["focus"]),
        (["run", "--lock-timeout", "-"], []),
    ]

    @Test(arguments: cases)
    func bashCompletes(words: [String], expected: [String]) throws {
        #expect(try Self.reply(words) == expected)
    }

    @Test func bashRegistersTheFunctionForTheCommand() throws {
        let scratch = try TemporaryDirectory()
        let script = try Self.script("bash", in: scratch)
        let run = try WidgetHostProcess.run(
            ["--norc", "--noprofile", "-c", "source \(Self.quoted(script.path)) && complete -p widgethost"],
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.status == 0)
        #expect(run.standardOutput == "complete -F _widgethost widgethost\n")
    }

    /// The line an interactive `shell` (bash or zsh) holds after `line` and one Tab, typed on a
    /// pseudo-terminal (`Fixtures/shell-tab/shell-tab.py`): what the line editor makes of the
    /// replies, word breaks at `=` and `:` included.
    static func tab(_ line: String, shell: String = "bash") throws -> String {
        let scratch = try TemporaryDirectory()
        var script = try Self.script(shell == "zsh-fpath" ? "zsh" : shell, in: scratch)
        if shell == "zsh-fpath" {
            // Installed as the README says: a file named _widgethost in a folder of fpath.
            let folder = scratch.url.appendingPathComponent("zfunc")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let installed = folder.appendingPathComponent("_widgethost")
            try FileManager.default.moveItem(at: script, to: installed)
            script = installed
        }
        let driver = TemporaryDirectory.repositoryURL.appendingPathComponent(
            "Tests/EndToEndTests/Fixtures/shell-tab/shell-tab.py")
        let directory = WidgetHostProcess.executableURL.deletingLastPathComponent().path
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let run = try WidgetHostProcess.run(
            [driver.path, shell, script.path, line],
            environment: ["PATH": directory + ":" + path, "HOME": scratch.url.path],
            directory: TemporaryDirectory.repositoryURL, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(run.status == 0, "\(run.standardError)")
        return String(run.standardOutput.dropLast())
    }

    @Test(arguments: [
        ("widgethost st", "widgethost store "),
        ("widgethost run --format=nd", "widgethost run --format=ndjson "),
        ("widgethost run --format nd", "widgethost run --format ndjson "),
        ("widgethost run --widget qu", "widgethost run --widget quick-menu "),
        ("widgethost perform AddTaskIntent pri", "widgethost perform AddTaskIntent priority="),
        ("widgethost perform AddTaskIntent priority=h", "widgethost perform AddTaskIntent priority=high "),
        ("widgethost perform ToggleF", "widgethost perform ToggleFocusModeIntent "),
        ("widgethost open ", "widgethost open widgetquickmenu://"),
        ("widgethost run config/wi", "widgethost run config/widgets.yaml "),
    ])
    func tabInAnInteractiveBash(line: String, expected: String) throws {
        #expect(try Self.tab(line) == expected)
    }

    @Test(
        arguments: [
            ([""], subcommands),
            (["run", "--format", ""], ["text", "json", "ndjson", "html", "layout", "png"]),
            (["run", "--widget", ""], ["work-tasks", "all-tasks", "focus", "quick-menu"]),
            (["perform", "AddTaskIntent", ""], ["taskName=", "priority=", "category="]),
            (["perform", "AddTaskIntent", "priority=h"], ["priority=high"]),
        ])
    func zshCompletes(words: [String], expected: [String]) throws {
        #expect(try Self.reply(words, shell: "/usr/bin/zsh") == expected)
    }

    // zsh drops the space after a completed word when the next key is not a word's (here Ctrl-A),
    // so these lines hold none. The tool is found on PATH, as a person types it.
    @Test(
        arguments: [
            ("widgethost st", "widgethost store"),
            ("widgethost run --format=nd", "widgethost run --format=ndjson"),
            ("widgethost run --widget qu", "widgethost run --widget quick-menu"),
            ("widgethost tap fo", "widgethost tap focus"),
            ("widgethost perform AddTaskIntent pri", "widgethost perform AddTaskIntent priority="),
            ("widgethost perform AddTaskIntent priority=h", "widgethost perform AddTaskIntent priority=high"),
            ("widgethost run config/wi", "widgethost run config/widgets.yaml"),
        ])
    func tabInAnInteractiveZsh(line: String, expected: String) throws {
        #expect(try Self.tab(line, shell: "zsh") == expected)
    }

    @Test(
        arguments: [
            ("widgethost st", "widgethost store"),
            ("widgethost run --widget qu", "widgethost run --widget quick-menu"),
            ("widgethost perform AddTaskIntent priority=h", "widgethost perform AddTaskIntent priority=high"),
        ])
    func theFirstTabCompletesWhenZshAutoloadsTheScriptFromFpath(line: String, expected: String) throws {
        #expect(try Self.tab(line, shell: "zsh-fpath") == expected)
    }

    /// What fish offers for `line` (descriptions dropped), with the binary first on `PATH`.
    static func fish(_ line: String) throws -> [String] {
        let scratch = try TemporaryDirectory()
        let script = try Self.script("fish", in: scratch)
        let directory = WidgetHostProcess.executableURL.deletingLastPathComponent().path
        let driver = """
            set PATH \(quoted(directory)) $PATH
            source \(quoted(script.path))
            complete -C\(quoted(line))
            """
        let run = try WidgetHostProcess.run(
            ["--no-config", "-c", driver], environment: ["HOME": scratch.url.path],
            directory: TemporaryDirectory.repositoryURL, executable: URL(fileURLWithPath: "/usr/bin/fish"))
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }

    @Test(
        arguments: [
            ("widgethost st", ["store"]),
            ("widgethost store ", ["defaults", "delete", "export", "import", "init", "move"]),
            ("widgethost run --format ", ["html", "json", "layout", "ndjson", "png", "text"]),
            ("widgethost run --widget ", ["all-tasks", "focus", "quick-menu", "work-tasks"]),
            ("widgethost tap ", ["all-tasks", "focus", "quick-menu", "work-tasks"]),
            ("widgethost tap focus ", []),
            ("widgethost perform AddTaskIntent ", ["category=", "priority=", "taskName="]),
            (
                "widgethost perform AddTaskIntent priority=",
                ["priority=high", "priority=low", "priority=medium"]
            ),
            ("widgethost completions ", ["bash", "fish", "zsh"]),
            ("widgethost run config/w", ["config/widgets.yaml"]),
        ])
    func fishCompletes(line: String, expected: [String]) throws {
        #expect(try Self.fish(line) == expected)
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let run = try WidgetHostProcess.run(["completions", "bsh"])
        #expect(run.status == 64)
        #expect(run.firstErrorLine == "Error: No shell is named 'bsh'. Did you mean 'bash'?")
    }
}
