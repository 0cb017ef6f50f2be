import Foundation
import Layout
import WidgetEngine
import WidgetHostKit

/// The layout of the 2,000-widget benchmark configuration (2,000 TaskWidgets over a 50,000-task
/// store, titles in 7 scripts) against its evaluation: each round evaluates them, then lays each
/// result out, the typesetter's cache emptied first so every title is shaped as a first run
/// shapes it (target: the layout at most 1.5x the evaluation).
struct LayoutBenchmark {
    let rounds: Int

    func run(_ registry: WidgetRegistry) async {
        do {
            try await WidgetBenchmark.withManyTaskWidgets(registry) { many, evaluator in
                let options = RunOptions(date: Date(timeIntervalSince1970: 1_795_954_800))
                _ = await evaluator.evaluate(many, options: options)
                var evaluations: [Double] = []
                var layouts: [Double] = []
                var warmLayouts: [Double] = []
                var nodes = 0
                for _ in 0..<rounds {
                    Typesetter.shared.removeCachedLayouts()
                    let start = Clock.now()
                    let results = await evaluator.evaluate(many, options: options)
                    let evaluated = Clock.now()
                    var laidOut: [WidgetLayout] = []
                    laidOut.reserveCapacity(results.count)
                    for result in results {
                        guard case .success(let evaluation) = result.outcome else { continue }
                        laidOut.append(
                            LayoutEngine.layout(
                                evaluation.current.view, family: result.family, colorScheme: .light))
                    }
                    let end = Clock.now()
                    nodes = laidOut.reduce(0) { $0 + $1.root.allNodes.count }
                    evaluations.append(Double(evaluated - start) / 1e9)
                    layouts.append(Double(end - evaluated) / 1e9)
                    // Again, every text measured: what the engine costs beside the shaping.
                    let warmStart = Clock.now()
                    for result in results {
                        guard case .success(let evaluation) = result.outcome else { continue }
                        _ = LayoutEngine.layout(
                            evaluation.current.view, family: result.family, colorScheme: .light)
                    }
                    warmLayouts.append(Double(Clock.now() - warmStart) / 1e9)
                }
                print(
                    "layout: 2,000 TaskWidgets over a 50,000-task store (titles in 7 scripts), "
                        + "\(nodes) nodes, \(rounds) rounds, each with the text cache emptied")
                Report.row("evaluation", evaluations)
                Report.row("layout", layouts)
                Report.ratio("layout / evaluation", layouts, evaluations, target: 1.5)
                Report.row("layout, texts measured", warmLayouts)
            }
        } catch {
            print("layout: could not build the store: \(error)")
        }
    }
}
