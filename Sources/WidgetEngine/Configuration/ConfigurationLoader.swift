import AppGroup
public import Diagnostics
import Foundation
import TerminalText
@_spi(WidgetHost) import WidgetHostKit
public import YAML

/// Loads widget configuration files into validated ``WidgetInstance``s, reporting every problem
/// of every file (each at its file:line:column, saying what was expected) rather than the first.
///
/// ```yaml
/// appGroup: group.com.example.taskapp
/// widgets:
///   - id: work-tasks
///     kind: TaskWidget
///     family: systemMedium
///     configuration: {priorityFilter: high, maxTasks: 3}
/// ```
public struct ConfigurationLoader: Sendable {
    /// The widgets configurations may name.
    public var registry: WidgetRegistry
    /// The YAML limits for configuration files.
    public var limits: YAMLLimits
    /// The plugins of the run: `plugins:` folders join it, and kinds nothing built in declares are
    /// looked up in it. Without one, `plugins:` is only warned about.
    public var plugins: (any PluginCatalog)?
    /// Whether ``load(_:)`` takes the plugin host's diagnostics (manifests, handshakes) into its
    /// result; a first pass that is loaded again leaves them for the second.
    public var takesPluginDiagnostics = true
    /// Whether a widget whose kind nothing known declares (a plugin's, before its handshake) is
    /// kept among the instances, with its id, rather than dropped as invalid: what completion
    /// wants, since it lists ids without starting a plugin.
    package var keepsUnknownKinds = false
    /// Whether a file's `widgets:` items are read as they are parsed (see `StreamedItems`) rather
    /// than once the file is composed whole: the two load alike (tests and fuzzing compare them);
    /// streaming holds one item's YAML nodes at a time.
    public var streamsWidgets = true
    /// Whether each instance records where its values come from (``WidgetInstance/origins``), as
    /// `widgethost config` shows them.
    public var recordsOrigins = false
    /// The `--set KEY=VALUE` overrides, applied after every file (see ``ConfigurationOverride``).
    public var overrides: [String] = []
    /// Where `${NAME}` in a value is looked up (see ``VariableSubstitution``).
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    /// The App Group of a file that names none: the seeds' `group.com.example.taskapp`.
    public static let defaultAppGroup = AppGroupContainer.defaultAppGroup
    static let fileKeys = ["appGroup", "include", "widgets", "plugins"]

    /// The keys of a widget entry: the case names, in the order of ``vocabulary``.
    enum WidgetKey: Int, CaseIterable {
        case id
        case kind
        case family
        case configuration

        /// Every key, prepared for looking keys up by their bytes.
        static let vocabulary = ScalarVocabulary(allCases.map { "\($0)" })
    }

    /// Every family, and their names prepared for looking family values up by their bytes.
    static let families = WidgetFamily.allCases
    static let familyNames = ScalarVocabulary(families.map(\.rawValue))

    /// Creates a loader for the widgets of `registry`.
    public init(registry: WidgetRegistry, limits: YAMLLimits = YAMLLimits()) {
        self.registry = registry
        self.limits = limits
    }

    /// The widgets of every file `paths` name (see ``ConfigurationFiles``), in order, and every
    /// problem found. When ``LoadedConfiguration/diagnostics`` holds an error, nothing should run.
    public func load(_ paths: [String]) -> LoadedConfiguration {
        let (files, fileDiagnostics) = ConfigurationFiles.expand(paths)
        var result = LoadedConfiguration(files: [], instances: [], diagnostics: fileDiagnostics)
        var pending = PendingInstances()
        for (index, file) in files.enumerated() {
            pending.currentTopLevel = index
            var inclusion = Inclusion(file: file)
            load(file: file, inclusion: &inclusion, into: &pending, diagnostics: &result.diagnostics)
            result.files += inclusion.read
            result.includePatterns += inclusion.patterns
        }
        assignIDs(&pending, into: &result)
        result.appGroups = pending.appGroups
        result.unknownKinds = pending.unknownKinds
        result.diagnostics = Self.inReadingOrder(result.diagnostics, files: result.files)
        if !overrides.isEmpty { applyOverrides(to: &result) }
        if takesPluginDiagnostics { result.diagnostics += plugins?.takeDiagnostics() ?? [] }
        return result
    }

