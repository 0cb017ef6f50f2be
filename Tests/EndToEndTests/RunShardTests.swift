import Foundation
import TestSupport
import Testing

/// `run --shard K/N` of the built binary: a batch of widgets run as N shards by GNU parallel gives
/// the whole run's output, each widget once; bad shards are refused.
@Suite struct RunShardTests {
    /// A configuration of `count` focus and task widgets with ids `w1`... and a store.
    static func batch(_ count: Int) throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let widgets = (1...count).map { index in
            index % 2 == 0
                ? "  - {id: w\(index), kind: FocusWidget}"
                : "  - {id: w\(index), kind: TaskWidget, configuration: {maxTasks: \(index % 5 + 1)}}"
        }
        try scratch.file("batch.yaml", "widgets:\n" + widgets.joined(separator: "\n") + "\n")
        return scratch
    }

    /// Runs `arguments` (after `widgethost`) once a shard with GNU parallel, `{}` the shard's number.
    static func parallel(_ scratch: TemporaryDirectory, shards: Int, _ arguments: [String]) throws
        -> WidgetHostProcess.Result
    {
        try WidgetHostProcess.run(
            ["parallel", "--halt", "now,fail=1", "--keep-order", WidgetHostProcess.executableURL.path]
                + arguments + [":::"] + (1...shards).map(String.init),
            environment: ["HOME": scratch.url.path], directory: scratch.url, timeout: .seconds(120),
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    @Test func shardsRunByGNUParallelReassembleIntoTheWholeRun() throws {
        let scratch = try Self.batch(60)
        let common = ["run", "batch.yaml", "--store", "store", "--at", "2026-12-05T09:00:00Z"]
        let whole = try scratch.widgethost(common + ["--format", "ndjson"])
        #expect(whole.status == 0, "\(whole.standardError)")
        let parts = try Self.parallel(scratch, shards: 4, common + ["--format", "ndjson", "--shard", "{}/4"])
        #expect(parts.status == 0, "\(parts.standardError)")
        let wholeLines = whole.standardOutput.split(separator: "\n")
        let partLines = parts.standardOutput.split(separator: "\n")
        #expect(wholeLines.count == 60)
        // Every widget once, each line byte for byte the whole run's: the same lines, in another order.
        #expect(partLines.sorted() == wholeLines.sorted())
        // Each shard alone holds some and only its own: no two shards share a widget.
        var seen = Set<String>()
        for shard in 1...4 {
            let run = try scratch.widgethost(common + ["--format", "ndjson", "--shard", "\(shard)/4"])
            #expect(run.status == 0)
            let ids = run.standardOutput.split(separator: "\n").map { line in
                String(line.split(separator: "\"")[3])
            }
            #expect(!ids.isEmpty)
            #expect(seen.isDisjoint(with: ids))
            seen.formUnion(ids)
        }
        #expect(seen.count == 60)

        // Pictures: the shards' files are the whole run's, byte for byte.
        let pictures = try scratch.widgethost(
            common + ["--format", "png", "--output", "whole", "--scale", "1"])
        #expect(pictures.status == 0)
        let sharded = try Self.parallel(
            scratch, shards: 3,
            common + ["--format", "png", "--output", "sharded", "--scale", "1", "--shard", "{}/3"])
        #expect(sharded.status == 0, "\(sharded.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("whole")).sorted()
        #expect(files.count == 60)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("sharded")).sorted() == files)
        for file in files {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: scratch.path("whole/\(file)")))
                    == Data(contentsOf: URL(fileURLWithPath: scratch.path("sharded/\(file)"))))
        }
    }

    @Test func aWidgetKeepsItsShardWhenOthersAreAdded() throws {
        let small = try Self.batch(20)
        let large = try Self.batch(80)
        for scratch in [small, large] {
            #expect(
                try scratch.widgethost(["run", "batch.yaml", "--store", "store", "--shard", "1/1"]).status
                    == 0)
        }
        for shard in 1...3 {
            let arguments = [
                "run", "batch.yaml", "--store", "store", "--format", "ndjson", "--shard", "\(shard)/3",
            ]
            let before = try small.widgethost(arguments).standardOutput.split(separator: "\n").map {
                String($0.split(separator: "\"")[3])
            }
            let after = try large.widgethost(arguments).standardOutput.split(separator: "\n").map {
                String($0.split(separator: "\"")[3])
            }
            #expect(Set(before).isSubset(of: Set(after)))
        }
    }

    @Test func badShardsAreRefused() throws {
        let scratch = try Self.batch(3)
        for shard in ["0/3", "4/3", "1/0", "a/b", "1-3", "+1/3", " 1/3", "1/3/3", "1/10001", "/3"] {
            let run = try scratch.widgethost(["run", "batch.yaml", "--store", "store", "--shard", shard])
            #expect(run.status == 64, "\(shard)")
            #expect(run.standardError.contains("is invalid for '--shard <k/n>'"), "\(shard)")
            #expect(run.standardOutput.isEmpty)
        }
    }
}
