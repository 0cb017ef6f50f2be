import Foundation
import TestSupport
import Testing

/// A control under SwiftUI's `.disabled(true)` (on it, or on a view around it) is not tapped, as on
/// iOS: `tap` says so (`tap.disabled-control`, exit 65) and runs nothing; `.disabled(false)` and the
/// controls beside it still run.
@Suite struct DisabledControlTests {
    static let view = """
        {"type": "vstack", "children": [
          {"type": "button", "intent": {"type": "PingIntent", "parameters": {}}, "children": [{"type": "text", "text": "off"}],
           "modifiers": [{"type": "disabled"}]},
          {"type": "vstack", "modifiers": [{"type": "disabled"}], "children": [
            {"type": "button", "intent": {"type": "PingIntent", "parameters": {}}, "children": [{"type": "text", "text": "inside"}]}]},
          {"type": "button", "intent": {"type": "PingIntent", "parameters": {}}, "children": [{"type": "text", "text": "on"}],
           "modifiers": [{"type": "disabled", "isActive": false}]}]}
        """

    @Test func aDisabledControlIsNotTappedAndTheOthersAre() throws {
        let scratch = try PluginViewTests.scratch(
            "pinger", kind: "Pinger", view: Self.view, intents: ["PingIntent"])
        let options = ["widgets.yaml", "--plugins", "plugins", "--store", "store"]
        for number in ["1", "2"] {
            let tap = try scratch.widgethost(["tap", "s", number] + options + ["--format", "json"])
            #expect(tap.status == 65, "\(number): \(tap.standardError)")
            #expect(
                tap.standardError
                    == "error: control \(number) of 's' is a disabled button (.disabled(true)), so a tap runs nothing, as on iOS\n"
            )
            #expect(tap.standardOutput.contains(#""code":"tap.disabled-control""#))
        }
        let enabled = try scratch.widgethost(["tap", "s", "3"] + options)
        #expect(enabled.status == 0, "\(enabled.standardError)")
    }
}
