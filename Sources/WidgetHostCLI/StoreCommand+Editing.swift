import AppGroup
import ArgumentParsing
import Diagnostics
import Foundation
import TaskStore
import TerminalText

extension WidgetHostCommand.StoreCommand {
    /// Exit codes of the commands that change the store.
    static let editingExitCodes = """
        Exit codes: 0 done; 65 there is no store (none is made; create it with store init), or \
        the command names something the store does not hold or a value it does not take (nothing \
        is changed); 1 the store cannot be opened or written (nothing is changed either).
        """

    /// The declaration of a command that changes the store: its `discussion`, then where the store
    /// is and ``editingExitCodes``; its `arguments`, then the store's options.
    static func editingSpec(
        name: String, abstract: String, discussion: String, arguments: [ArgumentSpec]
    ) -> CommandSpec {
        CommandSpec(
            name: name, abstract: abstract,
            discussion: discussion + "\n\n" + storeDiscussion + "\n\n" + editingExitCodes,
            arguments: arguments + storeArguments)
    }

    /// `store delete`.
    static let deleteSpec = editingSpec(
        name: "delete",
        abstract: "Deletes tasks from the shared store, as the app's saveTasks after a removal.",
        discussion: """
            Deletes every task named, all of them or none: an id that is not stored is reported and \
            nothing is deleted. Every widget is asked to reload, as the app's reloadAllTimelines().
            """,
        arguments: [
            .positional("id", help: "The id of a task to delete (see 'store export').", isRepeating: true)
        ]
    )

    /// `store move`.
    static let moveSpec = editingSpec(
        name: "move",
        abstract: "Moves a task to another place in the store's order, as a list's drag and drop.",
        discussion: """
            Moves the task to <position> (1 is the first) in store order, the order widgets show \
            tasks in; the tasks between its old and new places shift by one. Every widget is asked \
            to reload, as the app's reloadAllTimelines().
            """,
        arguments: [
            .positional("id", help: "The id of the task to move (see 'store export')."),
            .positional("position", help: "Its new place in store order, from 1."),
        ]
    )

    /// `store defaults`.
    static let defaultsSpec = CommandSpec(
        name: "defaults",
        abstract: "Reads or writes the App Group's shared defaults (the seeds' @AppStorage).",
        discussion: """
            The shared defaults are what the app and its widgets share as UserDefaults(suiteName:). \
            The built-in widgets read: \
            \(SharedDefaultKey.known.map { "\($0.name) (true or false: \($0.summary))" }.joined(separator: "; ")).
            """,
        subcommands: [defaultsGetSpec, defaultsSetSpec]
    )

    /// `store defaults get`.
    static let defaultsGetSpec = CommandSpec(
        name: "get",
        abstract: "Prints a shared default's value, or every default as KEY=VALUE lines.",
        discussion: """
            \(storeDiscussion)

            Exit codes: 0 printed; 65 there is no store (none is made; create it with store \
            init); 1 the key is not set, or the store cannot be read.
            """,
        arguments: [.positional("key", help: "The key; every key when absent.", isOptional: true)]
            + storeArguments
    )

    /// `store defaults set`.
    static let defaultsSetSpec = editingSpec(
        name: "set",
        abstract: "Sets a shared default, and asks every widget to reload.",
        discussion: """
            A key the built-in widgets read takes only the values they read (true or false); any \
            other key takes any text, with a warning that no built-in widget reads it. A key is \
            not empty and holds no '=' and no control character, as 'store defaults get' lists \
            each default on a line as KEY=VALUE.
            """,
        arguments: [
            .positional("key", help: "The key (showCompletedTasks, say)."),
            .positional("value", help: "The value."),
        ]
    )

    static func runDelete(_ values: ParsedValues) throws(ParseError) -> Int32 {
        let ids = try values.strings("id")
        return try editing(values) { store throws(AppGroupError) in
            let deleted = try store.deleteTasks(ids: ids)
            let noun = deleted.count == 1 ? "task" : "tasks"
            let titles = deleted.map { "'\(TerminalText.visible($0.title))'" }.joined(separator: ", ")
            return
                "Deleted \(deleted.count) \(noun) (\(titles)) from \(TerminalText.visible(store.databaseURL.path))\n"
        }
    }

