import Diagnostics
import Foundation
import Testing
import WidgetHostKit
import YAML

@testable import WidgetHost

/// What `serve` keeps of the live host's events: the latest of each widget in order, and streams
/// that start from it, follow each event, and end when the server stops or they fall behind.
@Suite struct ServeHubTests {
    let hub = ServeHub(renderer: HTMLPageRenderer(), keepAlive: 0.2)

    func result(_ id: String, message: String = "down") -> WidgetResult {
        let instance = WidgetInstance(
            id: id, kind: "K", family: .systemSmall, configuration: [:], appGroup: "group",
            file: "w.yaml", location: SourceLocation(line: 1, column: 1))
        return WidgetResult(
            instance: instance, family: .systemSmall,
            outcome: .failure(WidgetFailure(code: .widgetProviderFailed, message: message)))
    }

    func text(_ stream: ServeHub.EventStream) -> String {
        String(decoding: stream.read(max: 1 << 20) ?? [], as: UTF8.self)
    }

    @Test func aNewStreamStartsFromEachWidgetsLatestEventAndCardInOrder() {
        hub.publish(.widget(.start, result("a", message: "first")))
        hub.publish(.widget(.start, result("b")))
        hub.publish(.widget(.request, result("a", message: "second")))
        hub.publish(.widget(.start, result("c")))
        hub.publish(.removed(id: "c"))
        #expect(hub.results.map(\.instance.id) == ["a", "b"])
        let snapshot = text(hub.subscribe())
        #expect(
            snapshot.hasPrefix(
                "retry: 1000\n\ndata: {\"event\":\"widget\",\"reason\":\"request\",\"id\":\"a\""))
        #expect(snapshot.contains("second"))
        #expect(!snapshot.contains("first"))
        #expect(!snapshot.contains("\"id\":\"c\""))
        let cards = snapshot.components(separatedBy: "event: card\ndata: ").dropFirst()
        #expect(cards.count == 2)
        #expect(cards.first?.hasPrefix("{\"id\":\"a\",\"html\":\"<figure class=\\\"widget\\\">") == true)
    }

    @Test func aStreamFollowsEventsAndSaysItIsAliveWhenNothingHappens() {
        let stream = hub.subscribe()
        #expect(text(stream) == "retry: 1000\n\n")
        #expect(text(stream) == ": keep-alive\n\n")
        hub.publish(.removed(id: "x"))
        #expect(text(stream) == "data: {\"event\":\"removed\",\"id\":\"x\"}\n\n")
    }

    @Test func aStreamEndsWhenTheServerStopsOrItFallsBehind() {
        let behind = hub.subscribe()
        _ = text(behind)
        for index in 0...ServeHub.logLimit { hub.publish(.removed(id: "w\(index)")) }
        #expect(behind.read(max: 100) == nil)
        let waiting = hub.subscribe()
        _ = text(waiting)
        hub.close()
        #expect(waiting.read(max: 100) == nil)
    }

    @Test func aLongMessageIsReadInPiecesOfTheSizeAsked() {
        hub.publish(.widget(.start, result("a", message: String(repeating: "m", count: 5000))))
        let stream = hub.subscribe()
        var pieces: [Int] = []
        var all: [UInt8] = []
        while all.count < 10_000, let bytes = stream.read(max: 1024) {
            pieces.append(bytes.count)
            all += bytes
        }
        #expect(pieces.dropLast().allSatisfy { $0 == 1024 })
        #expect(String(decoding: all, as: UTF8.self).contains(String(repeating: "m", count: 5000)))
    }
}
