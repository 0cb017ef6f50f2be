import Diagnostics
import Rendering
import Testing
import WidgetHostKit

@testable import WidgetEngine
@testable import WidgetHost

/// The reason of a failure: the code of a ``CodedError`` the widget's or intent's code threw.
@Suite struct WidgetFailureTests {
    struct Coded: CodedError, CustomStringConvertible {
        var code: String
        var description: String { "the station is closed" }
    }

    struct Plain: Error, CustomStringConvertible {
        var description: String { "the station is closed" }
    }

    @Test(arguments: [
        ("task.not-found", true), ("a", true), ("http2.refused", true), ("store.busy-now", true),
        ("", false), ("Task.not-found", false), ("task..found", false), ("task.", false), (".task", false),
        ("task-.found", false), ("2fa.failed", false), ("task not found", false), ("tâche.perdue", false),
        (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false),
    ])
    func aReasonIsLowerCaseWordsJoinedByDotsAndDashes(code: String, isWellFormed: Bool) {
        #expect(WidgetFailure.isWellFormedReason(code) == isWellFormed)
    }

    @Test func aCodedErrorGivesItsCodeAsTheReason() {
        let failure = WidgetFailure(
            code: .intentFailed, message: "the station is closed", error: Coded(code: "station.closed"))
        #expect(
            failure
                == WidgetFailure(
                    code: .intentFailed, message: "the station is closed", reason: "station.closed"))
        #expect(
            failure.code.json(message: failure.message, reason: failure.reason).description
                == #"{"code":"intent.failed","message":"the station is closed","reason":"station.closed"}"#)
    }

    @Test func aMalformedCodeIsLeftOutAndNamed() {
        let failure = WidgetFailure(
            code: .widgetProviderFailed, message: "the provider failed: the station is closed",
            error: Coded(code: "Station Closed"))
        #expect(failure.reason == nil)
        #expect(
            failure.message
                == #"the provider failed: the station is closed (its code "Station Closed" is left out: a code is "#
                + "lower-case words joined by dots and dashes)")
    }

    @Test func anotherErrorHasNoReason() {
        let failure = WidgetFailure(code: .intentFailed, message: "the station is closed", error: Plain())
        #expect(failure == WidgetFailure(code: .intentFailed, message: "the station is closed"))
        #expect(
            failure.code.json(message: failure.message, reason: failure.reason).description
                == #"{"code":"intent.failed","message":"the station is closed"}"#)
    }
}
