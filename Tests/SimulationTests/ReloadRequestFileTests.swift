import Diagnostics
import Foundation
import Simulation
import Testing

/// The requests file: requests read in file order, every problem at its line and column.
@Suite struct ReloadRequestFileTests {
    static let from = Date(timeIntervalSince1970: 1_796_428_800)  // 2026-12-05T00:00:00Z
    static let span = from..<from.addingTimeInterval(86_400)
    static let kinds: Set = ["TaskWidget", "FocusWidget"]

    static func parse(_ text: String) throws(ReloadRequestFileError) -> ReloadRequestFile.Contents {
        try ReloadRequestFile.parse(
            SourceText(name: "requests.yaml", bytes: Array(text.utf8)), span: span, kinds: kinds)
    }

    /// Flow and block mappings, JSON, kinds left out: each a request, in file order.
    @Test func requestsAreReadInFileOrder() throws {
        let contents = try Self.parse(
            """
            - {at: 2026-12-05T09:30:00Z, kinds: [TaskWidget]}
            - at: 2026-12-05T08:00:00+01:00
              foreground: true
            - {"at": "2026-12-05T10:00:00.5Z", "kinds": ["FocusWidget", "TaskWidget"]}
            """)
        #expect(contents.warnings.isEmpty)
        #expect(
            contents.requests == [
                ReloadRequest(date: Self.from + 9.5 * 3_600, kinds: ["TaskWidget"], line: 1),
                ReloadRequest(date: Self.from + 7 * 3_600, foreground: true, line: 2),
                ReloadRequest(
                    date: Self.from + 10 * 3_600 + 0.5, kinds: ["FocusWidget", "TaskWidget"], line: 4),
            ])
    }

    /// Each problem at its place, with its code; the file yields nothing.
    @Test(
        arguments: [
            ("- {kinds: [TaskWidget]}\n", 1, 3, "config.missing-key", "missing the required key 'at'"),
            ("- {at: 2026-12-05T09:30:00}\n", 1, 8, "simulate.invalid-request", "has no time zone"),
            ("- {at: tomorrow}\n", 1, 8, "simulate.invalid-request", "is not an ISO 8601 date"),
            (
                "- {at: 2026-12-05T09:30:00Z, kinds: TaskWidget}\n", 1, 37, "config.type-mismatch",
                "must be a list"
            ),
            ("- {at: 2026-12-05T09:30:00Z, kinds: []}\n", 1, 37, "simulate.invalid-request", "lists no kind"),
            ("- {at: 2026-12-05T09:30:00Z, when: now}\n", 1, 30, "config.unknown-key", "when"),
            (
                "- {at: 2026-12-05T09:30:00Z, foreground: maybe}\n", 1, 42, "config.type-mismatch",
                "foreground"
            ),
            ("at: 2026-12-05T09:30:00Z\n", 1, 1, "config.type-mismatch", "must be a list"),
            ("", nil, nil, "simulate.invalid-request", "holds no requests"),
            ("- {at: [\n", 2, 1, "yaml", "expected"),
        ] as [(String, Int?, Int?, String, String)])
    func problemsAreReportedAtTheirPlace(text: String, line: Int?, column: Int?, code: String, words: String)
        throws
    {
        do {
            let contents = try Self.parse(text)
            Issue.record("read \(contents.requests.count) requests from \(text.debugDescription)")
        } catch {
            let first = try #require(error.diagnostics.first { $0.severity == .error })
            #expect(first.location?.line == line)
            if let column { #expect(first.location?.column == column) }
            #expect(first.code.rawValue.hasPrefix(code))
            #expect(first.message.contains(words), "\(first.message)")
        }
    }

    /// A request outside the span and one for a kind not simulated are warnings; the first is
    /// left out.
    @Test func outsideTheSpanAndUnknownKindsAreWarnings() throws {
        let contents = try Self.parse(
            """
            - {at: 2026-12-04T23:59:59Z}
            - {at: 2026-12-06T00:00:00Z}
            - {at: 2026-12-05T12:00:00Z, kinds: [TaskWidgte]}
            """)
        #expect(contents.requests.map(\.line) == [3])
        #expect(
            contents.warnings.map(\.code) == [
                .simulateRequestOutsideSpan, .simulateRequestOutsideSpan, .simulateUnknownKind,
            ])
        #expect(contents.warnings.map { $0.location?.line } == [1, 2, 3])
        #expect(
            contents.warnings[2].message
                == "no simulated widget has the kind 'TaskWidgte'; did you mean 'TaskWidget'?")
        #expect(contents.warnings.allSatisfy { $0.severity == .warning })
    }
}