    /// The widget entries of every file read so far, before ids are settled across files.
    ///
    /// The instances are kept apart from what settling their ids needs, so that the valid ones
    /// become the result in place rather than being copied out one by one.
    struct PendingInstances {
        /// The widget entries, in reading order.
        var rows = InstanceRows()
        /// What settling the ids needs, one per instance.
        var details: [Detail] = []
        /// The files read, which ``Detail/source`` indexes.
        var sources: [SourceText] = []
        /// For each of ``sources``, the `included from` notes of the chain that included it.
        var includedFrom: [[Diagnostic.Note]] = []
        /// For each of ``sources``, the top-level file (a CONFIG argument's) that reached it.
        var topLevel: [Int] = []
        /// The top-level file being read.
        var currentTopLevel = 0
        /// The App Group each top-level file settled on, and where it is declared.
        var appGroups: [AppGroupDeclaration] = []
        /// Kinds named that neither the registry nor a plugin handshaken so far declares.
        var unknownKinds: Set<String> = []
        /// One copy of each configuration several widgets hold alike.
        var configurations = SharedConfigurations()
        /// The configurations read so far without a diagnostic, by what they were written as
        /// (``ConfigurationLoader/writtenAs(_:kind:)``): one written alike again is taken as it
        /// is, without reading its values again.
        var configurationsByText: [WrittenAs: [String: JSONValue]] = [:]

        /// What settling one widget's id needs beyond the instance itself: 16 bytes, as a
        /// configuration holds tens of thousands.
        struct Detail {
            /// The line and column of its `id:` value (0 when it has none).
            private var idLine: Int32
            private var idColumn: Int32
            /// Its file, in ``PendingInstances/sources``.
            private var file: Int32
            /// False when it has errors of its own: its id still counts for duplicates, but it
            /// never runs.
            var valid: Bool

            init(idLocation: SourceLocation?, source: Int, valid: Bool) {
                idLine = Int32(truncatingIfNeeded: idLocation?.line ?? 0)
                idColumn = Int32(truncatingIfNeeded: idLocation?.column ?? 0)
                file = Int32(truncatingIfNeeded: source)
                self.valid = valid
            }

            /// Where its `id:` value is, when it has one: a duplicate is reported there.
            var idLocation: SourceLocation? {
                idLine == 0 ? nil : SourceLocation(line: Int(idLine), column: Int(idColumn))
            }

            /// Its file, in ``PendingInstances/sources``.
            var source: Int { Int(file) }
        }

        mutating func append(_ instance: WidgetInstance.Values, _ detail: Detail) {
            rows.append(instance)
            details.append(detail)
        }
    }

    /// Reads `file`, its includes first, appending its widgets to `pending`.
    ///
    /// - Returns: the App Group the file declares, itself or through what it includes (its own
    ///   wins), with where it is written, or `nil` when neither declares one.
    @discardableResult
    func load(
        file: String, inclusion: inout Inclusion, into pending: inout PendingInstances,
        diagnostics: inout [Diagnostic]
    ) -> Declared? {
        let first = pending.rows.count
        let declared = readFile(file, inclusion: &inclusion, into: &pending, diagnostics: &diagnostics)
        if inclusion.chain.isEmpty {
            // A top-level file: every widget it reached gets the App Group it settled on.
            let appGroup = declared?.value ?? Self.defaultAppGroup
            pending.appGroups.append(
                declared?.declaration ?? AppGroupDeclaration(value: Self.defaultAppGroup, file: file))
            let origin = declared?.origin ?? Self.defaultOrigin
            for position in first..<pending.rows.count {
                pending.rows.setAppGroup(appGroup, origin: origin, of: position)
            }
        }
        return declared
    }

