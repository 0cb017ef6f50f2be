#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The benchmark runner:
/// `widgethost-bench [yaml|tasks|widgets|validate|plugins|burst|watch|complete|batch|html|layout|png|snapshot|simulate|serve]... [--rounds N] [--burst-size N]`;
/// `widgethost-bench --dump-layouts FILE` writes the layout benchmark's layouts to FILE.
enum BenchmarkCommand {
    /// The benchmarks, by name.
    static let names = [
        "yaml", "tasks", "widgets", "validate", "plugins", "burst", "watch", "complete", "batch", "html",
        "layout", "png", "snapshot", "simulate", "serve",
    ]

    static func main(_ arguments: [String]) async {
        var rounds = 15
        var burstSize = 1000
        var selected: [String] = []
        var dump: String?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--rounds", index + 1 < arguments.count, let value = Int(arguments[index + 1]),
                value > 0
            {
                rounds = value
                index += 2
                continue
            }
            if argument == "--burst-size", index + 1 < arguments.count, let value = Int(arguments[index + 1]),
                value > 1
            {
                burstSize = value
                index += 2
                continue
            }
            if argument == "--dump-layouts", index + 1 < arguments.count {
                dump = arguments[index + 1]
                index += 2
                continue
            }
            if argument == "-h" || argument == "--help" {
                print(
                    "USAGE: widgethost-bench [\(names.joined(separator: "|"))]... [--rounds <n>] [--burst-size <n>]"
                )
                return
            }
            guard names.contains(argument) else {
                let message = Array(
                    "Error: Unknown benchmark '\(argument)'. Known: \(names.joined(separator: ", "))\n".utf8)
                _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                exit(64)
            }
            selected.append(argument)
            index += 1
        }
        if let dump {
            await LayoutDump(path: dump).run(WidgetBenchmark.registry())
            return
        }
        if selected.isEmpty || selected.contains("yaml") {
            YAMLBenchmark(rounds: rounds).run()
        }
        let widgets = WidgetBenchmark(rounds: max(rounds / 3, 3))
        let registry = WidgetBenchmark.registry()
        if selected.isEmpty || selected.contains("tasks") { await widgets.taskScaling(registry) }
        if selected.isEmpty || selected.contains("widgets") { await widgets.manyWidgets(registry) }
        if selected.isEmpty || selected.contains("validate") { widgets.validate(registry) }
        if selected.isEmpty || selected.contains("plugins") { await PluginBenchmark(rounds: rounds).run() }
        if selected.isEmpty || selected.contains("watch") { WatchBenchmark(samples: 100).run() }
        if selected.isEmpty || selected.contains("complete") {
            // A run takes a few milliseconds: more rounds than the others, for a steady median.
            CompletionBenchmark(rounds: rounds * 4).run()
        }
        if selected.isEmpty || selected.contains("batch") {
            // A round runs the 20,000-widget configuration three times: a third of the rounds.
            BatchBenchmark(rounds: max(rounds / 3, 3)).run()
        }
        if selected.isEmpty || selected.contains("layout") {
            await LayoutBenchmark(rounds: max(rounds / 3, 3)).run(registry)
        }
        if selected.isEmpty || selected.contains("html") {
            await HTMLBenchmark(rounds: max(rounds / 3, 3)).run(registry)
        }
        if selected.isEmpty || selected.contains("png") {
            // A round draws 2,000 pictures: a third of the rounds.
            PNGBenchmark(rounds: max(rounds / 3, 3)).run()
        }
        if selected.isEmpty || selected.contains("snapshot") {
            // A round draws and checks 4,000 pictures: a third of the rounds.
            await SnapshotBenchmark(rounds: max(rounds / 3, 3)).run(registry)
        }
        if selected.isEmpty || selected.contains("simulate") { SimulateBenchmark(rounds: rounds).run() }
        if selected.isEmpty || selected.contains("serve") { ServeBenchmark(samples: 50).run() }
        if selected.isEmpty || selected.contains("burst") {
            // A burst takes seconds: a fifth of the rounds (3 by default).
            StoreBurstBenchmark(rounds: max(rounds / 5, 1), size: burstSize).run()
        }
    }
}
