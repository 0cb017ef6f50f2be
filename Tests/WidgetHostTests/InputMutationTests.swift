import Diagnostics
import Foundation
import TaskStore
import TestSupport
import Testing
import WidgetEngine
import WidgetHost

/// The sample configuration and store file mangled at random (seeded, so a failure replays):
/// whatever the text, reading it never traps, and every problem names its file, line and column.
@Suite struct InputMutationTests {
    /// Pieces of YAML and of the configuration format inserted at random places.
    static let pieces = [
        "{", "}", "[", "]", ":", "- ", "&a ", "*a", "<<: *a", "!!int ", "!!str ", "\"", "'", "\t", "\n", "  ",
        "#", "|", ">", "---\n", "...\n", "\u{FF}", "null", "~", "true", "0x1F", "1e999", "?", ",", "!",
        "kind: TaskWidget", "configuration: {maxTasks: 0}", "family: systemHuge", "id: x",
        "maxTasks: 99999999999999999999999", "appGroup: [1]", "widgets: 3", "dueDate: 2026-02-30",
        "priority: urgent", "id: not-a-uuid", "id: 0EBD2090-C844-442D-82AC-2583D6834FA5", "title: \"\"",
        "focus: {isOn: maybe}", "tasks: {}",
    ].map { Array($0.utf8) }

    /// A file of the sample in `config/`.
    static func sample(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("config/\(name)")
        return try [UInt8](Data(contentsOf: url))
    }

    /// `bytes` with one to five insertions, deletions or copies.
    static func mangle(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var data = bytes
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let at = Int.random(in: 0...data.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                data.insert(contentsOf: pieces.randomElement(using: &random) ?? [], at: at)
            case 1:
                data.removeSubrange(at..<min(data.count, at + Int.random(in: 1...20, using: &random)))
            default:
                let count = Int.random(in: 1...40, using: &random)
                let from = Int.random(in: 0...max(0, data.count - count), using: &random)
                data.insert(contentsOf: data[from..<min(data.count, from + count)], at: at)
            }
        }
        return data
    }

    @Test func everyProblemInAMangledConfigurationHasAPlace() throws {
        let original = try Self.sample("widgets.yaml")
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        let path = directory.appendingPathComponent("widgets.yaml").path
        let loader = ConfigurationLoader(registry: try Fixture.registry())
        var random = SplitMix64(seed: 0xC0F1_6000)
        var (valid, invalid) = (0, 0)
        for round in 0..<300 {
            let text = Self.mangle(original, using: &random)
            try Data(text).write(to: URL(fileURLWithPath: path))
            let loaded = loader.load([path])
            if loaded.hasErrors {
                invalid += 1
                #expect(!loaded.diagnostics.isEmpty)
            } else {
                valid += 1
            }
            for diagnostic in loaded.diagnostics where diagnostic.file != path || diagnostic.location == nil {
                Issue.record("round \(round): a diagnostic without its place: \(diagnostic)")
            }
        }
        // The mangling reaches both sides.
        #expect(valid > 3 && invalid > 100, "\(valid) valid, \(invalid) invalid")
    }

    @Test func everyProblemInAMangledStoreFileHasAPlace() throws {
        let original = try Self.sample("data/tasks.yaml")
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        let path = directory.appendingPathComponent("tasks.yaml").path
        var random = SplitMix64(seed: 0x5707_E000)
        var (valid, invalid) = (0, 0)
        for round in 0..<300 {
            try Data(Self.mangle(original, using: &random)).write(to: URL(fileURLWithPath: path))
            do throws(StoreFileError) {
                _ = try StoreFile.load(path: path)
                valid += 1
            } catch {
                invalid += 1
                #expect(!error.diagnostics.isEmpty)
                for diagnostic in error.diagnostics
                where diagnostic.file != path || diagnostic.location == nil {
                    Issue.record("round \(round): a diagnostic without its place: \(diagnostic)")
                }
            }
        }
        #expect(valid > 3 && invalid > 100, "\(valid) valid, \(invalid) invalid")
    }
}