    /// Checks one entry of `widgets:` and appends it to `pending` (unless it is not even a mapping).
    func widget(
        _ node: Node,
        appGroup: String,
        source: Int,
        plans: inout KindPlans,
        reader: inout NodeReader,
        into pending: inout PendingInstances
    ) {
        guard reader.isMapping(node, named: "widget") else { return }
        // One pass over the (at most four) pairs, without building an array of them.
        var kindNode: Node?
        var idNode: Node?
        var familyNode: Node?
        var configurationPair: Node.Pair?
        // Unknown keys, with their diagnostics: a parameter of the kind gets a fix-it note.
        var unknownKeys: [(key: Node, diagnostic: Int)] = []
        for position in 0..<node.count {
            let pair = node.pair(position)
            let reported = reader.diagnostics.count
            guard let index = reader.keyIndex(pair, in: "widget", among: WidgetKey.vocabulary) else {
                if reader.diagnostics.count > reported { unknownKeys.append((pair.key, reported)) }
                continue
            }
            switch WidgetKey(rawValue: index) {
            case .kind?: kindNode = pair.value
            case .id?: idNode = pair.value
            case .family?: familyNode = pair.value
            case .configuration?: configurationPair = pair
            case nil: continue
            }
        }
        var valid = true
        var id = ""
        var kind = ""
        var plan: KindPlan?
        if kindNode == nil {
            reader.report(
                node, code: .configMissingKey, message: "'widget' is missing the required key 'kind'")
        }
        if let kindNode {
            if let known = plans.builtIn(kindNode) {
                // A built-in kind, found by its bytes; ambiguous when a plugin declares it too.
                kind = known.kind
                if let clash = plugins?.builtInKindClash(known.kind) {
                    reader.report(kindNode, code: .configAmbiguousKind, message: clash)
                } else {
                    plan = known
                }
            } else if let name = reader.string(kindNode, named: "kind") {
                kind = name
                if let builtIn = plugins?.builtInKind(qualified: name),
                    let widget = registry.widget(kind: builtIn)
                {
                    // `widgethost/KIND`: the built-in, whatever plugins declare.
                    kind = builtIn
                    plan = plans.plan(for: widget, named: builtIn)
                } else if let widget = registry.widget(kind: name) ?? plugins?.widget(kind: name) {
                    plan = plans.plan(for: widget, named: name)
                } else {
                    pending.unknownKinds.insert(name)
                    // Every kind a manifest lists counts, started or not: a typo is a typo
                    // whatever state any plugin is in.
                    var seen: Set<String> = []
                    let kinds = (registry.kinds + (plugins?.kinds ?? []) + (plugins?.declaredKinds ?? []))
                        .filter { seen.insert($0).inserted }
                    var message = "unknown widget kind '\(name)'"
                    let nearest = EditDistance.suggestion(for: name, among: kinds)
                    if let nearest {
                        message += "; did you mean '\(nearest)'?"
                    } else {
                        message += "; known kinds are " + kinds.joined(separator: ", ")
                    }
                    // Not a typo of a known kind: where plugins were looked for, so a missing
                    // `--plugins` shows at once.
                    let notes =
                        plugins.flatMap { host in nearest == nil ? host : nil }.map { host in
                            [
                                Diagnostic.Note(
                                    "no built-in widget or plugin declares '\(name)'; plugins were looked for in: "
                                        + host.searchedPlaces.joined(separator: ", "))
                            ]
                        } ?? []
                    reader.report(kindNode, code: .configUnknownKind, message: message, notes: notes)
                }
            }
        }
        if let idNode {
            if let text = reader.string(idNode, named: "id") {
                if text.isEmpty || Self.hasWhitespace(text) {
                    reader.report(
                        idNode,
                        code: .configInvalidId,
                        message: "a widget id must be non-empty and without spaces, not '\(text)'"
                    )
                    valid = false
                } else if let control = Self.firstControl(in: text) {
                    // An id is typed (`tap`, `--widget`), put in URLs (`serve`) and shown in
                    // captions: a control or a bidi override makes it unreadable or untappable.
                    reader.report(
                        idNode,
                        code: .configInvalidId,
                        message:
                            "a widget id must not hold control or formatting characters (it holds \(control)), "
                            + "not '\(TerminalText.visible(Excerpt.of(text)))'"
                    )
                    valid = false
                }
                id = text
            } else {
                valid = false
            }
        }
        let location = node.start.location
        let idLocation = idNode?.start.location
        guard let plan else {
            // Without a known kind nothing else can be checked; the id still counts for duplicates.
            pending.append(
                WidgetInstance.Values(
                    id: id, kind: kind, family: .systemSmall, configuration: [:], appGroup: appGroup,
                    file: reader.source.name, location: location
                ),
                PendingInstances.Detail(
                    idLocation: idLocation, source: source, valid: keepsUnknownKinds && valid)
            )
            return
        }
        if let parameters = plan.parameters, !unknownKeys.isEmpty {
            Self.noteMisplacedParameters(
                unknownKeys, of: kind, parameters: parameters, widgetNode: node,
                configurationPair: configurationPair, reader: &reader)
        }
        var family = plan.defaultFamily
        if let familyNode {
            if let chosen = self.family(familyNode, of: plan, reader: &reader) {
                family = chosen
            } else {
                valid = false
            }
        }
        var configuration: [String: JSONValue] = [:]
        if plan.isUnavailable {
            // Its plugin could not declare its parameters; it fails at run time, saying why.
        } else if let parameters = plan.parameters {
            let written = Self.writtenAs(configurationPair?.value, kind: kind)
            if let written, let known = pending.configurationsByText[written] {
                configuration = known
            } else {
                let reported = reader.diagnostics.count
                if let values = self.configuration(
                    configurationPair?.value, of: plan, parameters: parameters, widgetNode: node,
                    reader: &reader)
                {
                    configuration = pending.configurations.shared(values)
                    // Read without a word said: written alike, it reads alike.
                    if let written, reader.diagnostics.count == reported,
                        pending.configurationsByText.count < SharedConfigurations.limit
                    {
                        pending.configurationsByText[written] = configuration
                    }
                } else {
                    valid = false
                }
            }
        } else if let configurationPair {
            reader.report(
                configurationPair.key,
                code: .configStaticWidget,
                message: "'\(kind)' takes no configuration: it is a StaticConfiguration widget"
            )
            valid = false
        }
        if valid, !plan.parameterLimits.isEmpty {
            Self.noteBeyondFamily(
                configuration, family: family, of: plan, configurationNode: configurationPair?.value,
                widgetNode: node, reader: &reader)
        }
        var instance = WidgetInstance.Values(
            id: id,
            kind: kind,
            family: family,
            configuration: configuration,
            appGroup: appGroup,
            file: reader.source.name,
            location: location
        )
        if recordsOrigins {
            instance.origins = Self.origins(
                id: idNode, kind: kindNode, family: familyNode, configuration: configurationPair?.value,
                parameters: plan.parameters, reader: reader)
        }
        pending.append(
            instance, PendingInstances.Detail(idLocation: idLocation, source: source, valid: valid))
    }

