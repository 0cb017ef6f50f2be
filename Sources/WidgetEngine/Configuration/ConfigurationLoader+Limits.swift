import Diagnostics
import WidgetHostKit
import YAML

extension ConfigurationLoader {
    /// Warns of each integer parameter of `configuration` over what `family` shows of it, and of
    /// each list longer than it, as the widget declares (`parameterLimit(_:_:)`,
    /// `@Parameter(title:size:)`): on iOS the widget would show less, silently.
    static func noteBeyondFamily(
        _ configuration: [String: JSONValue], family: WidgetFamily, of plan: KindPlan,
        configurationNode: Node?, widgetNode: Node, reader: inout NodeReader
    ) {
        for (name, limits) in plan.parameterLimits {
            let items: Int?
            if case .array(let list) = configuration[name] { items = list.count } else { items = nil }
            guard let limit = limits[family], let value = items ?? configuration[name]?.intValue,
                value > limit
            else { continue }
            var at = configurationNode ?? widgetNode
            if let configurationNode, configurationNode.isMapping {
                for position in 0..<configurationNode.count {
                    let pair = configurationNode.pair(position)
                    if pair.key.scalar == name { at = pair.value }
                }
            }
            let kind = plan.kind
            reader.report(
                at,
                severity: .warning,
                code: .configBeyondFamily,
                message:
                    "'\(name)' \(items == nil ? "is \(value)" : "has \(value) items"), but a \(family.rawValue) \(kind) "
                    + "shows at most \(limit); it shows \(limit) (a larger family shows more)"
            )
        }
    }
}
