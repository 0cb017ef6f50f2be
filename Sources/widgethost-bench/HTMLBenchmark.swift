import AppGroup
import Foundation
import Rendering
import TaskStore
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// `run --format html` against `run --format json` of the 2,000-widget benchmark configuration
/// (2,000 TaskWidgets over a 50,000-task store, titles in 7 scripts): evaluated and written a result
/// at a time as `run` writes them, rounds interleaved (target: at most 2x); and the writing alone,
/// the HTML page against the JSON document of the same results.
struct HTMLBenchmark {
    let rounds: Int

    func run(_ registry: WidgetRegistry) async {
        do {
            try await WidgetBenchmark.withManyTaskWidgets(registry) { many, evaluator in
                let options = RunOptions(date: Date(timeIntervalSince1970: 1_795_954_800))
                let json = RunJSONRenderer()
                let html = HTMLPageRenderer()
                _ = await evaluator.evaluate(many, options: options)
                var jsonRuns: [Double] = []
                var htmlRuns: [Double] = []
                var jsonRenders: [Double] = []
                var htmlRenders: [Double] = []
                var sizes = (json: 0, html: 0)
                // Interleaved: both formats see the same machine.
                for _ in 0..<rounds {
                    for asHTML in [false, true] {
                        let renderer: any RunRenderer = asHTML ? html : json
                        let start = Clock.now()
                        let results = await evaluator.evaluate(many, options: options)
                        let evaluated = Clock.now()
                        // Written as `run` writes it: a result at a time when the renderer streams.
                        var bytes = 0
                        if let writer = renderer.streamWriter(includeTimeline: false) {
                            bytes += writer.header().count
                            for (index, result) in results.enumerated() {
                                bytes += writer.piece(result, at: index).count
                            }
                            bytes += writer.footer(count: results.count).count
                        } else {
                            bytes = renderer.render(results, includeTimeline: false).utf8.count
                        }
                        let end = Clock.now()
                        let whole = Double(end - start) / 1e9
                        let render = Double(end - evaluated) / 1e9
                        if asHTML {
                            htmlRuns.append(whole)
                            htmlRenders.append(render)
                            sizes.html = bytes
                        } else {
                            jsonRuns.append(whole)
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
                Report.row("JSON document, written", jsonRenders)
                Report.row("HTML page, written", htmlRenders)
                Report.ratio("page / document", htmlRenders, jsonRenders)
            }
        } catch {
            print("html: could not build the store: \(error)")
        }
    }
}