    /// What a widget's `configuration:` is written as, for a kind: its pairs' keys and scalar
    /// values (tags, styles and texts, after substitution), or that it is left out or empty;
    /// `nil` when a value is a collection. Two configurations written alike read alike.
    static func writtenAs(_ node: Node?, kind: String) -> WrittenAs? {
        var key: [UInt8] = []
        key.reserveCapacity(128)
        key.append(contentsOf: kind.utf8)
        key.append(0)
        guard let node else {
            key.append(1)
            return WrittenAs(bytes: key)
        }
        guard !node.isNull else {
            key.append(2)
            return WrittenAs(bytes: key)
        }
        guard node.isMapping else { return nil }
        key.append(3)
        for position in 0..<node.count {
            let pair = node.pair(position)
            guard pair.key.appendScalarIdentity(to: &key), pair.value.appendScalarIdentity(to: &key) else {
                return nil
            }
        }
        return WrittenAs(bytes: key)
    }

    /// What a configuration is written as (see ``writtenAs(_:kind:)``), hashed as one run of
    /// bytes rather than byte by byte.
    struct WrittenAs: Hashable {
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Adds a fix-it note to each unknown widget key that is a parameter of the widget's kind,
    /// written beside `configuration:` (or without one) rather than indented under it.
    private static func noteMisplacedParameters(
        _ unknownKeys: [(key: Node, diagnostic: Int)],
        of kind: String,
        parameters: ParameterPlan,
        widgetNode: Node,
        configurationPair: Node.Pair?,
        reader: inout NodeReader
    ) {
        // The column the parameters of a block `configuration:` start at, or should.
        let column: Int
        if let configurationPair {
            let value = configurationPair.value
            column =
                value.isMapping && value.count > 0
                    && value.start.location.line > configurationPair.key.start.location.line
                ? value.start.location.column : configurationPair.key.start.location.column + 2
        } else {
            column = widgetNode.start.location.column + 2
        }
        // `configuration: {...}` on the key's line: the fix is to move the key into the braces.
        let isInline = configurationPair.map {
            $0.value.isMapping && $0.value.start.location.line == $0.key.start.location.line
        }
        for (key, diagnostic) in unknownKeys {
            guard let name = key.scalar, parameters.names.words.contains(name) else { continue }
            let fix: String
            switch isInline {
            case nil: fix = "add 'configuration:' to the widget and indent it under that, to column \(column)"
            case true?: fix = "move it into the mapping of 'configuration:'"
            case false?: fix = "indent it under 'configuration:', to column \(column)"
            }
            reader.addNote(
                Diagnostic.Note("'\(name)' is a parameter of \(kind): \(fix)"), toDiagnosticAt: diagnostic)
        }
    }

