import AppGroup
import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import TaskStore

/// `store export`: the JSON and YAML texts, and that both import back unchanged.
@Suite struct StoreFileExportTests {
    static let tasks = [
        StoredTask(
            id: "6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11", title: "Write the quarterly report", priority: .high,
            category: "work", isCompleted: false, dueDate: Date(timeIntervalSince1970: 1_777_626_000)),
        StoredTask(
            id: "0EBD2090-C844-442D-82AC-2583D6834FA5", title: "Buy \"2%\" milk: the good one",
            priority: .low,
            category: nil, isCompleted: true, dueDate: nil),
        StoredTask(id: "42A93937-ACFF-439C-ACE2-EB577878E925", title: "yes", category: "tab\there"),
    ]

    @Test func jsonIsOneLineWithKeysInContractOrder() {
        let export = StoreExport(tasks: Self.tasks, isFocusModeOn: true)
        #expect(
            export.text(.json)
                == #"{"tasks":[{"id":"6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11","title":"Write the quarterly report","#
                + #""priority":"high","category":"work","isCompleted":false,"dueDate":"2026-05-01T09:00:00Z"},"#
                + #"{"id":"0EBD2090-C844-442D-82AC-2583D6834FA5","title":"Buy \"2%\" milk: the good one","#
                + #""priority":"low","category":null,"isCompleted":true,"dueDate":null},"#
                + #"{"id":"42A93937-ACFF-439C-ACE2-EB577878E925","title":"yes","priority":"medium","#
                + #""category":"tab\there","isCompleted":false,"dueDate":null}],"focus":{"isOn":true}}"#
                + "\n")
    }

    @Test func anEmptyStoreExports() {
        let export = StoreExport(tasks: [], isFocusModeOn: false)
        #expect(export.json == "{\"tasks\":[],\"focus\":{\"isOn\":false}}\n")
        #expect(export.yaml == "tasks: []\nfocus:\n  isOn: false\n")
    }

    @Test func yamlQuotesOnlyWhatNeedsIt() {
        let export = StoreExport(tasks: Self.tasks, isFocusModeOn: false)
        #expect(
            export.text(.yaml) == """
                tasks:
                  - id: 6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11
                    title: Write the quarterly report
                    priority: high
                    category: work
                    isCompleted: false
                    dueDate: "2026-05-01T09:00:00Z"
                  - id: 0EBD2090-C844-442D-82AC-2583D6834FA5
                    title: "Buy \\"2%\\" milk: the good one"
                    priority: low
                    isCompleted: true
                  - id: 42A93937-ACFF-439C-ACE2-EB577878E925
                    title: "yes"
                    priority: medium
                    category: "tab\\there"
                    isCompleted: false
                focus:
                  isOn: false

                """)
    }

    @Test(arguments: [
        "plain words", "Off", "null", "~", "- dash", "a: b", "a #b", "trailing ", "", "1234", "[x]", "{x}",
        "*alias",
        "&anchor", "!tag", "%directive", "@at", "`tick`", "'single'", "\"double\"", "line\nbreak",
        "del\u{7F}",
        "c1\u{85}\u{9F}", "ünïcödé 🎉", "?", "emoji🎉", "separators\u{2028}\u{2029}", "bom\u{FEFF}",
        "non\u{FFFE}\u{FFFF}characters", "\u{10FFFF}",
    ])
    func everyTitleReadsBackAsWritten(title: String) throws {
        let task = StoredTask(
            id: "6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11", title: title.isEmpty ? "x" : title, category: title)
        let export = StoreExport(tasks: [task], isFocusModeOn: true)
        for format in StoreExport.Format.allCases {
            let text = export.text(format)
            let file = try StoreFile.parse(SourceText(name: "export", bytes: Array(text.utf8)))
            #expect(file == StoreFile(tasks: [task], focus: true), "\(format): \(text)")
        }
    }

    @Test func readsTheStore() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks(Self.tasks, focus: true)
        #expect(try StoreExport(store: store) == StoreExport(tasks: Self.tasks, isFocusModeOn: true))
    }
}
