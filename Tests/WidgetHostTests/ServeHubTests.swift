import Diagnostics
import Foundation
import LiveHost
import Synchronization
import Testing
import WidgetHostKit
import YAML

@testable import Rendering
@testable import WidgetEngine
@testable import WidgetHost
@testable import WidgetServer

/// What `serve` keeps of the live host's events: the latest of each widget in order, never a log,
/// and streams that start from it, follow what changes, and end when the server stops.
@Suite struct ServeHubTests {
    let hub = ServeHub(renderer: HTMLPageRenderer(), keepAlive: .seconds(5))
    let start = ContinuousClock.now

    func result(_ id: String, message: String = "down") -> WidgetResult {
        let instance = WidgetInstance(
            id: id, kind: "K", family: .systemSmall, configuration: [:], appGroup: "group",
            file: "w.yaml", location: SourceLocation(line: 1, column: 1))
        return WidgetResult(
            instance: instance, family: .systemSmall,
            outcome: .failure(WidgetFailure(code: .widgetProviderFailed, message: message)))
    }

    /// What the stream has at `start` + `seconds`: its text, `wait` or `end`.
    func text(_ stream: ServeHub.EventStream, at seconds: Int = 0) -> String {
        switch stream.next(now: start + .seconds(seconds)) {
        case .data(let messages): String(decoding: messages.flatMap { $0 }, as: UTF8.self)
        case .wait: "wait"
        case .end: "end"
        }
    }

    /// The `event: card` messages of `text`, as `{"id", "html"}`.
    func cards(_ text: String) -> [(id: String, html: String)] {
        text.components(separatedBy: "\n\n").compactMap { message in
            guard message.hasPrefix("event: card\ndata: ") else { return nil }
            let json = Data(message.dropFirst("event: card\ndata: ".count).utf8)
            guard let card = try? JSONSerialization.jsonObject(with: json) as? [String: String],
                let id = card["id"], let html = card["html"]
            else { return nil }
            return (id, html)
        }
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
        #expect(cards(snapshot).map(\.id) == ["a", "b"])
        #expect(cards(snapshot).first?.html.hasPrefix("<figure class=\"widget\">") == true)
        // It ends with the order of the widgets hosted, so that a page that reconnects drops the
        // cards of widgets removed while it was away.
        #expect(snapshot.hasSuffix("data: {\"event\":\"order\",\"ids\":[\"a\",\"b\"]}\n\n"))
    }

    @Test func aStreamFollowsEventsAndSaysItIsAliveWhenNothingHappens() {
        let stream = hub.subscribe()
        #expect(text(stream) == "retry: 1000\n\ndata: {\"event\":\"order\",\"ids\":[]}\n\n")
        #expect(text(stream, at: 4) == "wait")
        #expect(text(stream, at: 5) == ": keep-alive\n\n")
        #expect(text(stream, at: 6) == "wait")
        hub.publish(.widget(.start, result("x")))
        #expect(cards(text(stream, at: 6)).map(\.id) == ["x"])
        hub.publish(.removed(id: "x"))
        #expect(text(stream, at: 6) == "data: {\"event\":\"removed\",\"id\":\"x\"}\n\n")
        #expect(text(stream, at: 6) == "wait")
    }

    @Test func aStreamIsWokenByEachEventAndEndsWhenTheServerStops() {
        let stream = hub.subscribe()
        let wakes = Mutex(0)
        stream.onChange { wakes.withLock { $0 += 1 } }
        _ = text(stream)
        hub.publish(.widget(.start, result("a")))
        #expect(wakes.withLock { $0 } == 1)
        hub.close()
        #expect(wakes.withLock { $0 } == 2)
        #expect(text(stream) == "end")
        #expect(text(hub.subscribe()) == "end")
        // A closed stream is woken no more.
        stream.close()
    }

    @Test func aSlowStreamGetsTheLatestStateAndSkipsTheStatesBetween() {
        hub.publish(.widget(.start, result("a")))
        hub.publish(.widget(.start, result("b")))
        hub.publish(.widget(.start, result("c")))
        let stream = hub.subscribe()
        _ = text(stream)
        for round in 1...100 { hub.publish(.widget(.request, result("a", message: "round \(round)"))) }
        hub.publish(.removed(id: "b"))
        hub.publish(.widget(.start, result("d")))
        hub.publish(.order(["d", "c", "a"]))
        hub.publish(.diagnostics([]))
        let behind = text(stream)
        #expect(behind.hasPrefix("data: {\"event\":\"removed\",\"id\":\"b\"}\n\n"))
        #expect(cards(behind).map(\.id) == ["a", "d"])
        #expect(cards(behind).first?.html.contains("round 100") == true)
        #expect(!behind.contains("round 99<"))
        #expect(behind.contains("data: {\"event\":\"diagnostics\",\"diagnostics\":[]}\n\n"))
        #expect(behind.hasSuffix("data: {\"event\":\"order\",\"ids\":[\"d\",\"c\",\"a\"]}\n\n"))
        // An order the page already has is not sent again.
        hub.publish(.widget(.entry, result("c")))
        #expect(!text(stream).contains("\"event\":\"order\""))
    }

    @Test func manyLargeEventsWithNoClientKeepTheRetainedBytesBounded() {
        let large = String(repeating: "m", count: 100_000)
        let ids = ["a", "b", "c", "d", "e"]
        for id in ids { hub.publish(.widget(.start, result(id, message: large + " 0"))) }
        let first = hub.retainedBytes
        for round in 1...40 {
            for id in ids { hub.publish(.widget(.entry, result(id, message: large + " \(round)"))) }
            hub.publish(.plugin(name: "p", state: round % 2 == 0 ? .running : .failed, message: large))
            hub.publish(.diagnostics([]))
        }
        // The latest event and card of each widget, each about twice the message, and the latest
        // notices: not the 240 events published.
        #expect(first >= 5 * 200_000)
        #expect(hub.retainedBytes <= first + 200_000, "\(hub.retainedBytes) bytes kept")
        // A late client still gets every widget's latest card.
        let late = text(hub.subscribe())
        #expect(cards(late).map(\.id) == ids)
        #expect(cards(late).allSatisfy { $0.html.contains(large + " 40") })
    }
}
