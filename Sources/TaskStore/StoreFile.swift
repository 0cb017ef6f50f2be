public import Diagnostics
public import Foundation
import JSON
import WidgetHostKit
public import YAML

/// The data of a `store import` file, checked: tasks in file order and, optionally, the focus mode.
///
/// YAML or JSON (read by the same YAML loader, so JSON errors have lines and columns too):
///
/// ```yaml
/// tasks:
///   - id: 6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11   # optional UUID; a new one when absent
///     title: Write the quarterly report          # required, non-empty, at most 4 KiB
///     priority: high                             # low, medium (default) or high
///     category: work                             # optional
///     isCompleted: false                         # default false
///     dueDate: 2026-05-01T09:00:00Z              # optional ISO 8601 date or date-time
/// focus:
///   isOn: false                                  # optional
/// ```
///
/// Every problem of a file is reported, not only the first; a file with any problem yields no data.
public struct StoreFile: Sendable, Hashable {
    /// The tasks, in file order, with ids in canonical form (`UUID.uuidString`).
    public var tasks: [StoredTask]
    /// The focus mode the file sets, or `nil` when it says nothing about it.
    public var focus: Bool?

    /// Creates the data of a file.
    public init(tasks: [StoredTask] = [], focus: Bool? = nil) {
        self.tasks = tasks
        self.focus = focus
    }

    /// The keys of the file's top-level mapping.
    public static let fileKeys = ["tasks", "focus"]
    /// The keys of one task.
    public static let taskKeys = ["id", "title", "priority", "category", "isCompleted", "dueDate"]
    /// The keys of `focus`.
    public static let focusKeys = ["isOn"]

    /// Reads and checks the file at `path` (`-` for standard input).
    ///
    /// - Parameters:
    ///   - path: The YAML or JSON file.
    ///   - limits: The YAML loader's limits.
    ///   - newID: Makes the id of a task that has none.
    /// - Returns: The file's data.
    /// - Throws: ``StoreFileError`` with every problem found: an unreadable file, a YAML or JSON
    ///   syntax error, unknown keys, wrong types, a missing, empty or too long title, an invalid UUID or date,
    ///   duplicate ids.
    public static func load(
        path: String,
        limits: YAMLLimits = YAMLLimits(),
        newID: () -> UUID = { UUID() }
    ) throws(StoreFileError) -> StoreFile {
        let source: SourceText
        do throws(Diagnostic) {
            source = try SourceText.read(path: path, limit: limits.maxInputSize)
        } catch {
            throw StoreFileError(diagnostics: [error])
        }
        return try parse(source, limits: limits, newID: newID)
    }

    /// Checks the text of a file.
    ///
    /// - Parameters:
    ///   - source: The file's text and name.
    ///   - limits: The YAML loader's limits.
    ///   - newID: Makes the id of a task that has none.
    /// - Returns: The file's data.
    /// - Throws: ``StoreFileError``, as ``load(path:limits:newID:)``.
    /// - Complexity: O(n) in the size of the file.
    public static func parse(
        _ source: SourceText,
        limits: YAMLLimits = YAMLLimits(),
        newID: () -> UUID = { UUID() }
    ) throws(StoreFileError) -> StoreFile {
        let documents: [Node]
        do throws(Diagnostic) {
            documents = try YAMLLoader(limits: limits).load(source)
        } catch {
            throw StoreFileError(diagnostics: [error])
        }
        guard let root = documents.first else {
            throw StoreFileError(diagnostics: [
                source.diagnostic(
                    at: nil, code: .storeEmptyFile, message: "contains no YAML or JSON document")
            ])
        }
        var reader = NodeReader(source: source)
        if documents.count > 1 {
            reader.report(
                documents[1],
                code: .storeSeveralDocuments,
                message: "a store file holds one document; this is document 2 of \(documents.count)"
            )
        }
        var file = StoreFile()
        if let entries = reader.mapping(root, named: "store file", knownKeys: fileKeys) {
            if let tasksNode = reader.required("tasks", in: entries, of: root, named: "store file"),
                let items = reader.list(tasksNode, named: "tasks")
            {
                var firstUse: [String: Node] = [:]
                file.tasks.reserveCapacity(items.count)
                for item in items {
                    if let task = task(item, reader: &reader, firstUse: &firstUse, newID: newID) {
                        file.tasks.append(task)
                    }
                }
            }
            if let focusNode = entries.first(where: { $0.key == "focus" })?.value {
                file.focus = focus(focusNode, reader: &reader)
            }
        }
        guard !reader.hasErrors else {
            // In file order: a task's unknown keys are found before its values are read.
            let sorted = reader.diagnostics.enumerated().sorted { first, second in
                let a = first.element.location ?? SourceLocation(line: 0, column: 0)
                let b = second.element.location ?? SourceLocation(line: 0, column: 0)
                return a == b ? first.offset < second.offset : a < b
            }
            throw StoreFileError(diagnostics: sorted.map(\.element))
        }
        return file
    }

