import AppGroup
import Diagnostics
import Foundation
import YAML

extension ConfigurationLoader {
    /// Reads `file` (its includes as it names them), appending its widgets to `pending` and its
    /// problems to `diagnostics`.
    ///
    /// - Returns: the App Group the file declares, itself or through what it includes, if any.
    func readFile(
        _ file: String, inclusion: inout Inclusion, into pending: inout PendingInstances,
        diagnostics: inout [Diagnostic]
    ) -> Declared? {
        inclusion.read.append(file)
        let source: SourceText
        do throws(Diagnostic) {
            source = try SourceText.read(
                path: file, limit: limits.maxInputSize, regularOnly: true,
                inMemoryUpTo: limits.inMemoryInputSize)
        } catch {
            diagnostics.append(error.addingNotes(inclusion.notes))
            return nil
        }
        var reading = FileReading(loader: self, source: source)
        swap(&reading.inclusion, &inclusion)
        swap(&reading.pending, &pending)
        swap(&reading.diagnostics, &diagnostics)
        defer {
            swap(&reading.inclusion, &inclusion)
            swap(&reading.pending, &pending)
            swap(&reading.diagnostics, &diagnostics)
        }
        // The widgets are read as they are composed, one at a time, unless a key they depend on
        // is written after them: then the file is read again, whole.
        let before = reading.mark
        if streamsWidgets, case .read(let declared) = read(&reading, streaming: true) { return declared }
        reading.rollBack(to: before)
        reading.reader = NodeReader(source: source)
        reading.plans = KindPlans(registry: registry)
        if case .read(let declared) = read(&reading, streaming: false) { return declared }
        return nil
    }

    /// What reading one file came to.
    private enum FileOutcome {
        /// Read: the App Group the file declares, itself or through what it includes, if any.
        case read(Declared?)
        /// Its widgets were streamed, but `appGroup:`, `plugins:` or `include:` comes after them.
        case headerAfterWidgets
    }

    /// Composes `reading`'s file (its `widgets:` items streamed to `reading` when `streaming`)
    /// and reads what it declares.
    private func read(_ reading: inout FileReading, streaming: Bool) -> FileOutcome {
        let source = reading.reader.source
        let before = reading.mark
        let composed: StreamedDocument
        do throws(Diagnostic) {
            if streaming {
                composed = try YAMLLoader(limits: limits).load(
                    source, streaming: &reading, environment: environment)
            } else {
                composed = try YAMLLoader(limits: limits).load(source, environment: environment)
            }
        } catch {
            // What the streamed widgets and includes added goes: the file has no widgets.
            reading.rollBack(to: before)
            reading.diagnostics.append(error.addingNotes(reading.inclusion.notes))
            return .read(nil)
        }
        let documents = composed.documents
        // The plugins beside a configuration come with it (its `Plugins/` folder): a streamed
        // file's came as its widget list opened.
        if !composed.streamed { plugins?.add(besideConfiguration: source.name) }
        guard !documents.isEmpty else {
            reading.diagnostics.append(
                Diagnostic(
                    file: source.name, code: .configEmpty, message: "contains no YAML document",
                    notes: reading.inclusion.notes)
            )
            return .read(nil)
        }
        let root = documents[0]
        reading.diagnostics += composed.diagnostics.map { $0.addingNotes(reading.inclusion.notes) }
        reading.reader.substitutions = composed.substitutions
        if documents.count > 1 {
            reading.reader.report(
                documents[1],
                code: .configSeveralDocuments,
                message:
                    "a configuration file holds one YAML document; this is document 2 of \(documents.count)"
            )
        }
        // The top level is named after the file: "configuration" would read as a widget's key.
        let fileName = URL(fileURLWithPath: source.name).lastPathComponent
        guard let entries = reading.reader.mapping(root, named: fileName, knownKeys: Self.fileKeys) else {
            reading.diagnostics += reading.reader.diagnostics
            return .read(nil)
        }
        if composed.streamed {
            let late = ["appGroup", "plugins", "include"].filter { key in
                !reading.headerKeys.contains(key) && entries.contains { $0.key == key }
            }
            guard late.isEmpty else { return .headerAfterWidgets }
        } else {
            reading.header = readHeader(
                { key in entries.first { $0.key == key }?.value }, reading: &reading)
            // A file that includes others may leave `widgets:` out: its widgets are theirs.
            let widgetsNode =
                reading.header.includesWidgets
                ? entries.first(where: { $0.key == "widgets" })?.value
                : reading.reader.required("widgets", in: entries, of: root, named: fileName)
            if let widgets = widgetsNode, widgets.isNull && reading.header.includesWidgets {
                // `widgets:` with nothing after it, beside an include: no widgets of its own.
            } else if let widgets = widgetsNode, reading.reader.isList(widgets, named: "widgets") {
                reading.beginWidgets(count: widgets.count)
                for position in 0..<widgets.count {
                    reading.take(widgets.item(position), substitutions: composed.substitutions)
                }
            }
        }
        reading.reader.combineRepeatsThroughAliases()
        // Report in reading order: a mapping's unknown keys are found before its values are read.
        let notes = reading.inclusion.notes
        reading.diagnostics += reading.reader.diagnostics.enumerated().sorted {
            ($0.element.location ?? SourceLocation(line: 0, column: 0), $0.offset)
                < ($1.element.location ?? SourceLocation(line: 0, column: 0), $1.offset)
        }.map { $0.element.addingNotes(notes) }
        return .read(reading.header.ownAppGroup ?? reading.header.includedAppGroup)
    }

