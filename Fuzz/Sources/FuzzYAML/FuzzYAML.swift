import Diagnostics
import FuzzSupport
import JSON
import WidgetHostKit
import YAML

/// YAML compose, as `widgethost yaml` does it: any input is composed or refused at a location inside
/// it; composing twice, once parsed in place and once parsed ahead on a thread of its own (as a
/// large input is), gives the same documents or the same error; every document that `yaml` would
/// print is JSON.
func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = SourceText(name: "fuzz.yaml", bytes: Property.bytes(data, size))
    // Small limits keep each run short: the quadratic corners are guarded by the limits themselves.
    var inPlace = YAMLLimits(maxDepth: 64, maxAliasExpansion: 10_000)
    inPlace.parseAheadSize = .max
    var ahead = inPlace
    ahead.parseAheadSize = 0
    let first = Result { () throws(Diagnostic) in try YAMLLoader(limits: inPlace).load(source) }
    let second = Result { () throws(Diagnostic) in try YAMLLoader(limits: ahead).load(source) }
    switch (first, second) {
    case (.failure(let error), .failure(let again)):
        Property.check(error == again, "composing twice failed differently: \(error) and \(again)")
        Property.checkLocated(error, in: source)
    case (.success(let documents), .success(let again)):
        Property.check(documents.count == again.count, "composing twice gave different document counts")
        for (document, other) in zip(documents, again) {
            let json = JSONWriter.json(document)
            Property.check(json == JSONWriter.json(other), "composing twice gave different JSON")
            if let clash = JSONWriter.keyClash(in: document, source: source) {
                Property.checkLocated(clash, in: source)
                continue
            }
            do throws(JSONParseError) {
                _ = try JSONValue(parsing: json)
            } catch {
                // JSONValue holds numbers in 64 bits or a double; JSON itself bounds no integer, and
                // YAML keeps every digit (`yaml` prints them all).
                Property.check(
                    error.reason == "number out of range",
                    "the JSON of a document does not parse (\(error)): \(json)")
            }
        }
    default:
        Property.check(false, "composing twice: once accepted, once refused")
    }
    return 0
}
