import AppGroup
import ArgumentParsing
import Diagnostics
import Foundation
import Rendering
import TaskStore
import TerminalText
import WidgetHost

extension WidgetHostCommand {
    /// `widgethost store import <file>` and `widgethost store export`: moves tasks and the focus mode
    /// into and out of an App Group's shared store.
    enum StoreCommand: Subcommand {
        /// Where the store is and what the exit codes mean, shared by both subcommands' help.
        static let storeDiscussion = """
            The store is the App Group's shared container: the SQLite database widgethost.sqlite in \
            --store DIR, else in $WIDGETHOST_STORE, else in $XDG_DATA_HOME/widgethost/<app-group>, else \
            in ~/.local/share/widgethost/<app-group>.
            """

        /// The options both subcommands take.
        static let storeArguments: [ArgumentSpec] = [
            CommandOptions.store(), CommandOptions.appGroup, CommandOptions.lockTimeout,
        ]

        /// The command's declaration.
        static let spec = CommandSpec(
            name: "store",
            abstract:
                "Creates the shared store; imports, exports, deletes and moves tasks; reads and writes shared defaults.",
            discussion: storeDiscussion,
            subcommands: [initSpec, importSpec, exportSpec, deleteSpec, moveSpec, defaultsSpec]
        )

        /// `store init`.
        static let initSpec = CommandSpec(
            name: "init",
            abstract: "Creates an empty store, for commands that refuse to run without one.",
            discussion: """
                run, tap, perform, watch, reload and the other store commands refuse an App Group \
                whose store does not exist yet, so that a misspelt app group or --store never shows \
                an empty store, or makes one, by accident: this creates it on purpose (as store \
                import does). A store that exists already is left as it is.

                \(storeDiscussion)

                Exit codes: 0 created, or there already; 1 the store cannot be created.
                """,
            arguments: storeArguments
        )

        /// `store import`.
        static let importSpec = CommandSpec(
            name: "import",
            abstract: "Imports tasks and the focus mode from a YAML or JSON file.",
            discussion: """
                The file holds 'tasks:', a list of tasks (id, title, priority, category, isCompleted, \
                dueDate), and optionally 'focus: {isOn: true|false}'. Tasks keep the file's order \
                after those already stored; a task whose id is already stored is updated in place. \
                A task without an id gets a new UUID.

                \(storeDiscussion)

                Exit codes: 0 imported; 65 the file is invalid: every problem is reported as \
                file:line:column and nothing is imported; 1 the store cannot be opened or written \
                (nothing is imported either).
                """,
            arguments: [
                .positional(
                    "file", help: "The YAML or JSON file to import; '-' for standard input.",
                    completion: .file(extensions: ["yaml", "yml", "json"]))
            ]
                + storeArguments
        )

        /// `store export`.
        static let exportSpec = CommandSpec(
            name: "export",
            abstract: "Prints the stored tasks and focus mode in the format 'store import' reads.",
            discussion: """
                Tasks are printed in store order, each with id, title, priority, category, \
                isCompleted and dueDate. YAML (the default) leaves a missing category or due date \
                out; JSON is one line, {"tasks":[...],"focus":{"isOn":false}}, with null for them. \
                A store that does not exist yet is an error (exit 65): create it with store init.

                \(storeDiscussion)

                Exit codes: 0 exported; 65 there is no store there (nor one is made); 1 the store \
                cannot be read.
                """,
            arguments: [CommandOptions.format(StoreExport.Format.allCases.map(\.rawValue))] + storeArguments
        )

        /// Runs `store import` or `store export`.
        ///
        /// - Parameter values: The parsed command line.
        /// - Returns: 0 on success, 65 for an invalid file, 1 when the store cannot be used.
        /// - Throws: ``ParseError`` for an unusable `--app-group`.
        static func run(_ values: ParsedValues) throws(ParseError) -> Int32 {
            switch values.subcommandPath {
            case ["store", "init"]: return try runInit(values)
            case ["store", "import"]: return try runImport(values)
            case ["store", "delete"]: return try runDelete(values)
            case ["store", "move"]: return try runMove(values)
            case ["store", "defaults", "get"]: return try runDefaultsGet(values)
            case ["store", "defaults", "set"]: return try runDefaultsSet(values)
            default: return try runExport(values)
            }
        }

