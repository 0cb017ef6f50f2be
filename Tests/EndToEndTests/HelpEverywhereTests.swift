import Foundation
import TestSupport
import Testing

/// Help on every command and sub-command, usage errors where help cannot be given, options given
/// twice, and `--version --build-options`, through the built binary.
@Suite struct HelpEverywhereTests {
    /// Every visible command below the root.
    static let commandPaths: [[String]] = [
        ["run"], ["validate"], ["describe"], ["schema"], ["perform"], ["tap"], ["open"], ["yaml"],
        ["store"], ["store", "import"], ["store", "export"],
        ["plugins"], ["plugins", "list"], ["plugins", "check"], ["plugins", "new"],
        ["completions"], ["man"], ["watch"], ["reload"], ["simulate"],
    ]

    @Test(arguments: commandPaths)
    func helpSubcommandDashHAndDashDashHelpAgree(path: [String]) throws {
        let viaHelp = try WidgetHostProcess.run(["help"] + path)
        #expect(viaHelp.status == 0)
        #expect(viaHelp.standardError.isEmpty)
        #expect(viaHelp.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(viaHelp.standardOutput.contains("USAGE: widgethost \(path.joined(separator: " "))"))
        for flag in ["--help", "-h"] {
            let run = try WidgetHostProcess.run(path + [flag])
            #expect(run.status == 0, "\(path) \(flag)")
            #expect(run.standardOutput == viaHelp.standardOutput, "\(path) \(flag)")
        }
    }

    @Test(arguments: [
        (["bogus", "--help"], "Error: Unknown subcommand 'bogus'. Please provide one of the following:"),
        (["valdate", "--help"], "Error: Unknown subcommand 'valdate'. Did you mean 'validate'?"),
        (["valdate", "-h"], "Error: Unknown subcommand 'valdate'. Did you mean 'validate'?"),
        (["help", "valdate"], "Error: Unknown subcommand 'valdate'. Did you mean 'validate'?"),
        (["store", "exprot", "--help"], "Error: Unknown subcommand 'exprot'. Did you mean 'export'?"),
        (["plugins", "chek", "--help"], "Error: Unknown subcommand 'chek'. Did you mean 'check'?"),
        (["help", "plugins", "chek"], "Error: Unknown subcommand 'chek'. Did you mean 'check'?"),
    ])
    func anUnknownSubcommandWithHelpIsAUsageError(arguments: [String], firstLine: String) throws {
        let run = try WidgetHostProcess.run(arguments)
        run.expectFailed(64, firstErrorLine: firstLine)
    }

    @Test(arguments: [
        (["run", "--family", "systemSmall", "--family", "systemLarge"], "--family <family>"),
        (["run", "--format=json", "--format", "text"], "--format <format>"),
        (["run", "--at", "2026-11-29", "--at=2026-11-30"], "--at <date>"),
        (["perform", "AddTaskIntent", "--store", "/tmp/a", "--store", "/tmp/b"], "--store <dir>"),
        (["yaml", "--max-depth", "3", "--max-depth", "4"], "--max-depth <levels>"),
        (["store", "export", "--format", "json", "--format", "json"], "--format <format>"),
    ])
    func aNonRepeatableOptionGivenTwiceIsAUsageErrorNamingIt(arguments: [String], option: String) throws {
        let run = try WidgetHostProcess.run(arguments)
        run.expectFailed(
            64, firstErrorLine: "Error: The option '\(option)' was given more than once; it takes one value.")
    }

    @Test func repeatableOptionsStayRepeatable() throws {
        let scratch = try TemporaryDirectory()
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        try scratch.initStore()
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--widget", "focus", "--widget", "quick-menu", "--format", "json",
            "--at", "2026-11-29T12:00:00Z", "--store", scratch.url.appendingPathComponent("store").path,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\"id\":\"focus\""))
        #expect(run.standardOutput.contains("\"id\":\"quick-menu\""))
    }

    @Test func versionWithBuildOptionsNamesTheLibrariesItRunsOn() throws {
        let run = try WidgetHostProcess.run(["--version", "--build-options"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == "0.1.0")
        let version = #/[0-9]+\.[0-9]+(\.[0-9]+)?/#
        for (index, library) in ["libyaml: ", "SQLite: ", "utf8proc: "].enumerated() {
            let line = lines.count > index + 1 ? lines[index + 1] : ""
            #expect(line.hasPrefix(library), "\(line)")
            #expect(line.dropFirst(library.count).prefixMatch(of: version) != nil, "\(line)")
        }
        #expect(lines.last?.contains("(Unicode ") == true)
        #expect(
            try WidgetHostProcess.run(["--build-options", "--version"]).standardOutput == run.standardOutput)
    }

    @Test func hiddenEntryPointIsNotListed() throws {
        let run = try WidgetHostProcess.run(["--help"])
        #expect(!run.standardOutput.contains("__complete"))
        let bogus = try WidgetHostProcess.run(["frobnicate"])
        #expect(!bogus.standardError.contains("__complete"))
    }
}
