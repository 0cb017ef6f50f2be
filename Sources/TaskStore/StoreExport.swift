public import AppGroup
import Diagnostics
import JSON
import WidgetHostKit

/// The text `store export` prints: the store's tasks (in store order) and focus mode, in the shape
/// `store import` reads, so an export imports back unchanged.
///
/// JSON is one line: `{"tasks":[{"id","title","priority","category","isCompleted","dueDate"}...],
/// "focus":{"isOn":false}}`, with `category` and `dueDate` `null` when absent. YAML is block style,
/// one mapping per task, leaving absent keys out.
public struct StoreExport: Sendable, Hashable {
    /// The formats an export is written in.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// Block-style YAML, for people.
        case yaml
        /// One line of JSON, for scripts.
        case json
    }

    /// The tasks, in store order.
    public var tasks: [StoredTask]
    /// Whether focus mode is on.
    public var isFocusModeOn: Bool

    /// Creates an export of `tasks` and the focus mode.
    public init(tasks: [StoredTask], isFocusModeOn: Bool) {
        self.tasks = tasks
        self.isFocusModeOn = isFocusModeOn
    }

    /// Reads everything `store export` prints from `store`.
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be read.
    /// - Complexity: O(n) in the number of tasks.
    public init(store: AppGroupStore) throws(AppGroupError) {
        self.init(tasks: try store.allTasks(), isFocusModeOn: try store.isFocusModeOn())
    }

    /// The export in `format`, ending with a newline.
    public func text(_ format: Format) -> String {
        switch format {
        case .yaml: return yaml
        case .json: return json
        }
    }

    /// The JSON text, one line ending with a newline.
    public var json: String {
        var output = "{\"tasks\":["
        for (index, task) in tasks.enumerated() {
            if index > 0 { output += "," }
            output += "{\"id\":" + Self.quoted(task.id)
            output += ",\"title\":" + Self.quoted(task.title)
            output += ",\"priority\":\"\(task.priority.rawValue)\",\"category\":"
            output += task.category.map(Self.quoted) ?? "null"
            output += ",\"isCompleted\":\(task.isCompleted),\"dueDate\":"
            output += task.dueDate.map { "\"\(ISO8601.string(from: $0))\"" } ?? "null"
            output += "}"
        }
        output += "],\"focus\":{\"isOn\":\(isFocusModeOn)}}\n"
        return output
    }

    /// The YAML text, ending with a newline.
    public var yaml: String {
        var output = tasks.isEmpty ? "tasks: []\n" : "tasks:\n"
        for task in tasks {
            output += "  - id: \(task.id)\n"
            output += "    title: \(Self.scalar(task.title))\n"
            output += "    priority: \(task.priority.rawValue)\n"
            if let category = task.category {
                output += "    category: \(Self.scalar(category))\n"
            }
            output += "    isCompleted: \(task.isCompleted)\n"
            if let dueDate = task.dueDate {
                output += "    dueDate: \"\(ISO8601.string(from: dueDate))\"\n"
            }
        }
        output += "focus:\n  isOn: \(isFocusModeOn)\n"
        return output
    }

    /// Words YAML 1.1 or 1.2 readers take for booleans or null when written plain.
    private static let reservedWords: Set<String> = [
        "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~",
    ]

    /// Characters a plain scalar may hold here besides letters and digits: none of them starts a
    /// comment, a mapping value, a flow collection, an anchor, a tag or a quoted scalar.
    private static let plainPunctuation: Set<Character> = [
        " ", "_", "-", ".", ",", "!", "?", "'", "(", ")", "/", "&", "+",
    ]

    /// `text` as a plain YAML scalar when it reads back as the same string, else double-quoted.
    ///
    /// Plain only for text that starts with a letter, holds letters, digits and harmless
    /// punctuation, does not end with a space, and is no boolean or null word.
    static func scalar(_ text: String) -> String {
        guard let first = text.first, first.isLetter, text.last != " ",
            !reservedWords.contains(text.lowercased()),
            text.allSatisfy({ $0.isLetter || $0.isNumber || plainPunctuation.contains($0) })
        else { return quoted(text) }
        return text
    }

    /// `text` as a double-quoted string, valid both as JSON and as a YAML double-quoted scalar.
    ///
    /// JSON's escapes (quote, backslash, controls below U+0020) are all valid in YAML. YAML readers
    /// also refuse DEL, the C1 controls and U+FFFE/U+FFFF in a stream, and libyaml takes NEL,
    /// U+2028 and U+2029 for line breaks (folding them to spaces), while JSON lets all of them
    /// through raw: those are escaped as `\uXXXX` too, so both exports read back unchanged.
    static func quoted(_ text: String) -> String {
        let json = JSONText.quoted(text)
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var output = ""
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
