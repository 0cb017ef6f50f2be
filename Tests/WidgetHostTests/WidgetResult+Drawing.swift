import Diagnostics
import Foundation
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension WidgetResult {
    /// A widget `id` (kind `Demo`) whose one entry, at `date`, shows `view` in `family`.
    static func drawing(
        _ view: ViewNode, id: String = "demo", family: WidgetFamily, policy: TimelineReloadPolicy = .never,
        date: Date = Date(timeIntervalSince1970: 1_795_954_800)
    ) -> WidgetResult {
        let entry = RenderedEntry(date: date, data: .object([]), view: view)
        let evaluation = WidgetEvaluation(
            timeline: RenderedTimeline(entries: [entry], policy: policy), current: entry, nextReload: nil)
        let instance = WidgetInstance(
            id: id, kind: "Demo", family: family, configuration: [:], appGroup: "g", file: "f",
            location: .init(line: 1, column: 1))
        return WidgetResult(instance: instance, family: family, outcome: .success(evaluation))
    }
}