    static func runMove(_ values: ParsedValues) throws(ParseError) -> Int32 {
        let id = try values.requiredString("id")
        let position = try values.int("position") ?? 1
        return try editing(values) { store throws(AppGroupError) in
            let tasks = try store.moveTask(id: id, to: position)
            let title = tasks[position - 1].title
            return "Moved '\(TerminalText.visible(title))' to position \(position) of \(tasks.count)\n"
        }
    }

    static func runDefaultsSet(_ values: ParsedValues) throws(ParseError) -> Int32 {
        let key = try values.requiredString("key")
        let value = try values.requiredString("value")
        do throws(AppGroupError) {
            try SharedDefaultKey.validate(key: key)
        } catch {
            StandardStream.error.write("Error: \(TerminalText.visible(error.message))\n")
            return ExitStatus.dataError
        }
        var warning: String?
        if SharedDefaultKey.named(key) == nil {
            let known = SharedDefaultKey.known.map(\.name)
            var unread = "warning: no built-in widget reads the shared default '\(TerminalText.visible(key))'"
            if let nearest = EditDistance.suggestion(for: key, among: known) {
                unread += "; did you mean '\(nearest)'?"
            } else {
                unread += " (they read " + known.map { "'\($0)'" }.joined(separator: ", ") + ")"
            }
            warning = unread
        }
        return try editing(values, warning: warning) { store throws(AppGroupError) in
            try store.setSharedDefault(value, forKey: key)
            return "Set \(TerminalText.visible(key)) to \(TerminalText.visible(value)) "
                + "in \(TerminalText.visible(store.databaseURL.path))\n"
        }
    }

    static func runDefaultsGet(_ values: ParsedValues) throws(ParseError) -> Int32 {
        let key = try values.string("key")
        let container = try container(values)
        let lockTimeout = try CommandOptions.lockTimeout(values)
        if let status = try refuseMissingStore(values) { return status }
        do throws(AppGroupError) {
            let defaults: [(key: String, value: String)]
            do throws(AppGroupError) {
                defaults = try container.openStore(readOnly: true, lockTimeout: lockTimeout)
                    .allSharedDefaults()
            } catch  where error.code == .storeNotFound {
                // A database file that holds no store yet (an empty SQLite file): no defaults.
                defaults = []
            }
            guard let key else {
                // Each default on one line: a line break or a tab in a key or value is shown as a
                // control picture (␊, ␉), as all text from data is, so no value forges a line.
                StandardStream.output.write(
                    defaults.map { "\(TerminalText.visible($0.key))=\(TerminalText.visible($0.value))\n" }
                        .joined())
                return ExitStatus.success
            }
            guard let value = defaults.first(where: { $0.key == key })?.value else {
                // For a key the built-ins read, what they take meanwhile.
                let meanwhile = SharedDefaultKey.named(key).map {
                    "; the built-in widgets take \($0.whenUnset) (\($0.summary))"
                }
                StandardStream.error.write(
                    "Error: the shared default '\(TerminalText.visible(key))' is not set in "
                        + "\(TerminalText.visible(container.directory.path))\(meanwhile ?? "")\n")
                return ExitStatus.failure
            }
            StandardStream.output.write(TerminalText.visible(value) + "\n")
            return ExitStatus.success
        } catch {
            StandardStream.error.write("Error: \(TerminalText.visible(error.message))\n")
            return ExitStatus.failure
        }
    }

    /// Opens the store for writing, runs `change`, prints what it returns; a failure is printed
    /// with exit 65 when it is the input's fault (no store among them: none is made), 1 otherwise.
    /// `warning`, if any, is printed once the store is open, before the change.
    private static func editing(
        _ values: ParsedValues,
        warning: String? = nil,
        _ change: (AppGroupStore) throws(AppGroupError) -> String
    ) throws(ParseError) -> Int32 {
        let container = try container(values)
        let lockTimeout = try CommandOptions.lockTimeout(values)
        if let status = try refuseMissingStore(values) { return status }
        do throws(AppGroupError) {
            let store = try container.openStore(lockTimeout: lockTimeout)
            if let warning { StandardStream.error.write(warning + "\n") }
            StandardStream.output.write(try change(store))
            return ExitStatus.success
        } catch {
            StandardStream.error.write("Error: \(TerminalText.visible(error.message))\n")
            return ExitStatus.failing(with: error.code)
        }
    }
}
