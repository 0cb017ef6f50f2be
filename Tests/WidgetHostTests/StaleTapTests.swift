import Diagnostics
import FocusWidget
import Foundation
import LiveHost
import Quickmenu
import TaskWidget
import TestSupport
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

@testable import WidgetServer

/// A tap acts on the view that was shown: the screen and the page send the revision of the view
/// they drew, and a widget that shows another view by then is not tapped (control N of the new
/// view may be another control).
@Suite struct StaleTapTests {
    let store: TemporaryDirectory
    let session: HostSession
    let focus: WidgetInstance
    let date = Date(timeIntervalSince1970: 1_796_000_000)

    init() throws {
        store = try TemporaryDirectory()
        session = try HostSession(
            bundles: [TaskWidgetBundle(), FocusWidgetBundle(), QuickmenuBundle()],
            settings: .init(storeOption: store.url.path, hostVersion: "test", environment: [:]))
        focus = WidgetInstance(
            id: "focus", kind: "FocusWidget", family: .systemSmall, configuration: [:],
            appGroup: "group.com.example.taskapp", file: "w.yaml",
            location: SourceLocation(line: 1, column: 1))
    }

    /// The revision of the view `focus` shows now.
    func shownRevision() async throws -> ViewRevision {
        let run = await session.evaluate([focus], options: RunOptions(date: date))
        let evaluation = try #require(try run.results.first?.outcome.get())
        return ViewRevision(evaluation.current.view)
    }

    /// Whether focus mode is on, as the widget's entry says.
    func focusIsOn() async throws -> Bool {
        let run = await session.evaluate([focus], options: RunOptions(date: date))
        let evaluation = try #require(try run.results.first?.outcome.get())
        return evaluation.current.data["isFocusModeOn"]?.boolValue == true
    }

    @Test func aTapOnTheViewShownRunsItsControl() async throws {
        let shown = try await shownRevision()
        let outcome = await session.tap(focus, control: 1, date: date, shown: shown)
        guard case .success(.performed(.success)) = outcome else {
            Issue.record("the tap on the view shown did not run: \(outcome)")
            return
        }
        #expect(try await focusIsOn())
    }

    @Test func aTapOnAViewThatHasSinceChangedRunsNothing() async throws {
        let shown = try await shownRevision()
        // The data changes between drawing and tapping (another tap, a script, the timeline).
        guard case .success(.performed(.success)) = await session.tap(focus, control: 1, date: date) else {
            Issue.record("the first tap did not run")
            return
        }
        let now = try await shownRevision()
        #expect(now != shown)
        let outcome = await session.tap(focus, control: 1, date: date, shown: shown)
        guard case .failure(let failure) = outcome, case .staleView(let said, let current) = failure else {
            Issue.record("a tap on a stale view was not refused: \(outcome)")
            return
        }
        #expect(said == shown)
        #expect(current == now)
        #expect(failure.code == .tapStaleView)
        #expect(
            failure.message(control: 1, of: "focus")
                == "widget 'focus' changed after it was shown, so control 1 was not tapped (it may now be "
                + "another control); look at the widget again and tap")
        // The stale tap changed nothing: focus is still on, as the first tap left it.
        #expect(try await focusIsOn())
    }

    @Test func aRevisionIsSixteenHexDigitsAndReadsBack() throws {
        let revision = try #require(try? ViewRevision(ViewNode(type: .text, text: "a")))
        #expect(revision.description.count == 16)
        #expect(ViewRevision(revision.description) == revision)
        #expect(ViewRevision(ViewNode(type: .text, text: "b")) != revision)
        for bad in [
            "", "abc", "ABCDEF0123456789", "0123456789abcdeg", "0123456789abcdef0", "+123456789abcdef",
        ] {
            #expect(ViewRevision(bad) == nil, "\(bad)")
        }
    }

    /// `serve` answers a stale tap 409 with `tap.stale-view`, runs the current one, and refuses a
    /// revision that is not one (400).
    @Test func serveRefusesAStaleTapWith409() async throws {
        let server = WidgetServer(session: session, idleTimeout: 10)
        server.port = 8080
        let run = await session.evaluate([focus], options: RunOptions(date: date))
        let result = try #require(run.results.first)
        server.publish(.widget(.start, result))
        let shown = ViewRevision(try result.outcome.get().current.view)
        func post(_ revision: String) async -> HTTPResponse {
            let request = HTTPRequest(
                method: "POST", path: "/widgets/focus/controls/1",
                headers: [
                    "host": "127.0.0.1:8080", "x-widgethost-token": server.token,
                    "x-widgethost-revision": revision,
                ],
                query: ["token": server.accessToken], body: [])
            let response = server.check(request) ?? server.respond(to: request)
            // A tap is answered once its intent has run.
            guard case .later(let pending) = response.body else { return response }
            return await pending.value()
        }
        func text(_ response: HTTPResponse) -> String {
            guard case .bytes(let bytes) = response.body else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
        let bad = await post("not-a-revision")
        #expect(bad.status == 400)
        #expect(try await focusIsOn() == false)
        let first = await post(shown.description)
        #expect(first.status == 200, "\(text(first))")
        #expect(try await focusIsOn())
        // The page still shows the first view: its second click is refused, and nothing runs.
        let stale = await post(shown.description)
        #expect(stale.status == 409)
        #expect(text(stale).contains(#""code":"tap.stale-view""#))
        #expect(try await focusIsOn())
    }
}