    /// What a file's `appGroup:`, `plugins:` and `include:` declare.
    struct Header {
        /// The App Group the file itself declares.
        var ownAppGroup: Declared?
        /// The App Group the files it includes declare.
        var includedAppGroup: Declared?
        /// Whether it has an `include:`.
        var includesWidgets = false

        /// The App Group the file's own widgets take.
        var appGroup: String {
            ownAppGroup?.value ?? includedAppGroup?.value ?? ConfigurationLoader.defaultAppGroup
        }
    }

    /// Reads `appGroup:`, `plugins:` and `include:` (the files it names, with their widgets),
    /// looking each up with `value`.
    func readHeader(_ value: (String) -> Node?, reading: inout FileReading) -> Header {
        var header = Header()
        let source = reading.reader.source
        if let node = value("appGroup"), let value = reading.reader.string(node, named: "appGroup") {
            if value.isEmpty {
                reading.reader.report(node, code: .configEmptyValue, message: "'appGroup' must not be empty")
            } else if let problem = AppGroupContainer.problem(appGroup: value) {
                reading.reader.report(node, code: .storeInvalidAppGroup, message: problem)
            } else {
                header.ownAppGroup = (
                    value, Self.origin(of: node, reader: reading.reader),
                    Self.declaration(value, node, reading.reader)
                )
            }
        }
        if let node = value("plugins"), let paths = reading.reader.list(node, named: "plugins") {
            for path in paths {
                guard let text = reading.reader.string(path, named: "plugins") else { continue }
                guard let plugins else {
                    reading.reader.report(
                        path,
                        severity: .warning,
                        code: .configPluginsUnsupported,
                        message:
                            "plugin folders are not loaded by this version of widgethost; '\(text)' is ignored"
                    )
                    continue
                }
                switch plugins.add(configurationEntry: text, file: source.name) {
                case .success(let problems):
                    reading.diagnostics += problems.map { $0.addingNotes(reading.inclusion.notes) }
                case .failure(let problem):
                    reading.reader.report(path, code: problem.code, message: "'\(text)' \(problem.message)")
                }
            }
        }
        if let node = value("include") {
            header.includedAppGroup = include(
                node, from: source, inclusion: &reading.inclusion, reader: &reading.reader,
                into: &reading.pending, diagnostics: &reading.diagnostics)
            header.includesWidgets = true
        }
        return header
    }

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