    /// One task, or `nil` after reporting what is wrong with it.
    private static func task(
        _ node: Node,
        reader: inout NodeReader,
        firstUse: inout [String: Node],
        newID: () -> UUID
    ) -> StoredTask? {
        guard let entries = reader.mapping(node, named: "task", knownKeys: taskKeys) else { return nil }
        func value(_ key: String) -> Node? {
            entries.first { $0.key == key }?.value
        }
        var valid = true
        var task = StoredTask(id: "", title: "")

        if let idNode = value("id"), idNode.tag != .null {
            if let text = reader.string(idNode, named: "id") {
                if let uuid = UUID(uuidString: text) {
                    task.id = uuid.uuidString
                    if let first = firstUse[task.id] {
                        let line = first.start.line
                        reader.report(
                            idNode,
                            code: .storeDuplicateId,
                            message:
                                "duplicate task id '\(text)': first at line \(line), again at line \(idNode.start.line)",
                            notes: [
                                Diagnostic.Note(
                                    "'\(first.scalar ?? text)' first used here", at: first.start.location)
                            ]
                        )
                        valid = false
                    } else {
                        firstUse[task.id] = idNode
                    }
                } else {
                    reader.report(
                        idNode,
                        code: .storeInvalidId,
                        message:
                            "'\(text)' is not a UUID; write one such as 6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11, "
                            + "or leave 'id' out to have one made"
                    )
                    valid = false
                }
            } else {
                valid = false
            }
        } else {
            task.id = newID().uuidString
        }

        if let titleNode = reader.required("title", in: entries, of: node, named: "task"),
            let title = reader.string(titleNode, named: "title")
        {
            if title.allSatisfy(\.isWhitespace) {
                reader.report(titleNode, code: .storeEmptyTitle, message: "'title' must not be empty")
                valid = false
            } else if !fits(
                title, of: titleNode, named: "title", in: StoredTask.maxTitleSize, code: .storeTitleTooLong,
                reader: &reader)
            {
                valid = false
            }
            task.title = title
        } else {
            valid = false
        }

        if let priorityNode = value("priority") {
            if let priority = reader.enumCase(
                priorityNode, named: "priority", as: TaskPriority.self, what: "a priority")
            {
                task.priority = priority
            } else {
                valid = false
            }
        }

        if let categoryNode = value("category"), categoryNode.tag != .null {
            if let category = reader.string(categoryNode, named: "category") {
                if !fits(
                    category, of: categoryNode, named: "category", in: StoredTask.maxCategorySize,
                    code: .storeCategoryTooLong, reader: &reader)
                {
                    valid = false
                }
                task.category = category
            } else {
                valid = false
            }
        }

        if let completedNode = value("isCompleted") {
            if let isCompleted = reader.bool(completedNode, named: "isCompleted") {
                task.isCompleted = isCompleted
            } else {
                valid = false
            }
        }

        if let dueNode = value("dueDate"), dueNode.tag != .null {
            if let dueDate = reader.date(
                dueNode, named: "dueDate", code: .storeInvalidDate, offset: "+02:00",
                form: "a date such as 2026-05-01 or a date-time such as 2026-05-01T09:00:00Z")
            {
                task.dueDate = dueDate
            } else {
                valid = false
            }
        }
        return valid ? task : nil
    }

    /// Whether `text`, the value of `node` (the task's `name`), fits in `limit` bytes (4 KiB) of
    /// UTF-8; reported with `code` when it does not.
    private static func fits(
        _ text: String, of node: Node, named name: String, in limit: Int, code: FailureCode,
        reader: inout NodeReader
    ) -> Bool {
        guard text.utf8.count > limit else { return true }
        reader.report(
            node, code: code,
            message: "'\(name)' is \(text.utf8.count) bytes long; a \(name) holds at most "
                + "\(limit) bytes (4 KiB) of UTF-8")
        return false
    }

    /// The focus mode of `focus: {isOn: bool}`, or `nil` after reporting what is wrong.
    private static func focus(_ node: Node, reader: inout NodeReader) -> Bool? {
        guard let entries = reader.mapping(node, named: "focus", knownKeys: focusKeys),
            let isOnNode = reader.required("isOn", in: entries, of: node, named: "focus")
        else { return nil }
        return reader.bool(isOnNode, named: "isOn")
    }
}
