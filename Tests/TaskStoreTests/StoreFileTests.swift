import AppGroup
import Diagnostics
import Foundation
import JSON
import Testing
import WidgetHostKit

@testable import TaskStore

/// `store import` files: what a valid file yields, and every problem reported at its location.
@Suite struct StoreFileTests {
    /// The data of `text`, read as the file `tasks.yaml`, with ids made in order 1, 2, 3...
    static func parse(_ text: String) throws(StoreFileError) -> StoreFile {
        var made = 0
        return try StoreFile.parse(SourceText(name: "tasks.yaml", bytes: Array(text.utf8))) {
            made += 1
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", made)) ?? UUID()
        }
    }

    /// The diagnostics of an invalid `text`, one line each, without source snippets.
    static func problems(_ text: String) -> [String] {
        do throws(StoreFileError) {
            _ = try parse(text)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    static let id1 = "6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11"
    static let id2 = "0EBD2090-C844-442D-82AC-2583D6834FA5"

    @Test func readsEveryFieldWithItsDefault() throws {
        let file = try Self.parse(
            """
            tasks:
              - id: 6b1a1a3e-5f0c-4e8c-9c55-2f2b1b0c0d11
                title: Write the quarterly report
                priority: high
                category: work
                isCompleted: true
                dueDate: 2026-05-01T09:30:00+02:00
              - title: Call mom
              - title: 2024
                category: 42
                dueDate: 2026-05-01
                id: null
            focus:
              isOn: true

            """)
        #expect(
            file.tasks == [
                StoredTask(
                    id: Self.id1, title: "Write the quarterly report", priority: .high, category: "work",
                    isCompleted: true, dueDate: Date(timeIntervalSince1970: 1_777_620_600)),
                StoredTask(id: "00000000-0000-0000-0000-000000000001", title: "Call mom"),
                StoredTask(
                    id: "00000000-0000-0000-0000-000000000002", title: "2024", category: "42",
                    dueDate: Date(timeIntervalSince1970: 1_777_593_600)),
            ])
        #expect(file.focus == true)
    }

    @Test func focusIsOptional() throws {
        let file = try Self.parse("tasks: []\n")
        #expect(file == StoreFile(tasks: [], focus: nil))
    }

    @Test func readsJSONWithTheSameLoader() throws {
        let file = try Self.parse(
            """
            {"tasks":[{"id":"\(Self.id1)","title":"a","priority":"low","category":null,"isCompleted":false,"dueDate":null}],
             "focus":{"isOn":false}}
            """)
        #expect(file.tasks == [StoredTask(id: Self.id1, title: "a", priority: .low)])
        #expect(file.focus == false)
    }

    @Test func reportsEveryProblemInFileOrder() {
        let problems = Self.problems(
            """
            tasks:
              - id: nope
                title: ""
                priority: urgent
                isCompleted: yes
                dueDate: tomorrow
                colour: red
              - priority: hihg
              - just a string
              - title: [a]
                category: true
            focus: {isOn: maybe, extra: 1}

            """)
        #expect(
            problems == [
                "tasks.yaml:2:9: error: 'nope' is not a UUID; write one such as 6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11, "
                    + "or leave 'id' out to have one made",
                "tasks.yaml:3:12: error: 'title' must not be empty",
                "tasks.yaml:4:15: error: 'urgent' is not a priority; expected one of low, medium, high",
                "tasks.yaml:5:18: error: 'isCompleted' must be true or false, not a string 'yes' "
                    + "('yes' is a string in YAML 1.2; write true)",
                "tasks.yaml:6:14: error: 'tomorrow' is not an ISO 8601 date; write a date such as 2026-05-01 "
                    + "or a date-time such as 2026-05-01T09:00:00Z",
                "tasks.yaml:7:5: error: unknown key 'colour' in 'task'; expected one of id, title, priority, "
                    + "category, isCompleted, dueDate",
                "tasks.yaml:8:5: error: 'task' is missing the required key 'title'",
                "tasks.yaml:8:15: error: 'hihg' is not a priority; expected one of low, medium, high; did you mean 'high'?",
                "tasks.yaml:9:5: error: 'task' must be a mapping, not a string 'just a string'",
                "tasks.yaml:10:12: error: 'title' must be a string, not a list",
                "tasks.yaml:11:15: error: 'category' must be a string, not a boolean 'true' (write '\"true\"' for the text)",
                "tasks.yaml:12:15: error: 'isOn' must be true or false, not a string 'maybe'",
                "tasks.yaml:12:22: error: unknown key 'extra' in 'focus'; expected one of isOn",
            ])
    }

