import Foundation
import Layout
import WidgetEngine
import WidgetHostKit

/// The layout of the 2,000-widget benchmark configuration (2,000 TaskWidgets over a 50,000-task
/// store, titles in 7 scripts) against its evaluation, as `run --format layout` does both: each
/// widget laid out on the task that evaluated it, on every core. Each round evaluates the widgets
/// alone, then evaluates and lays them out, the typesetter's cache emptied first so that every
/// title is shaped as a first run shapes it; the layout's cost is the difference (target: at
/// most 1.5x the evaluation). Beside it, the layout of the evaluated results on one thread,
/// every text already measured: the engine's own cost. Beside the wall-clock times, the CPU time
/// the process spent (on both cores), which other work on a shared machine moves less.
struct LayoutBenchmark {
    let rounds: Int

    func run(_ registry: WidgetRegistry) async {
        await WidgetBenchmark.withManyTaskWidgets(registry, benchmark: "layout") { many, evaluator in
            let options = WidgetBenchmark.runOptions
            _ = await evaluator.evaluate(many, options: options)
            var evaluations: [Double] = []
            var laidOut: [Double] = []
            var engine: [Double] = []
            var evaluationCPU: [Double] = []
            var laidOutCPU: [Double] = []
            var nodes = 0
            for _ in 0..<rounds {
                var cpuStart = Clock.processCPUTime()
                var start = Clock.now()
                var results: [WidgetResult] = []
                await evaluator.evaluate(many, options: options, prepare: { result, _ in result }) {
                    result, _ in results.append(result)
                }
                evaluations.append(Double(Clock.now() - start) / 1e9)
                evaluationCPU.append(Double(Clock.processCPUTime() - cpuStart) / 1e9)

                Typesetter.shared.removeCachedLayouts()
                cpuStart = Clock.processCPUTime()
                start = Clock.now()
                var count = 0
                await evaluator.evaluate(
                    many, options: options,
                    prepare: { result, _ in
                        guard case .success(let evaluation) = result.outcome else { return 0 }
                        let layout = LayoutEngine.layout(
                            evaluation.current.view, family: result.family, colorScheme: .light)
                        return layout.root.children.count
                    }
                ) { prepared, _ in count += prepared }
                laidOut.append(Double(Clock.now() - start) / 1e9)
                laidOutCPU.append(Double(Clock.processCPUTime() - cpuStart) / 1e9)
                if count == 0 { print("  nothing was laid out") }

                start = Clock.now()
                var layouts: [WidgetLayout] = []
                layouts.reserveCapacity(results.count)
                for result in results {
                    guard case .success(let evaluation) = result.outcome else { continue }
                    layouts.append(
                        LayoutEngine.layout(
                            evaluation.current.view, family: result.family, colorScheme: .light))
                }
                engine.append(Double(Clock.now() - start) / 1e9)
                nodes = layouts.reduce(0) { $0 + $1.root.allNodes.count }
            }
            let layoutAlone = zip(laidOut, evaluations).map { max(0, $0 - $1) }
            print(
                "layout: 2,000 TaskWidgets over a 50,000-task store (titles in 7 scripts), "
                    + "\(nodes) nodes, \(rounds) rounds, each with the text cache emptied")
            Report.row("evaluation", evaluations)
            Report.row("evaluation and layout", laidOut)
            Report.row("layout (the difference)", layoutAlone)
            Report.ratio("layout / evaluation", layoutAlone, evaluations, target: 1.5)
            let layoutCPU = zip(laidOutCPU, evaluationCPU).map { max(0, $0 - $1) }
            Report.row("evaluation, CPU time", evaluationCPU)
            Report.row("layout, CPU time", layoutCPU)
            Report.ratio("layout / evaluation, CPU", layoutCPU, evaluationCPU)
            Report.row("layout on one thread, texts measured", engine)
        }
    }
}
