import AppGroup
import ArgumentParsing
import Diagnostics
import PluginHosting
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import YAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `widgethost` tool: declares the command tree, parses the command line and runs the command
/// it names.
enum WidgetHostCommand {
    /// The version printed by `widgethost --version`.
    static let version = "0.1.0"

    /// The commands, in the order help lists them.
    static let commands: [any Subcommand.Type] = [
        RunCommand.self, ValidateCommand.self, ConfigCommand.self, DescribeCommand.self, SchemaCommand.self,
        PerformCommand.self, TapCommand.self, OpenCommand.self, YAMLCommand.self, StoreCommand.self,
        PluginsCommand.self, WatchCommand.self, ServeCommand.self, ReloadCommand.self, SnapshotCommand.self,
        SimulateCommand.self,
        CompletionsCommand.self, ManCommand.self, CompleteCommand.self,
    ]

    /// The root of the command tree.
    static let spec = CommandSpec(
        name: "widgethost",
        abstract: "Runs WidgetKit-style widgets from YAML configurations on Linux.",
        usage: "widgethost <subcommand>",
        version: version,
        arguments: [
            .flag(
                "build-options",
                help: "With --version, also print the versions of libyaml, SQLite and utf8proc it runs on.")
        ],
        subcommands: commands.map { $0.spec }
    )

    /// The version, then with `--build-options` the libraries it runs on, as
    /// `git --version --build-options` does.
    static func versionText(buildOptions: Bool) -> String {
        guard buildOptions else { return version }
        return """
            \(version)
            libyaml: \(LibYAML.version)
            SQLite: \(LibSQLite.version)
            utf8proc: \(LibUTF8Proc.version) (Unicode \(LibUTF8Proc.unicodeVersion))
            """
    }

    /// Parses `CommandLine.arguments`, runs the command and exits with its status.
    static func main() async -> Never {
        StandardStream.prepare()
        // A plugin's setsid() grandchildren stay descendants of this process, ended with it.
        PluginHost.adoptOrphanedDescendants()
        let status = await run(FileSystemName.arguments())
        // A signal being handled ends the process itself, with the signal's status.
        TerminationSignals.waitIfEnding()
        exit(outputStatus(commandStatus: status))
    }

    /// The exit status once the command is done: its own, unless standard output could not be
    /// written, which is reported and fails the command (exit 1). A closed pipe (`widgethost run |
    /// head -1`) ends the output quietly, as Unix tools do, and keeps the command's status.
    static func outputStatus(commandStatus: Int32) -> Int32 {
        guard let code = StandardStream.outputFailure, code != EPIPE, !StandardStream.isOutputFailureReported
        else { return commandStatus }
        let reason = String(cString: strerror(code))
        StandardStream.error.write("error: could not write to standard output: \(reason)\n")
        return commandStatus == ExitStatus.success ? ExitStatus.failure : commandStatus
    }

    /// Parses `arguments` (without the program name) and runs the command they name.
    ///
    /// - Parameter arguments: The command line after the program name.
    /// - Returns: The exit status: 0 on success, 64 for a usage error, 65 for invalid input.
    static func run(_ arguments: [String]) async -> Int32 {
        let result = ArgumentParser(root: spec).parse(arguments)
        if case .version = result, arguments.contains("--build-options") {
            StandardStream.output.write(versionText(buildOptions: true) + "\n")
            return ExitStatus.success
        }
        guard case .run(let values) = result else {
            if case .failure(let error) = result, asksForJSON(error.commandNames, arguments) {
                FailureDocument(code: .usageInvalid, message: error.message).write(if: .json)
            }
            guard let output = result.terminalOutput else { return ExitStatus.software }
            return write(output)
        }
        do throws(ParseError) {
            guard let command = commands.first(where: { $0.spec.name == values.subcommandPath.first }) else {
                // The root has no default subcommand, so the parser answers a bare `widgethost` with
                // help, and `spec` declares exactly `commands`: nothing should reach here.
                let path = values.commandNames.joined(separator: " ")
                StandardStream.error.write(
                    "Error: Internal error: the command '\(path)' is declared but has no handler. "
                        + "Please report it.\n")
                return ExitStatus.software
            }
            return try await command.run(values)
        } catch {
            // A script asking for JSON gets JSON on standard output even for a usage error.
            if documentCommands.contains(values.subcommandPath.first ?? ""),
                let format = (try? values.string("format")).flatMap({ $0 }).flatMap(
                    OutputFormat.init(rawValue:))
            {
                FailureDocument(code: .usageInvalid, message: error.message).write(if: format)
            }
            return write(error.terminalOutput)
        }
    }

    /// The commands that print a failure document for `--format json` (see ``FailureDocument``).
    static let documentCommands: Set<String> = ["run", "perform", "tap"]

    /// Whether a command line the parser refused (an unknown option, a missing or repeated value)
    /// asks for JSON all the same: one of ``documentCommands`` with `--format json` or
    /// `--format=json` (or `ndjson`) before any `--`, and no other format.
    static func asksForJSON(_ commandNames: [String], _ arguments: [String]) -> Bool {
        guard commandNames.count >= 2, documentCommands.contains(commandNames[1]) else { return false }
        var formats: [Substring] = []
        var rest = arguments[...].prefix { $0 != "--" }
        while let argument = rest.popFirst() {
            if argument == "--format", let value = rest.popFirst() {
                formats.append(Substring(value))
            } else if argument.hasPrefix("--format=") {
                formats.append(argument.dropFirst("--format=".count))
            }
        }
        return !formats.isEmpty
            && formats.allSatisfy { $0 == OutputFormat.json.rawValue || $0 == OutputFormat.ndjson.rawValue }
    }

    /// Writes help, the version or a usage error where it belongs.
    ///
    /// - Returns: The output's exit status.
    private static func write(_ output: TerminalOutput) -> Int32 {
        switch output.stream {
        case .standardOutput: StandardStream.output.write(output.text)
        case .standardError: StandardStream.error.write(output.text)
        }
        return output.exitCode
    }
}
