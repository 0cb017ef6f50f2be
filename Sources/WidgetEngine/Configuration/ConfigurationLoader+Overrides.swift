import AppGroup
import Diagnostics
import WidgetHostKit
import YAML

extension ConfigurationLoader {
    /// The keys an override may name, for messages.
    static let overrideKeys = "appGroup, WIDGET-ID.family or WIDGET-ID.configuration.PARAMETER"

    /// Applies each `--set KEY=VALUE` of ``overrides`` to `result`'s instances, in order, after every
    /// file: KEY is `appGroup`, `WIDGET-ID.family` or `WIDGET-ID.configuration.PARAMETER`, VALUE is
    /// read as YAML and checked as a file's value would be. A problem is a diagnostic located at
    /// the override (`--set KEY=VALUE: error: ...`), with a "did you mean" for an unknown widget or
    /// parameter; the instances are then left as the files gave them.
    func applyOverrides(to result: inout LoadedConfiguration) {
        for text in overrides {
            let name = "--set " + text
            if let problem = applyOverride(
                text, to: &result.instances, appGroups: &result.appGroups, invalidIDs: result.invalidIDs)
            {
                result.diagnostics.append(
                    Diagnostic(
                        file: name, code: problem.code, message: problem.message,
                        notes: problem.notes.map { Diagnostic.Note($0.message) }))
            }
        }
    }

    /// Applies one override, or says what is wrong with it.
    private func applyOverride(
        _ text: String, to instances: inout [WidgetInstance], appGroups: inout [AppGroupDeclaration],
        invalidIDs: Set<String>
    ) -> Diagnostic? {
        guard let equals = text.firstIndex(of: "=") else {
            return Diagnostic(
                file: nil, code: .configUnknownKey,
                message: "expected KEY=VALUE, KEY being \(Self.overrideKeys)")
        }
        let key = String(text[..<equals])
        let valueText = String(text[text.index(after: equals)...])
        let source = SourceText(name: "--set", bytes: Array(valueText.utf8))
        let node: Node
        do throws(Diagnostic) {
            guard let root = try YAMLLoader(limits: limits).load(source).first else {
                return Diagnostic(
                    file: nil, code: .configEmptyValue,
                    message: "'\(key)' needs a value after '='; write '' for an empty string")
            }
            node = root
        } catch {
            return Diagnostic(file: nil, code: error.code, message: "the value is not YAML: \(error.message)")
        }
        var reader = NodeReader(source: source)
        if key == "appGroup" {
            guard let value = reader.string(node, named: "appGroup") else { return reader.diagnostics.first }
            if let problem = AppGroupContainer.problem(appGroup: value) {
                return Diagnostic(file: nil, code: .storeInvalidAppGroup, message: problem)
            }
            appGroups = [AppGroupDeclaration(value: value, file: nil)]
            for index in instances.indices {
                instances[index].appGroup = value
                instances[index].origins?["appGroup"] = "--set"
            }
            return nil
        }
        // The longest id that KEY starts with, followed by a dot: ids may hold dots themselves.
        let target = instances.indices.filter { key.hasPrefix(instances[$0].id + ".") }
            .max { instances[$0].id.count < instances[$1].id.count }
        guard let target else {
            // A widget whose own errors are reported: nothing to apply the override to, and nothing
            // more to say.
            if invalidIDs.contains(where: { key.hasPrefix($0 + ".") }) { return nil }
            let guess = String(key.prefix { $0 != "." })
            let ids = instances.map(\.id) + invalidIDs.sorted()
            if !key.contains(".") {
                var message = "unknown key '\(key)'; expected \(Self.overrideKeys)"
                if let nearest = EditDistance.suggestion(for: key, among: ["appGroup"] + ids) {
                    message += "; did you mean '\(nearest)'?"
                }
                return Diagnostic(file: nil, code: .configUnknownKey, message: message)
            }
            var message = "no widget has the id '\(guess)'"
            if let nearest = EditDistance.suggestion(for: guess, among: ids) {
                message += "; did you mean '\(nearest)'?"
            } else if !ids.isEmpty {
                message += "; the ids are " + ids.joined(separator: ", ")
            }
            return Diagnostic(file: nil, code: .configUnknownKey, message: message)
        }
        let instance = instances[target]
        let path = String(key.dropFirst(instance.id.count + 1))
        guard let widget = registry.widget(kind: instance.kind) ?? plugins?.widget(kind: instance.kind) else {
            return Diagnostic(
                file: nil, code: .configUnknownKind, message: "unknown widget kind '\(instance.kind)'")
        }
        var plans = KindPlans(registry: registry)
        let plan = plans.plan(for: widget, named: instance.kind)
        if path == "family" {
            guard let family = self.family(node, of: plan, reader: &reader) else {
                return reader.diagnostics.first
            }
            instances[target].family = family
            instances[target].origins?["family"] = "--set"
            return nil
        }
        let prefix = "configuration."
        guard path.hasPrefix(prefix) else {
            var message =
                "unknown key '\(path)' of widget '\(instance.id)'; expected family or configuration.PARAMETER"
            if let nearest = EditDistance.suggestion(for: path, among: ["family", "configuration"]) {
                message += "; did you mean '\(nearest)'?"
            }
            return Diagnostic(file: nil, code: .configUnknownKey, message: message)
        }
        let name = String(path.dropFirst(prefix.count))
        guard let parameters = plan.parameters else {
            return Diagnostic(
                file: nil, code: .configStaticWidget,
                message: "'\(instance.kind)' takes no configuration: it is a StaticConfiguration widget")
        }
        guard let index = parameters.names.words.firstIndex(of: name) else {
            var message = "'\(instance.kind)' has no parameter '\(name)'"
            if let nearest = EditDistance.suggestion(for: name, among: parameters.names.words) {
                message += "; did you mean '\(nearest)'?"
            } else {
                message += "; its parameters are " + parameters.names.words.joined(separator: ", ")
            }
            return Diagnostic(file: nil, code: .configUnknownKey, message: message)
        }
        guard
            let value = ParameterValidator.value(
                of: node, for: parameters.parameters[index], cases: parameters.cases[index], reader: &reader)
        else { return reader.diagnostics.first }
        instances[target].configuration[name] = value
        instances[target].origins?["configuration." + name] = "--set"
        return nil
    }
}
