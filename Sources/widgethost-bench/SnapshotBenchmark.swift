import Foundation
import Layout
import Rendering
import Snapshots
import WidgetEngine
import WidgetHostKit

/// `snapshot` verifying the 2,000-widget benchmark configuration (2,000 TaskWidgets over a
/// 50,000-task store, titles in 7 scripts) against its recording, beside `run --format png` of the
/// same widgets, as each command does it: every widget laid out and drawn on the task that
/// evaluated it, on every core, its file written (png) or its layout and picture read back and
/// compared (snapshot). Target: verifying at most 3x the pictures.
struct SnapshotBenchmark {
    let rounds: Int

    func run(_ registry: WidgetRegistry) async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgethost-bench-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let pictures = folder.appendingPathComponent("pictures")
            let snapshots = folder.appendingPathComponent("snapshots")
            for made in [pictures, snapshots] {
                try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
            }
            let renderer = try PNGRenderer(scale: 2)
            await WidgetBenchmark.withManyTaskWidgets(registry, benchmark: "snapshot") { many, evaluator in
                let options = WidgetBenchmark.runOptions
                let png = RunPNGRenderer(folder: pictures, colorScheme: .light, renderer: renderer)
                guard let writer = png.streamWriter(includeTimeline: false) else { return }
                func snapshotter(_ mode: Snapshotter.Mode) -> Snapshotter {
                    Snapshotter(
                        folder: SnapshotFolder(url: snapshots),
                        failureFolder: snapshots.appendingPathComponent("failures"), mode: mode,
                        colorSchemes: [.light], renderer: renderer)
                }
                let record = snapshotter(.record)
                var recorded = 0
                await evaluator.evaluate(
                    many, options: options, prepare: { result, _ in record.check(result) }
                ) {
                    outcomes, _ in recorded += outcomes.filter { $0.status == .recorded }.count
                }
                let verify = snapshotter(.verify(tolerance: 0))
                var drawing: [Double] = []
                var verifying: [Double] = []
                var passed = 0
                for _ in 0..<rounds {
                    var start = Clock.now()
                    var bytes = 0
                    await evaluator.evaluate(
                        many, options: options,
                        prepare: { result, index in writer.piece(result, at: index).count }
                    ) { count, _ in bytes += count }
                    drawing.append(Double(Clock.now() - start) / 1e9)

                    start = Clock.now()
                    passed = 0
                    await evaluator.evaluate(
                        many, options: options, prepare: { result, _ in verify.check(result) }
                    ) {
                        outcomes, _ in passed += outcomes.filter { $0.status == .passed }.count
                    }
                    verifying.append(Double(Clock.now() - start) / 1e9)
                }
                print(
                    "snapshot: 2,000 TaskWidgets over a 50,000-task store (titles in 7 scripts), at @2x, light, "
                        + "\(recorded) recorded, \(passed) verified, \(rounds) rounds")
                Report.row("run --format png", drawing)
                Report.row("snapshot (verify)", verifying)
                Report.ratio("snapshot / png", verifying, drawing, target: 3)
            }
        } catch {
            print("snapshot: could not prepare the benchmark: \(error)")
        }
    }
}