    /// Whether `text` holds white space; ASCII is checked byte by byte, the rest by its properties.
    static func hasWhitespace(_ text: String) -> Bool {
        var copy = text
        // The bytes in one buffer: iterating `utf8` decodes a small string byte by byte.
        let ascii = copy.withUTF8 { bytes -> Bool? in
            for byte in bytes {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return true }
                if byte >= 0x80 { return nil }
            }
            return false
        }
        return ascii ?? text.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    /// The first control or formatting character of `text` (C0, DEL, C1, a bidi override or
    /// isolate, a zero-width or line separator), as `U+XXXX`; `nil` when it has none.
    static func firstControl(in text: String) -> String? {
        var copy = text
        // Printable ASCII, the usual id, is told by its bytes.
        if copy.withUTF8({ bytes in bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F } }) { return nil }
        for scalar in text.unicodeScalars {
            let isControl: Bool
            if scalar.isASCII {
                isControl = scalar.value < 0x20 || scalar.value == 0x7F
            } else {
                switch scalar.properties.generalCategory {
                // Zero-width joiners make emoji and Persian words; they are kept.
                case .format: isControl = scalar.value != 0x200C && scalar.value != 0x200D
                case .control, .lineSeparator, .paragraphSeparator: isControl = true
                default: isControl = false
                }
            }
            if isControl {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return nil
    }

    func family(_ node: Node, of plan: KindPlan, reader: inout NodeReader) -> WidgetFamily? {
        let supported = plan.supportedFamilies
        // A supported family, found by its bytes.
        if let index = Self.familyNames.index(ofString: node), supported.contains(Self.families[index]) {
            return Self.families[index]
        }
        guard let name = reader.string(node, named: "family") else { return nil }
        guard let family = WidgetFamily(rawValue: name) else {
            var message =
                "'\(name)' is not a widget family; expected one of "
                + supported.map(\.rawValue).joined(separator: ", ")
            if let nearest = WidgetFamily.suggestion(for: name, preferring: supported) {
                message += "; did you mean '\(nearest)'?"
            }
            reader.report(node, code: .configUnknownFamily, message: message)
            return nil
        }
        guard supported.contains(family) else {
            reader.report(
                node,
                code: .configUnsupportedFamily,
                message: "'\(plan.widget.metadata.kind)' does not support the family '\(name)'; it supports "
                    + supported.map(\.rawValue).joined(separator: ", ")
            )
            return nil
        }
        return family
    }

    private func configuration(
        _ node: Node?,
        of plan: KindPlan,
        parameters: ParameterPlan,
        widgetNode: Node,
        reader: inout NodeReader
    ) -> [String: JSONValue]? {
        var values = parameters.defaults
        var given = 0
        var valid = true
        // Whether a key was added to the copy of the defaults: that can move its entries, after
        // which the plan's slots no longer hold.
        var added = false
        if let node {
            if node.isNull {
                // `configuration:` with nothing after it: every parameter takes its default.
            } else if reader.isMapping(node, named: "configuration") {
                for position in 0..<node.count {
                    let pair = node.pair(position)
                    guard let index = reader.keyIndex(pair, in: "configuration", among: parameters.names)
                    else {
                        continue
                    }
                    guard
                        let value = ParameterValidator.value(
                            of: pair.value, for: parameters.parameters[index], cases: parameters.cases[index],
                            reader: &reader)
                    else {
                        valid = false
                        continue
                    }
                    guard let slot = parameters.slots[index] else {
                        // A required parameter, not among the defaults: the key goes in as written.
                        values[pair.key.scalar ?? parameters.names.words[index]] = value
                        given += 1
                        added = true
                        continue
                    }
                    if added {
                        values[parameters.names.words[index]] = value
                    } else {
                        // Where the defaults hold it: replaced in place, without hashing the key.
                        values.values[slot] = value
                    }
                }
            } else {
                valid = false
            }
        }
        if valid && given < parameters.required.count {
            for index in parameters.required where values[parameters.names.words[index]] == nil {
                let parameter = parameters.parameters[index]
                reader.report(
                    node ?? widgetNode,
                    code: .configMissingParameter,
                    message:
                        "'\(plan.widget.metadata.kind)' needs the parameter '\(parameter.name)' (\(parameter.title)), "
                        + "which has no default"
                )
                valid = false
            }
        }
        return valid ? values : nil
    }

    /// Diagnostics file by file in the order the files were read, each file's by line and column
    /// (a duplicate id found after every file was read goes where it stands); ties keep their order.
    static func inReadingOrder(_ diagnostics: [Diagnostic], files: [String]) -> [Diagnostic] {
        var order: [String: Int] = [:]
        for (index, file) in files.enumerated() where order[file] == nil { order[file] = index }
        return diagnostics.enumerated().sorted { first, second in
            let a = first.element
            let b = second.element
            let aFile = a.file.flatMap { order[$0] } ?? -1
            let bFile = b.file.flatMap { order[$0] } ?? -1
            if aFile != bFile { return aFile < bFile }
            let aPlace = a.location ?? SourceLocation(line: 0, column: 0)
            let bPlace = b.location ?? SourceLocation(line: 0, column: 0)
            if aPlace != bPlace { return aPlace < bPlace }
            return first.offset < second.offset
        }.map(\.element)
    }

    /// Gives widgets without an id `<kind>-<n>` (n counting that kind from 1 within the top-level
    /// file the widget is in, its includes counted with it, so no other CONFIG file can renumber
    /// it) and reports ids used twice, naming both places; the valid widgets become the result's
    /// instances.
    private func assignIDs(_ pending: inout PendingInstances, into result: inout LoadedConfiguration) {
        var counts: [String: Int] = [:]
        var countedFile = -1
        var seen = RowsByID(capacity: pending.rows.count)
        for position in 0..<pending.rows.count {
            let detail = pending.details[position]
            let isDefault = pending.rows.hasNoID(position)
            // A widget of unknown kind has no default id to clash with.
            if isDefault && !detail.valid {
                let kind = pending.rows.kind(of: position)
                if registry.widget(kind: kind) == nil && plugins?.widget(kind: kind) == nil { continue }
            }
            if pending.topLevel[detail.source] != countedFile {
                counts.removeAll(keepingCapacity: true)
                countedFile = pending.topLevel[detail.source]
            }
            let kind = pending.rows.kind(of: position)
            counts[kind, default: 0] += 1
            if isDefault { pending.rows.setID("\(kind)-\(counts[kind] ?? 1)", of: position) }
            // One lookup for the common case, a new id.
            guard let firstPosition = seen.insert(position, of: pending.rows) else { continue }
            pending.details[position].valid = false
            let id = pending.rows.id(of: position)
            let firstFile = pending.rows.file(of: firstPosition)
            let firstLocation = pending.rows.location(of: firstPosition)
            let file = pending.rows.file(of: position)
            let place =
                firstFile == file
                ? "line \(firstLocation.line)"
                : "\(firstFile):\(firstLocation.line):\(firstLocation.column)"
            let message =
                isDefault
                ? "this widget's default id '\(id)' is already the id of the widget at \(place)"
                    + (firstFile != file
                        && pending.topLevel[detail.source]
                            != pending.topLevel[pending.details[firstPosition].source]
                        ? " (default ids are numbered per configuration file)" : "")
                    + "; give it an 'id'"
                : "duplicate widget id '\(id)': already used by the widget at \(place)"
            result.diagnostics.append(
                pending.sources[detail.source].diagnostic(
                    at: detail.idLocation ?? pending.rows.location(of: position),
                    code: .configDuplicateId,
                    message: message,
                    notes: (firstFile == file
                        ? [Diagnostic.Note("the first widget with id '\(id)'", at: firstLocation)] : [])
                        + pending.includedFrom[detail.source]
                )
            )
        }
        // The valid widgets, as views of the rows.
        let table = InstanceTable(pending.rows)
        pending.rows = InstanceRows()
        var instances: [WidgetInstance] = []
        instances.reserveCapacity(table.rows.count)
        for position in 0..<table.rows.count {
            if pending.details[position].valid {
                instances.append(WidgetInstance(table: table, row: position))
            } else if !overrides.isEmpty, !table.rows.hasNoID(position) {
                result.invalidIDs.insert(table.rows.id(of: position))
            }
        }
        result.instances = instances
    }
}

/// What ``ConfigurationLoader`` found.
public struct LoadedConfiguration: Sendable {
    /// The configuration files read, in order.
    public var files: [String]
    /// Every `include:` entry's path or glob, as it was looked for (relative to the current
    /// directory when the including file's path is), in reading order: where a file may come to
    /// match one, which a live host watches.
    public var includePatterns: [String] = []
    /// The valid widget instances, in configuration order.
    public var instances: [WidgetInstance]
    /// Every problem found, in the order found.
    public var diagnostics: [Diagnostic]
    /// Kinds the files name that nothing known declares: a plugin not handshaken yet may (see
    /// ``HostSession/load(_:)``).
    public var unknownKinds: Set<String> = []

    /// The ids of the widgets left out for errors of their own, when there are overrides: an
    /// override naming one is not applied, and not reported as naming no widget.
    var invalidIDs: Set<String> = []

    /// The App Group each top-level file settled on, with where it is declared (nowhere for the
    /// default), in the order of the files.
    public var appGroups: [AppGroupDeclaration] = []

    /// Whether any diagnostic is an error (then nothing should run).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// An App Group a configuration settled on, and where it says so.
public struct AppGroupDeclaration: Sendable {
    /// The App Group identifier.
    public var value: String
    /// The file declaring it, or the top-level file that takes the default.
    public var file: String?
    /// Where its value is written; `nil` for the default or an override.
    public var location: SourceLocation?
    /// The line it is written on, for diagnostics.
    public var sourceLine: String?

    /// Creates a declaration.
    public init(value: String, file: String?, location: SourceLocation? = nil, sourceLine: String? = nil) {
        self.value = value
        self.file = file
        self.location = location
        self.sourceLine = sourceLine
    }
}
