import Diagnostics
import Foundation
import TestSupport
import Testing
import WidgetHostKit
import YAML

@testable import WidgetEngine
@testable import WidgetHost

/// A configuration written like one read before without a diagnostic is taken as it was read;
/// anything else is read again, so each problem is still reported where it is written.
@Suite struct ConfigurationLoaderWrittenAsTests {
    @Test func configurationsWrittenAlikeReadAlikeAndProblemsAreReportedEachTime() throws {
        let directory = try Fixture.files([
            "widgets.yaml": """
            widgets:
              - {id: a, kind: TaskWidget, configuration: {maxTasks: 3, category: work}}
              - {id: b, kind: TaskWidget, configuration: {maxTasks: 3, category: work}}
              - {id: c, kind: TaskWidget, configuration: {maxTasks: "3", category: work}}
              - {id: d, kind: TaskWidget, configuration: {priorityFilter: urgent}}
              - {id: e, kind: TaskWidget, configuration: {priorityFilter: urgent}}
              - {id: f, kind: TaskWidget, configuration: {maxTasks: 3, category: work, bogus: 1}}
              - {id: g, kind: TaskWidget, configuration: {category: work, maxTasks: 3}}
              - {id: h, kind: TaskWidget}
              - {id: i, kind: TaskWidget, configuration: }

            """
        ])
        let loaded = ConfigurationLoader(registry: try Fixture.registry()).load([
            directory.path("widgets.yaml")
        ])
        #expect(
            loaded.diagnostics.map { "\($0.location?.line ?? 0) \($0.code.rawValue)" } == [
                "4 config.type-mismatch", "5 config.unknown-case", "6 config.unknown-case",
                "7 config.unknown-key",
            ])
        // The valid ones were not loaded: nothing runs; their values are checked below alone.
        let valid = try Fixture.files([
            "widgets.yaml": """
            widgets:
              - {id: a, kind: TaskWidget, configuration: {maxTasks: 3, category: work}}
              - {id: b, kind: TaskWidget, configuration: {maxTasks: 3, category: work}}
              - {id: g, kind: TaskWidget, configuration: {category: work, maxTasks: 3}}
              - {id: h, kind: TaskWidget}
              - {id: i, kind: TaskWidget, configuration: }
              - {id: j, kind: TaskWidget, configuration: {maxTasks: 4, category: work}}

            """
        ])
        let instances = ConfigurationLoader(registry: try Fixture.registry())
            .load([valid.path("widgets.yaml")]).instances
        let values = instances.map { ($0.configuration["maxTasks"], $0.configuration["category"]) }
        #expect(values.map(\.0) == [.int(3), .int(3), .int(3), .int(3), .int(3), .int(4)])
        #expect(
            values.map(\.1) == [
                .string("work"), .string("work"), .string("work"), .string("all"), .string("all"),
                .string("work"),
            ])
    }

    /// The same text under another kind, or with another tag or style, is written otherwise.
    @Test func whatAConfigurationIsWrittenAs() throws {
        let root = try YAMLLoader().load(
            SourceText(
                name: "t.yaml",
                bytes: Array("a: {n: 3}\nb: {n: 3}\nc: {n: '3'}\nd: {n: \"3\"}\ne: {n: [3]}\nf:\n".utf8))
        ).first
        let node = try #require(root)
        let writtenAs = { (key: String, kind: String) in
            ConfigurationLoader.writtenAs(node[key], kind: kind)
        }
        #expect(writtenAs("a", "K") == writtenAs("b", "K"))
        #expect(writtenAs("a", "K") != writtenAs("a", "L"))
        #expect(writtenAs("a", "K") != writtenAs("c", "K"))
        #expect(writtenAs("c", "K") != writtenAs("d", "K"))
        #expect(writtenAs("e", "K") == nil)
        #expect(
            writtenAs("f", "K") != nil && writtenAs("f", "K") != ConfigurationLoader.writtenAs(nil, kind: "K")
        )
    }
}
