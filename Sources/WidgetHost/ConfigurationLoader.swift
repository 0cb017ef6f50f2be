import AppGroup
public import Diagnostics
import Foundation
import WidgetHostKit
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
    public var plugins: PluginHost?

    /// The App Group of a file that names none: the seeds' `group.com.example.taskapp`.
    public static let defaultAppGroup = AppGroupContainer.defaultAppGroup
    static let fileKeys = ["appGroup", "widgets", "plugins"]
    static let widgetKeys = ["id", "kind", "family", "configuration"]

    /// Creates a loader for the widgets of `registry`.
    public init(registry: WidgetRegistry, limits: YAMLLimits = YAMLLimits()) {
        self.registry = registry
        self.limits = limits
    }

    /// The widgets of every file `paths` name (see ``ConfigurationFiles``), in order, and every
    /// problem found. When ``LoadedConfiguration/diagnostics`` holds an error, nothing should run.
    public func load(_ paths: [String]) -> LoadedConfiguration {
        let (files, fileDiagnostics) = ConfigurationFiles.expand(paths)
        var result = LoadedConfiguration(files: files, instances: [], diagnostics: fileDiagnostics)
        var pending: [PendingInstance] = []
        for file in files {
            load(file: file, into: &pending, diagnostics: &result.diagnostics)
        }
        assignIDs(pending, into: &result)
        result.diagnostics = Self.inReadingOrder(result.diagnostics, files: result.files)
        result.diagnostics += plugins?.takeDiagnostics() ?? []
        return result
    }

    /// A widget entry before ids are settled across files; `valid` is false when it has errors of
    /// its own, so its id still counts for duplicates but it never runs.
    struct PendingInstance {
        var instance: WidgetInstance
        var idNode: Node?
        var source: SourceText
        var valid: Bool
    }

    private func load(file: String, into pending: inout [PendingInstance], diagnostics: inout [Diagnostic]) {
        let source: SourceText
        let documents: [Node]
        do throws(Diagnostic) {
            (source, documents) = try YAMLLoader(limits: limits).load(path: file)
        } catch {
            diagnostics.append(error)
            return
        }
        guard let root = documents.first else {
            diagnostics.append(
                Diagnostic(file: source.name, code: "config.empty", message: "contains no YAML document")
            )
            return
        }
        var reader = NodeReader(source: source)
        if documents.count > 1 {
            reader.report(
                documents[1],
                code: "config.several-documents",
                message:
                    "a configuration file holds one YAML document; this is document 2 of \(documents.count)"
            )
        }
        // The top level is named after the file: "configuration" would read as a widget's key.
        let fileName = URL(fileURLWithPath: source.name).lastPathComponent
        guard let entries = reader.mapping(root, named: fileName, knownKeys: Self.fileKeys) else {
            diagnostics += reader.diagnostics
            return
        }
        var appGroup = Self.defaultAppGroup
        if let node = entries.first(where: { $0.key == "appGroup" })?.value,
            let value = reader.string(node, named: "appGroup")
        {
            if value.isEmpty {
                reader.report(node, code: "config.empty-value", message: "'appGroup' must not be empty")
            } else {
                appGroup = value
            }
        }
        if let node = entries.first(where: { $0.key == "plugins" })?.value,
            let paths = reader.list(node, named: "plugins")
        {
            for path in paths {
                guard let text = reader.string(path, named: "plugins") else { continue }
                guard let plugins else {
                    reader.report(
                        path,
                        severity: .warning,
                        code: "config.plugins-unsupported",
                        message:
                            "plugin folders are not loaded by this version of widgethost; '\(text)' is ignored"
                    )
                    continue
                }
                switch plugins.add(configurationEntry: text, file: source.name) {
                case .success(let problems):
                    diagnostics += problems
                case .failure(let problem):
                    reader.report(path, code: problem.code, message: "'\(text)' \(problem.message)")
                }
            }
        }
        if let widgetsNode = reader.required("widgets", in: entries, of: root, named: fileName),
            let widgets = reader.list(widgetsNode, named: "widgets")
        {
            var plans: [String: ParameterPlan] = [:]
            pending.reserveCapacity(pending.count + widgets.count)
            for widget in widgets {
                if let instance = self.widget(widget, appGroup: appGroup, plans: &plans, reader: &reader) {
                    pending.append(instance)
                }
            }
        }
        // Report in reading order: a mapping's unknown keys are found before its values are read.
        diagnostics += reader.diagnostics.enumerated().sorted {
            ($0.element.location ?? SourceLocation(line: 0, column: 0), $0.offset)
                < ($1.element.location ?? SourceLocation(line: 0, column: 0), $1.offset)
        }.map(\.element)
    }

    private func widget(
        _ node: Node,
        appGroup: String,
        plans: inout [String: ParameterPlan],
        reader: inout NodeReader
    ) -> PendingInstance? {
        guard reader.isMapping(node, named: "widget") else { return nil }
        // One pass over the (at most four) pairs, without building an array of them.
        var kindEntry: NodeReader.Entry?
        var idEntry: NodeReader.Entry?
        var familyEntry: NodeReader.Entry?
        var configurationEntry: NodeReader.Entry?
        for position in 0..<node.count {
            guard
                let entry = reader.entry(
                    node.pair(position), in: "widget", isKnown: Self.widgetKeys.contains,
                    knownKeys: Self.widgetKeys)
            else { continue }
            switch entry.key {
            case "kind": kindEntry = entry
            case "id": idEntry = entry
            case "family": familyEntry = entry
            default: configurationEntry = entry
            }
        }
        var valid = true
        var idNode: Node?
        var id = ""
        var kind = ""
        var widget: (any WidgetConfiguration)?
        if kindEntry == nil {
            reader.report(
                node, code: "config.missing-key", message: "'widget' is missing the required key 'kind'")
        }
        if let kindNode = kindEntry?.value, let name = reader.string(kindNode, named: "kind") {
            kind = name
            widget = registry.widget(kind: name) ?? plugins?.widget(kind: name)
            if widget == nil {
                let kinds = registry.kinds + (plugins?.kinds ?? [])
                var message = "unknown widget kind '\(name)'"
                if let nearest = EditDistance.suggestion(for: name, among: kinds) {
                    message += "; did you mean '\(nearest)'?"
                } else {
                    message += "; known kinds are " + kinds.joined(separator: ", ")
                }
                reader.report(kindNode, code: "config.unknown-kind", message: message)
            }
        }
        if let entry = idEntry {
            idNode = entry.value
            if let text = reader.string(entry.value, named: "id") {
                if text.isEmpty || Self.hasWhitespace(text) {
                    reader.report(
                        entry.value,
                        code: "config.invalid-id",
                        message: "a widget id must be non-empty and without spaces, not '\(text)'"
                    )
                    valid = false
                }
                id = text
            } else {
                valid = false
            }
        }
        guard let widget else {
            // Without a known kind nothing else can be checked; the id still counts for duplicates.
            return PendingInstance(
                instance: WidgetInstance(
                    id: id, kind: kind, family: .systemSmall, configuration: [:], appGroup: appGroup,
                    file: reader.source.name, location: node.start.location
                ),
                idNode: idNode,
                source: reader.source,
                valid: false
            )
        }
        var family = widget.metadata.supportedFamilies.first ?? .systemSmall
        if let entry = familyEntry {
            if let chosen = self.family(entry.value, of: widget, reader: &reader) {
                family = chosen
            } else {
                valid = false
            }
        }
        var configuration: [String: JSONValue] = [:]
        if widget is UnavailablePluginWidget {
            // Its plugin could not declare its parameters; it fails at run time, saying why.
        } else if widget.isConfigurable {
            let plan: ParameterPlan
            if let known = plans[kind] {
                plan = known
            } else {
                plan = ParameterPlan(widget.parameters)
                plans[kind] = plan
            }
            if let values = self.configuration(
                configurationEntry?.value, of: widget, plan: plan, widgetNode: node, reader: &reader)
            {
                configuration = values
            } else {
                valid = false
            }
        } else if let configurationEntry {
            reader.report(
                configurationEntry.keyNode,
                code: "config.static-widget",
                message: "'\(kind)' takes no configuration: it is a StaticConfiguration widget"
            )
            valid = false
        }
        let instance = WidgetInstance(
            id: id,
            kind: kind,
            family: family,
            configuration: configuration,
            appGroup: appGroup,
            file: reader.source.name,
            location: node.start.location
        )
        return PendingInstance(instance: instance, idNode: idNode, source: reader.source, valid: valid)
    }

    /// Whether `text` holds white space; ASCII is checked byte by byte, the rest by its properties.
    static func hasWhitespace(_ text: String) -> Bool {
        for byte in text.utf8 {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return true }
            if byte >= 0x80 { return text.unicodeScalars.contains { $0.properties.isWhitespace } }
        }
        return false
    }

    private func family(_ node: Node, of widget: any WidgetConfiguration, reader: inout NodeReader)
        -> WidgetFamily?
    {
        let supported = widget.metadata.supportedFamilies
        guard let name = reader.string(node, named: "family") else { return nil }
        guard let family = WidgetFamily(rawValue: name) else {
            let all = WidgetFamily.allCases.map(\.rawValue)
            var message =
                "'\(name)' is not a widget family; expected one of "
                + supported.map(\.rawValue).joined(separator: ", ")
            if let nearest = EditDistance.suggestion(for: name, among: all) {
                message += "; did you mean '\(nearest)'?"
            }
            reader.report(node, code: "config.unknown-family", message: message)
            return nil
        }
        guard supported.contains(family) else {
            reader.report(
                node,
                code: "config.unsupported-family",
                message: "'\(widget.metadata.kind)' does not support the family '\(name)'; it supports "
                    + supported.map(\.rawValue).joined(separator: ", ")
            )
            return nil
        }
        return family
    }

    /// A configurable widget's parameters, prepared once per kind: the defaults every instance
    /// starts from, and the parameters configuration must give.
    struct ParameterPlan {
        var parameters: [ParameterDescription]
        var names: [String]
        var defaults: [String: JSONValue]
        var required: [Int]

        init(_ parameters: [ParameterDescription]) {
            self.parameters = parameters
            names = parameters.map(\.name)
            var defaults: [String: JSONValue] = [:]
            var required: [Int] = []
            for (index, parameter) in parameters.enumerated() {
                if let value = parameter.defaultValue {
                    defaults[parameter.name] = value
                } else if parameter.isOptional {
                    defaults[parameter.name] = .null
                } else {
                    required.append(index)
                }
            }
            self.defaults = defaults
            self.required = required
        }
    }

    private func configuration(
        _ node: Node?,
        of widget: any WidgetConfiguration,
        plan: ParameterPlan,
        widgetNode: Node,
        reader: inout NodeReader
    ) -> [String: JSONValue]? {
        var values = plan.defaults
        var given = 0
        var valid = true
        if let node {
            if node.tag == .null {
                // `configuration:` with nothing after it: every parameter takes its default.
            } else if reader.isMapping(node, named: "configuration") {
                for position in 0..<node.count {
                    guard
                        let entry = reader.entry(
                            node.pair(position), in: "configuration", isKnown: plan.names.contains,
                            knownKeys: plan.names),
                        let index = plan.names.firstIndex(of: entry.key)
                    else { continue }
                    if let value = ParameterValidator.value(
                        of: entry.value, for: plan.parameters[index], reader: &reader)
                    {
                        values[entry.key] = value
                        if plan.required.contains(index) { given += 1 }
                    } else {
                        valid = false
                    }
                }
            } else {
                valid = false
            }
        }
        if valid && given < plan.required.count {
            for index in plan.required where values[plan.names[index]] == nil {
                let parameter = plan.parameters[index]
                reader.report(
                    node ?? widgetNode,
                    code: "config.missing-parameter",
                    message:
                        "'\(widget.metadata.kind)' needs the parameter '\(parameter.name)' (\(parameter.title)), "
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

    /// Gives widgets without an id `<kind>-<n>` (n counting that kind from 1) and reports ids
    /// used twice, naming both places.
    private func assignIDs(_ pending: [PendingInstance], into result: inout LoadedConfiguration) {
        var counts: [String: Int] = [:]
        var seen: [String: Int] = [:]
        seen.reserveCapacity(pending.count)
        result.instances.reserveCapacity(pending.count)
        for (position, var item) in pending.enumerated() {
            let isDefault = item.instance.id.isEmpty
            // A widget of unknown kind has no default id to clash with.
            if isDefault && !item.valid && registry.widget(kind: item.instance.kind) == nil
                && plugins?.widget(kind: item.instance.kind) == nil
            {
                continue
            }
            counts[item.instance.kind, default: 0] += 1
            if isDefault {
                item.instance.id = "\(item.instance.kind)-\(counts[item.instance.kind] ?? 1)"
            }
            let id = item.instance.id
            if let firstPosition = seen[id] {
                let first = pending[firstPosition]
                let place =
                    first.instance.file == item.instance.file
                    ? "line \(first.instance.location.line)"
                    : "\(first.instance.file):\(first.instance.location.line):\(first.instance.location.column)"
                let message =
                    isDefault
                    ? "this widget's default id '\(id)' is already the id of the widget at \(place); give it an 'id'"
                    : "duplicate widget id '\(id)': already used by the widget at \(place)"
                let at = item.idNode?.start.location ?? item.instance.location
                result.diagnostics.append(
                    item.source.diagnostic(
                        at: at,
                        code: "config.duplicate-id",
                        message: message,
                        notes: first.instance.file == item.instance.file
                            ? [
                                Diagnostic.Note(
                                    "the first widget with id '\(id)'", at: first.instance.location)
                            ] : []
                    )
                )
                continue
            }
            seen[id] = position
            if item.valid { result.instances.append(item.instance) }
        }
    }
}

/// What ``ConfigurationLoader`` found.
public struct LoadedConfiguration: Sendable {
    /// The configuration files read, in order.
    public var files: [String]
    /// The valid widget instances, in configuration order.
    public var instances: [WidgetInstance]
    /// Every problem found, in the order found.
    public var diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error (then nothing should run).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
