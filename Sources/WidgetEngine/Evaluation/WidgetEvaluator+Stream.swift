import AppGroup
import Foundation

extension WidgetEvaluator {
    /// How many widgets a run evaluates at once by default: four per core. The providers' own work
    /// runs on Swift's cooperative pool, one thread per core, so the cores bound the CPU used; the
    /// widgets beyond them are those waiting on a plugin's reply, which take no core.
    public static var defaultWidth: Int {
        max(4, ProcessInfo.processInfo.activeProcessorCount * 4)
    }

    /// Evaluates `instances`, up to `width` at once, and hands each result to `deliver` in
    /// configuration order as soon as it and every one before it are done, saying whether the
    /// result after it is done already (a writer sends its output on when it is not, rather than
    /// keep a finished widget waiting for a slow one). In a large run a task evaluates a few
    /// built-in widgets in turn (see ``runLength(widgets:width:)``), and twice `width` are under way.
    ///
    /// At most `width` results exist at any time (twice that in a large run), being evaluated or
    /// done and waiting for an earlier one, so what a run holds does not grow with its number of
    /// widgets. A plugin's widgets keep its rules: they are sent to it one at a time, in
    /// configuration order, while the built-in widgets and other plugins' go on beside them.
    ///
    /// - Complexity: O(n) calls of `deliver` for n instances; memory O(`width`).
    public func evaluate(
        _ instances: [WidgetInstance], options: RunOptions, width: Int = Self.defaultWidth,
        deliver: (_ result: WidgetResult, _ nextIsReady: Bool) async -> Void
    ) async {
        await evaluate(
            instances, options: options, width: width, prepare: { result, _ in result },
            deliver: { result, nextIsReady in await deliver(result, nextIsReady) })
    }

    /// Evaluates `instances` as ``evaluate(_:options:width:deliver:)`` does, and turns each result
    /// into what `deliver` is handed with `prepare`, in the task that evaluated it (so preparing,
    /// drawing the output say, runs on every core too), given the result's position; `mark`
    /// changes the result first (in place: a result is never copied on its way).
    public func evaluate<Prepared: Sendable>(
        _ instances: [WidgetInstance], options: RunOptions, width: Int = Self.defaultWidth,
        mark: @escaping @Sendable (_ result: inout WidgetResult) -> Void = { _ in },
        prepare: @escaping @Sendable (_ result: WidgetResult, _ index: Int) -> Prepared,
        deliver: (_ prepared: Prepared, _ nextIsReady: Bool) async -> Void
    ) async {
        let width = max(1, width)
        // A store another process holds locked is waited for once in the run, not once a widget;
        // each reader keeps one read transaction for the run's widgets (see `ReadBatch`).
        let reads = ReadBatch()
        await BusyStores.$current.withValue(BusyStores()) {
            await ReadBatch.$current.withValue(reads) {
                await evaluateInOrder(
                    instances, options: options, width: width,
                    prepare: { result, index in
                        mark(&result)
                        return prepare(result, index)
                    }, deliver: deliver)
            }
        }
        reads.end()
    }

    private func evaluateInOrder<Prepared: Sendable>(
        _ instances: [WidgetInstance], options: RunOptions, width: Int,
        prepare: @escaping @Sendable (_ result: inout WidgetResult, _ index: Int) -> Prepared,
        deliver: (_ prepared: Prepared, _ nextIsReady: Bool) async -> Void
    ) async {
        let run = Self.runLength(widgets: instances.count, width: width)
        let window = run > 1 ? width * 2 : width
        await withTaskGroup(of: (Int, [Prepared]).self) { group in
            var started = 0
            var delivered = 0
            var done: [Int: Prepared] = [:]
            var lastOfPlugin: [String: Task<WidgetResult, Never>] = [:]
            // The plugin serving each kind, found once a kind rather than once a widget.
            var pluginOfKind: [String: String?] = [:]
            func plugin(of instance: WidgetInstance) -> String? {
                if let known = pluginOfKind[instance.kind] { return known }
                let name = pluginName(of: instance)
                pluginOfKind[instance.kind] = name
                return name
            }
            func startMore() {
                while started < instances.count, started - delivered < window {
                    let first = started
                    let instance = instances[first]
                    started += 1
                    if let plugin = plugin(of: instance) {
                        // One plugin's widgets go to it one at a time, in configuration order, as
                        // they did before widgets were evaluated at once: each waits for the one
                        // before it (a restart after a crash, say, happens between two requests).
                        let previous = lastOfPlugin[plugin]
                        let evaluation = Task {
                            _ = await previous?.value
                            return await self.evaluate(instance, options: options)
                        }
                        lastOfPlugin[plugin] = evaluation
                        group.addTask {
                            var result = await evaluation.value
                            return (first, [prepare(&result, first)])
                        }
                        continue
                    }
                    // Built-in widgets next to each other go to one task, `run` at most.
                    while started < instances.count, started - first < run, started - delivered < window,
                        plugin(of: instances[started]) == nil
                    {
                        started += 1
                    }
                    let range = first..<started
                    group.addTask {
                        var prepared: [Prepared] = []
                        prepared.reserveCapacity(range.count)
                        for index in range {
                            var result = await self.evaluate(instances[index], options: options)
                            prepared.append(prepare(&result, index))
                        }
                        return (first, prepared)
                    }
                }
            }
            startMore()
            while let (first, prepared) = await group.next() {
                for (offset, item) in prepared.enumerated() { done[first + offset] = item }
                while let next = done.removeValue(forKey: delivered) {
                    delivered += 1
                    await deliver(next, done[delivered] != nil)
                }
                startMore()
            }
        }
    }

    /// How many built-in widgets one task evaluates in turn: one in a small run, so each widget's
    /// result comes as soon as it can; up to four in a large one, where starting and scheduling a
    /// task per widget costs about a tenth of the run's CPU; at most half of `width`, so that the
    /// window of twice `width` widgets holds four tasks or more to share the cores. (Runs of eight
    /// saved little more CPU and held more results at once.)
    package static func runLength(widgets: Int, width: Int) -> Int {
        let width = max(1, width)
        return max(1, min(4, width / 2, widgets / (width * 16)))
    }

    /// The name of the plugin serving `instance`'s kind, or `nil` for a built-in widget.
    private func pluginName(of instance: WidgetInstance) -> String? {
        (registry.widget(kind: instance.kind) as? any PluginServedWidget)?.pluginName
    }
}
