import Foundation
import JSON
import Layout
import Rendering
import WidgetEngine
import WidgetHostKit

/// Writes every layout of the layout benchmark's widgets to a file (`widgethost-bench
/// --dump-layouts FILE`), light, dark and both at once, with the members the JSON leaves out (line
/// height, ascent, text alignment): a reference to compare byte for byte after a change to the
/// engine; and the HTML page of them, both schemes and the dark one, to `FILE.html`.
struct LayoutDump {
    /// The file the layouts are written to (the page to the same path with `.html` added).
    let path: String

    /// Evaluates the benchmark's widgets and writes their layouts and page.
    func run(_ registry: WidgetRegistry) async {
        await WidgetBenchmark.withManyTaskWidgets(registry, benchmark: "layout-dump") { many, evaluator in
            let options = WidgetBenchmark.runOptions
            let results = await evaluator.evaluate(many, options: options)
            var output: [UInt8] = []
            func append(_ layout: WidgetLayout) {
                layout.root.write(to: &output)
                output.append(contentsOf: Array("\n".utf8))
                for node in layout.root.allNodes where node.lines != nil {
                    let line =
                        "\(node.lineHeight ?? -1) \(node.ascent ?? -1) \(node.textAlignment ?? "-") "
                        + "\(layout.warnings)\n"
                    output.append(contentsOf: Array(line.utf8))
                }
            }
            for result in results {
                guard case .success(let evaluation) = result.outcome else { continue }
                let view = evaluation.current.view
                for scheme in [ColorScheme.light, .dark] {
                    append(LayoutEngine.layout(view, family: result.family, colorScheme: scheme))
                }
                for layout in LayoutEngine.layouts(
                    view, family: result.family, colorSchemes: [.light, .dark])
                {
                    append(layout)
                }
                append(LayoutEngine.layout(view.json, family: result.family, colorScheme: .dark))
            }
            Self.write(output, to: path)
            // The page `run --format html` writes of them, both schemes and one.
            var page: [UInt8] = []
            for renderer in [HTMLPageRenderer(), HTMLPageRenderer(colorScheme: .dark)] {
                if let writer = renderer.streamWriter(includeTimeline: false) {
                    page += writer.header()
                    for (index, result) in results.enumerated() {
                        page += writer.piece(result, at: index)
                    }
                    page += writer.footer(count: results.count)
                }
            }
            Self.write(page, to: path + ".html")
            print("layout-dump: \(results.count) widgets, \(output.count) bytes to \(path)")
        }
    }

    /// Writes `bytes` to `path`, or says it could not and exits 73 (EX_CANTCREAT).
    private static func write(_ bytes: [UInt8], to path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            FileHandle.standardError.write(Data("layout-dump: cannot write '\(path)'\n".utf8))
            exit(73)
        }
    }
}
