import Testing
import WidgetHost

/// `--shard K/N`: parts by a fixed hash of the id, disjoint, covering, stable as widgets are added.
@Suite struct RunPlanShardTests {
    @Test func theHashIsFNV1aOf64Bits() {
        // The published test vectors of FNV-1a, 64 bits.
        #expect(RunPlan.Shard.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(RunPlan.Shard.hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(RunPlan.Shard.hash("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func partsAreWrittenKSlashN() {
        #expect(RunPlan.Shard("2/5") == RunPlan.Shard(index: 2, count: 5))
        #expect(RunPlan.Shard("1/1")?.description == "1/1")
        #expect(RunPlan.Shard("10000/10000") != nil)
        for text in [
            "0/5", "6/5", "1/0", "", "/", "1/", "/5", "a/5", "+1/5", "1 /5", "-1/5", "1/10001", "1/5/5",
            "2.0/5",
        ] {
            #expect(RunPlan.Shard(text) == nil, "\(text)")
        }
    }

    @Test func thePartsAreDisjointAndCoverEveryWidget() throws {
        let ids = (0..<1000).map { "widget-\($0)" }
        for count in [1, 2, 3, 7] {
            let shards = try (1...count).map { try #require(RunPlan.Shard(index: $0, count: count)) }
            for id in ids { #expect(shards.filter { $0.contains(id) }.count == 1) }
            // Roughly even: no part holds less than half its share.
            for shard in shards { #expect(ids.filter(shard.contains).count > 1000 / count / 2) }
        }
    }
}
