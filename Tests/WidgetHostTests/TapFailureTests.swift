import Diagnostics
import PluginHosting
import Testing
import WidgetHostKit

@testable import WidgetEngine
@testable import WidgetHost

/// What a failed tap says, in `watch`'s status line: a sentence naming the control and the widget,
/// never the enumeration's own spelling.
@Suite struct TapFailureTests {
    @Test(arguments: [
        (
            HostSession.TapFailure.unknownIntent(""),
            "control 2 of 'w' runs an intent widgethost does not know"
        ),
        (
            .unknownIntent("GhostIntent"),
            "control 2 of 'w' runs the intent 'GhostIntent', which no built-in widget or plugin declares"
        ),
        (.noSuchControl(number: 2, count: 1), "widget 'w' has 1 control now; there is no 2"),
        (
            .noIntent(.button),
            "control 2 of 'w' is a button without an intent, so tapping it runs nothing (its plugin drew it "
                + "without one)"
        ),
        (
            .invalidValues(intent: "SetIntent", messages: ["'x' must be an integer", "'y' is unknown"]),
            "control 2 of 'w' runs SetIntent with values it does not declare: 'x' must be an integer; 'y' is unknown"
        ),
        (
            .widgetFailed(WidgetFailure(code: .widgetProviderFailed, message: "the provider failed: boom")),
            "widget 'w' failed: the provider failed: boom"
        ),
    ])
    func aFailedTapSaysWhatHappened(failure: HostSession.TapFailure, message: String) {
        #expect(failure.message(control: 2, of: "w") == message)
    }

    /// The code scripts see: the widget's own (with its reason), `plugin.undeclared-intent`, else
    /// `intent.failed`.
    @Test func aFailedTapHasItsCode() {
        let failed = HostSession.TapFailure.widgetFailed(
            WidgetFailure(code: .widgetProviderFailed, message: "closed", reason: "station.closed"))
        #expect(failed.code == .widgetProviderFailed)
        #expect(failed.reason == "station.closed")
        #expect(
            HostSession.TapFailure.undeclaredIntent(intent: "X", message: "m").code == .pluginUndeclaredIntent
        )
        #expect(HostSession.TapFailure.noIntent(.toggle).code == .intentFailed)
        #expect(HostSession.TapFailure.unknownIntent("X").reason == nil)
    }
}
