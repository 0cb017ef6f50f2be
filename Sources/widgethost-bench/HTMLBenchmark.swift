import AppGroup
import Foundation
import Rendering
import TaskStore
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// `run --format html` against `run --format json` of the 2,000-widget benchmark configuration
/// (2,000 TaskWidgets over a 50,000-task store, titles in 7 scripts): evaluated and written as
/// `run` writes them (each widget's piece drawn on the task that evaluated it, on every core),
/// rounds interleaved (target: at most 2x); and the writing alone on one thread, the HTML page
/// against the JSON document of the same results.
struct HTMLBenchmark {
    let rounds: Int

    func run(_ registry: WidgetRegistry) async {
        await WidgetBenchmark.withManyTaskWidgets(registry, benchmark: "html") { many, evaluator in
            let options = WidgetBenchmark.runOptions
            let json = RunJSONRenderer()
            let html = HTMLPageRenderer()
            _ = await evaluator.evaluate(many, options: options)
            var jsonRuns: [Double] = []
            var htmlRuns: [Double] = []
            var jsonCPU: [Double] = []
            var htmlCPU: [Double] = []
            var jsonRenders: [Double] = []
            var htmlRenders: [Double] = []
            var sizes = (json: 0, html: 0)
            // Interleaved: both formats see the same machine.
            for _ in 0..<rounds {
                for asHTML in [false, true] {
                    let renderer: any RunRenderer = asHTML ? html : json
                    // As `run` writes it: each widget's piece drawn on the task that
                    // evaluated it (on every core), the pieces put in order.
                    var bytes = 0
                    let cpuStart = Clock.processCPUTime()
                    var start = Clock.now()
                    if let writer = renderer.streamWriter(includeTimeline: false) {
                        bytes += writer.header().count
                        await evaluator.evaluate(
                            many, options: options, prepare: { writer.piece($0, at: $1) }
                        ) { piece, _ in bytes += piece.count }
                        bytes += writer.footer(count: many.count).count
                    }
                    let whole = Double(Clock.now() - start) / 1e9
                    let cpu = Double(Clock.processCPUTime() - cpuStart) / 1e9
                    // The writing alone, on one thread, of results evaluated before.
                    let results = await evaluator.evaluate(many, options: options)
                    start = Clock.now()
                    if let writer = renderer.streamWriter(includeTimeline: false) {
                        for (index, result) in results.enumerated() {
                            _ = writer.piece(result, at: index)
                        }
                    }
                    let render = Double(Clock.now() - start) / 1e9
                    if asHTML {
                        htmlRuns.append(whole)
                        htmlCPU.append(cpu)
                        htmlRenders.append(render)
                        sizes.html = bytes
                    } else {
                        jsonRuns.append(whole)
                        jsonCPU.append(cpu)
                        jsonRenders.append(render)
                        sizes.json = bytes
                    }
                }
            }
            print(
                "html: run of 2,000 TaskWidgets over a 50,000-task store, as HTML and as JSON "
                    + "(\(sizes.html) and \(sizes.json) bytes), \(rounds) rounds")
            Report.row("run --format json", jsonRuns)
            Report.row("run --format html", htmlRuns)
            Report.ratio("html / json", htmlRuns, jsonRuns, target: 2.0)
            Report.row("run --format json, CPU time", jsonCPU)
            Report.row("run --format html, CPU time", htmlCPU)
            Report.ratio("html / json, CPU time", htmlCPU, jsonCPU)
            Report.row("JSON document, written", jsonRenders)
            Report.row("HTML page, written", htmlRenders)
            Report.ratio("page / document", htmlRenders, jsonRenders)
        }
    }
}
