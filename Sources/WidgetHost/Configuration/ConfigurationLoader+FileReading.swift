import Diagnostics
import YAML

extension ConfigurationLoader {
    /// The state of reading one configuration file: what it adds to the widgets read so far, and
    /// its `widgets:` items as they are composed (``StreamedItems``), so that a list of twenty
    /// thousand widgets is checked item by item and never held as YAML nodes whole.
    struct FileReading: StreamedItems {
        let loader: ConfigurationLoader
        var reader: NodeReader
        var plans: KindPlans
        /// The chain of includes that led to the file, and the files read.
        var inclusion = Inclusion(file: "")
        /// The widgets of every file read so far.
        var pending = PendingInstances()
        /// The problems of every file read so far, but those of this file's reader.
        var diagnostics: [Diagnostic] = []
        /// What the file declares before its widgets.
        var header = Header()
        /// The top-level keys written before `widgets:`, when its items were streamed.
        var headerKeys: [String] = []
        /// The file's index in ``PendingInstances/sources`` once its widgets are being read.
        private var source = -1

        var key: String { "widgets" }

        init(loader: ConfigurationLoader, source: SourceText) {
            self.loader = loader
            reader = NodeReader(source: source)
            plans = KindPlans(registry: loader.registry)
        }

        mutating func willTakeItems(after pairs: [Node.Pair], substitutions: Substitutions) {
            reader.substitutions = substitutions
            // The plugins beside a configuration come with it, before its widgets' kinds are read.
            loader.plugins?.add(besideConfiguration: reader.source.name)
            let keys = pairs.map { $0.key.tag == .str ? $0.key.scalar : nil }
            headerKeys = keys.compactMap { $0 }
            header = loader.readHeader(
                { key in keys.firstIndex(of: key).map { pairs[$0].value } }, reading: &self)
            beginWidgets(count: nil)
        }

        mutating func take(_ item: Node, substitutions: Substitutions) {
            reader.substitutions = substitutions
            // Names the widget in the notes of a problem it shares with others through an alias.
            reader.context = ("widget", item)
            loader.widget(
                item, appGroup: header.appGroup, source: source, plans: &plans, reader: &reader,
                into: &pending)
            reader.context = nil
        }

        /// Starts reading the file's `widgets:` items (`count` of them, when known).
        mutating func beginWidgets(count: Int?) {
            source = pending.sources.count
            pending.sources.append(reader.source)
            pending.includedFrom.append(inclusion.notes)
            pending.topLevel.append(pending.currentTopLevel)
            guard let count else { return }
            // Grown geometrically: reserving the exact count file after file (a config split into
            // included files) would copy every instance read so far for each file.
            let needed = pending.rows.count + count
            pending.rows.reserve(needed)
            if pending.details.capacity < needed {
                pending.details.reserveCapacity(max(needed, 2 * pending.details.capacity))
            }
        }

        /// How far reading had come, to go back to.
        struct Mark {
            var instances: Int
            var sources: Int
            var appGroups: Int
            var unknownKinds: Set<String>
            var diagnostics: Int
            var read: Int
        }

        var mark: Mark {
            Mark(
                instances: pending.rows.count, sources: pending.sources.count,
                appGroups: pending.appGroups.count, unknownKinds: pending.unknownKinds,
                diagnostics: diagnostics.count, read: inclusion.read.count)
        }

        /// Forgets what was read since `mark`: the widgets, files and problems of a file that
        /// turned out to be invalid YAML, or that is to be read again.
        mutating func rollBack(to mark: Mark) {
            pending.rows.removeRows(from: mark.instances)
            pending.details.removeSubrange(mark.instances...)
            pending.sources.removeSubrange(mark.sources...)
            pending.includedFrom.removeSubrange(mark.sources...)
            pending.topLevel.removeSubrange(mark.sources...)
            pending.appGroups.removeSubrange(mark.appGroups...)
            pending.unknownKinds = mark.unknownKinds
            diagnostics.removeSubrange(mark.diagnostics...)
            inclusion.read.removeSubrange(mark.read...)
            header = Header()
            headerKeys = []
            source = -1
        }
    }
}