        private static func runImport(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let path = try values.requiredString("file")
            let file: StoreFile
            do throws(StoreFileError) {
                file = try StoreFile.load(path: path)
            } catch {
                StandardStream.error.write(DiagnosticRenderer.forStandardError().render(error.diagnostics))
                return ExitStatus.dataError
            }
            let container = try container(values)
            let lockTimeout = try CommandOptions.lockTimeout(values)
            do throws(AppGroupError) {
                let store = try container.openStore(lockTimeout: lockTimeout)
                let summary = try store.importReloadingAll(file)
                let noun = summary.total == 1 ? "task" : "tasks"
                StandardStream.output.write(
                    "Imported \(summary.total) \(noun) (\(summary.updated) updated, \(summary.added) added) "
                        + "into \(TerminalText.visible(store.databaseURL.path))\n"
                )
                return ExitStatus.success
            } catch {
                StandardStream.error.write("Error: \(TerminalText.visible(error.message))\n")
                return ExitStatus.failure
            }
        }

        private static func runInit(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let container = try container(values)
            let lockTimeout = try CommandOptions.lockTimeout(values)
            let existed = container.hasStore
            do throws(AppGroupError) {
                let store = try container.openStore(lockTimeout: lockTimeout)
                let path = TerminalText.visible(store.databaseURL.path)
                // A file that was there may have been an empty SQLite database: the store was made in it.
                StandardStream.output.write(
                    !store.madeSchema
                        ? "The store \(path) exists already; left as it is\n"
                        : existed
                            ? "Created the store \(path) in the empty SQLite database there\n"
                            : "Created the store \(path)\n")
                return ExitStatus.success
            } catch {
                StandardStream.error.write("Error: \(TerminalText.visible(error.message))\n")
                return ExitStatus.failure
            }
        }

        private static func runExport(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let format = StoreExport.Format(rawValue: try values.requiredString("format")) ?? .yaml
            let container = try container(values)
            let lockTimeout = try CommandOptions.lockTimeout(values)
            if let status = try refuseMissingStore(values) { return status }
            do throws(AppGroupError) {
                let export = try StoreExport(
                    store: container.openStore(readOnly: true, lockTimeout: lockTimeout))
                StandardStream.output.writeData(export.text(format))
                return ExitStatus.success
            } catch {
                StandardStream.error.write("Error: \(TerminalText.visible(error.message))\n")
                return ExitStatus.failure
            }
        }

        /// Refuses to use a store that does not exist, as `run` and `perform` do (the store appears
        /// only on purpose: `store init`, `store import`), naming the path and the command that
        /// creates it.
        ///
        /// - Returns: 65 when there is no store, so the caller returns it; `nil` when there is one.
        /// - Throws: ``ParseError`` for an unusable `--store` or `--app-group`.
        static func refuseMissingStore(_ values: ParsedValues) throws(ParseError) -> Int32? {
            let missing = HostSession.missingStore(
                forAppGroup: try values.requiredString("app-group"), storeOption: try values.string("store"),
                environment: ProcessInfo.processInfo.environment)
            return MissingStore.refuse(missing.map { [$0] } ?? [], format: .text)
        }

        /// The container `--store`, `--app-group` and the environment choose.
        ///
        /// - Throws: ``ParseError`` when `--app-group` cannot name a directory, or no directory can be
        ///   worked out (no `--store`, `WIDGETHOST_STORE`, `XDG_DATA_HOME` or `HOME`).
        static func container(_ values: ParsedValues) throws(ParseError) -> AppGroupContainer {
            let appGroup = try values.requiredString("app-group")
            let storeOption = try values.string("store")
            if storeOption == "" { throw CommandOptions.emptyStoreError(values) }
            do throws(AppGroupError) {
                return try AppGroupContainer.resolve(
                    appGroup: appGroup,
                    storeOption: storeOption,
                    environment: ProcessInfo.processInfo.environment
                )
            } catch {
                throw values.validationError(Self.sentence(error.message))
            }
        }

        /// `message` as a usage error's sentence: capitalized, with a final period.
        private static func sentence(_ message: String) -> String {
            guard let first = message.first else { return message }
            return first.uppercased() + message.dropFirst() + (message.hasSuffix(".") ? "" : ".")
        }
    }
}
