import FuzzSupport
import JSON
import PluginProtocol
import WidgetHostKit

/// A line a plugin writes: read as a message and as each reply the host reads (handshake,
/// timeline, perform). Whatever is accepted writes back as JSON that reads the same: the line the
/// host would write parses to the same value, and reading a reply again from what it writes gives
/// the same reply.
func fuzzPluginReply(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Property.bytes(data, size)
    let json: JSONValue
    do throws(JSONParseError) {
        json = try JSONValue(parsing: bytes)
    } catch {
        Property.check(
            error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the line")
        return 0
    }
    roundTrip(json, "the value")
    if let message = try? PluginMessage(json: json) {
        roundTrip(message.json, "a message")
        Property.check((try? PluginMessage(json: message.json)) == message, "a message read back differs")
    }
    // The reply's result, or the line itself when it is not a message.
    let result = json["result"] ?? json
    if let handshake = try? InitializeResult(json: result) {
        Property.check(
            (try? InitializeResult(json: handshake.json))?.json == handshake.json,
            "a handshake read back differs")
    }
    if let timeline = try? RenderedTimeline(json: result) {
        Property.check(
            (try? RenderedTimeline(json: timeline.json))?.json == timeline.json,
            "a timeline read back differs")
        for entry in timeline.entries { roundTrip(entry.view.json, "a view") }
    }
    if let performed = try? PerformResult(json: result) {
        Property.check(
            (try? PerformResult(json: performed.json))?.json == performed.json,
            "a perform result read back differs")
    }
    return 0
}

/// Checks that `value` written as a line parses back to itself.
func roundTrip(_ value: JSONValue, _ what: String) {
    let text = value.description
    Property.check(!text.contains("\n"), "\(what) written on more than one line")
    Property.check(
        (try? JSONValue(parsing: text)) == value, "\(what) written as \(text) reads back differently")
}