    /// A title or a category over 4 KiB of UTF-8 is refused at its line; one of exactly 4 KiB is
    /// read. `document` holds `TEXT` where the text goes.
    @Test(arguments: [
        ("title", "tasks:\n  - title: ok\n  - title: TEXT\n", "3:12"),
        ("category", "tasks:\n  - title: ok\n    category: TEXT\n", "3:15"),
    ])
    func aTextOverFourKiBIsRefusedAtItsLine(key: String, document: String, place: String) throws {
        let long = String(repeating: "é", count: 2049)  // two bytes each: 4,098 bytes
        #expect(
            Self.problems(document.replacingOccurrences(of: "TEXT", with: long))
                == [
                    "tasks.yaml:\(place): error: '\(key)' is 4098 bytes long; a \(key) holds at most 4096 "
                        + "bytes (4 KiB) of UTF-8"
                ])
        let limit = String(repeating: "x", count: 4096)
        let read = try Self.parse(document.replacingOccurrences(of: "TEXT", with: limit)).tasks.last
        #expect((key == "title" ? read?.title : read?.category) == limit)
    }

    @Test func aDuplicateIdNamesBothLines() {
        let problems = Self.problems(
            """
            tasks:
              - id: \(Self.id1.lowercased())
                title: a
              - id: \(Self.id2)
                title: b
              - title: c
                id: \(Self.id1)

            """)
        #expect(
            problems == [
                "tasks.yaml:7:9: error: duplicate task id '\(Self.id1)': first at line 2, again at line 7\n"
                    + "tasks.yaml:2:9: note: '\(Self.id1.lowercased())' first used here"
            ])
    }

    @Test(arguments: [
        (
            "2026-05-01T09:00:00",
            "'2026-05-01T09:00:00' has no time zone; add Z for UTC or an offset such as +02:00"
        ),
        ("2026-02-30", "'2026-02-30' is not a date: February 2026 has 28 days"),
        ("2026-05-01T24:00:00Z", "'2026-05-01T24:00:00Z' is not a date: an hour runs from 00 to 23, not 24"),
        (
            "2026-05-01 at nine",
            "'2026-05-01 at nine' is not an ISO 8601 date; write a date such as 2026-05-01 or a date-time such as "
                + "2026-05-01T09:00:00Z"
        ),
    ])
    func dueDatesAreCheckedStrictly(text: String, message: String) {
        #expect(
            Self.problems("tasks:\n  - title: a\n    dueDate: \(text)\n") == [
                "tasks.yaml:3:14: error: \(message)"
            ])
    }

    @Test func theFileMustHoldTasks() {
        #expect(
            Self.problems("focus: {isOn: true}\n") == [
                "tasks.yaml:1:1: error: 'store file' is missing the required key 'tasks'"
            ])
        #expect(
            Self.problems("tasks: {}\n") == ["tasks.yaml:1:8: error: 'tasks' must be a list, not a mapping"])
        #expect(
            Self.problems("- a\n") == ["tasks.yaml:1:1: error: 'store file' must be a mapping, not a list"])
        #expect(Self.problems("") == ["tasks.yaml: error: contains no YAML or JSON document"])
        #expect(
            Self.problems("tasks: []\n---\ntasks: []\n")
                == ["tasks.yaml:3:1: error: a store file holds one document; this is document 2 of 2"])
    }

    @Test func aSyntaxErrorIsReportedAtItsPlace() {
        let problems = Self.problems("{\"tasks\": [\n  {\"title\": \"a\",}\n")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("tasks.yaml:3:1: error: ") == true)
    }

    @Test func aMissingFileIsADiagnostic() throws {
        let error = try #require(throws: StoreFileError.self) {
            try StoreFile.load(path: "/no/such/tasks.yaml")
        }
        #expect(error.diagnostics.map(\.description) == ["/no/such/tasks.yaml: error: no such file"])
    }

    @Test func theSampleDataLoads() throws {
        let sample = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("config/data/tasks.yaml")
        let file = try StoreFile.load(path: sample.path)
        #expect((8...12).contains(file.tasks.count))
        #expect(Set(file.tasks.compactMap(\.category)) == ["work", "personal", "shopping"])
        #expect(Set(file.tasks.map(\.priority)) == Set(TaskPriority.allCases))
        #expect(file.tasks.contains { $0.isCompleted })
        #expect(file.tasks.contains { $0.dueDate != nil })
        #expect(file.focus == false)
    }

    // MARK: - Dates

    @Test(arguments: [
        ("2026-05-01", 1_777_593_600.0),
        ("2024-02-29", 1_709_164_800),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59z", -1),
        ("2026-05-01T09:00:00.25Z", 1_777_626_000.25),
        ("2026-05-01t09:00:00-01:30", 1_777_631_400),
        ("2026-05-01 09:00:00Z", 1_777_626_000),
    ])
    func parsesDatesAndDateTimes(text: String, seconds: Double) throws {
        #expect(try StrictISO8601.date(from: text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "", "2026", "2026-5-01", "2026-05-01T", "2026-05-01T09:00Z", "2026-05-01T09:00:00.Z",
        "2026-05-01T09:00:00+0200", "2026-05-01T09:00:00Zjunk", "2026-05-01x",
    ])
    func refusesWhatIsNotADate(text: String) {
        #expect(throws: StrictISO8601.Failure.invalid) { try StrictISO8601.date(from: text) }
    }

    /// A field out of range is named in words a person can act on.
    @Test(arguments: [
        ("2026-00-10", "there is no month 0"),
        ("2026-13-01", "there is no month 13"),
        ("2025-02-29", "February 2025 has 28 days"),
        ("2100-02-29", "February 2100 has 28 days"),
        ("2026-04-31", "April 2026 has 30 days"),
        ("2026-12-32", "December 2026 has 31 days"),
        ("2026-05-00", "there is no day 00"),
        ("2026-05-01T24:00:00Z", "an hour runs from 00 to 23, not 24"),
        ("2026-05-01T09:60:00Z", "a minute runs from 00 to 59, not 60"),
        ("2026-05-01T09:00:60Z", "a second runs from 00 to 59, not 60"),
        ("2026-05-01T09:00:00+24:00", "a time zone's offset runs from 00:00 to 23:59"),
    ])
    func aFieldOutOfRangeIsNamed(text: String, reason: String) {
        #expect(throws: StrictISO8601.Failure.outOfRange(reason)) { try StrictISO8601.date(from: text) }
    }

    @Test func aDateTimeWithoutAZoneIsNamedAsSuch() {
        #expect(throws: StrictISO8601.Failure.missingTimeZone) {
            try StrictISO8601.date(from: "2026-05-01T09:00:00")
        }
        #expect(throws: StrictISO8601.Failure.missingTimeZone) {
            try StrictISO8601.date(from: "2026-05-01T09:00:00.5")
        }
    }
}
