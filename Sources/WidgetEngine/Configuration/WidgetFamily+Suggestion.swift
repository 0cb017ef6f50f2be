import Diagnostics
public import WidgetHostKit

extension WidgetFamily {
    /// The family meant by a name that is none: one written without its `system`/`accessory`
    /// prefix or in other case (`small`, `extralarge`, `Inline`), else one a typo or two away
    /// (`systemSmal`, `smal`), preferring the families in `preferred` (those a widget supports).
    ///
    /// - Returns: The family's name, or `nil` when nothing is close.
    public static func suggestion(for name: String, preferring preferred: [WidgetFamily] = []) -> String? {
        let ordered = preferred + allCases.filter { !preferred.contains($0) }
        let lower = name.lowercased()
        if let match = ordered.first(where: { $0.rawValue.lowercased() == lower || $0.shortName == lower }) {
            return match.rawValue
        }
        if let nearest = EditDistance.suggestion(for: name, among: ordered.map(\.rawValue)) { return nearest }
        let short = ordered.map(\.shortName)
        return EditDistance.suggestion(for: lower, among: short).flatMap { nearest in
            ordered.first { $0.shortName == nearest }?.rawValue
        }
    }

    /// The name without its `system` or `accessory` prefix, in lower case: `small`, `inline`.
    var shortName: String {
        let name = rawValue.lowercased()
        for prefix in ["system", "accessory"] where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }
}
