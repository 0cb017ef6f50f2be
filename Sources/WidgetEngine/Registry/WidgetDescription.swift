import PluginProtocol
import TerminalText
@_spi(WidgetHost) public import WidgetHostKit

/// What `describe` says of widgets and intents: kinds, families, parameters (types, defaults,
/// cases, ranges), as text or JSON.
public enum WidgetDescription {
    /// One widget as JSON.
    public static func json(_ widget: any WidgetConfiguration, options: DynamicOptions = DynamicOptions())
        -> JSONValue
    {
        let metadata = widget.metadata
        return .object([
            .init("kind", .string(metadata.kind)),
            .init("displayName", .string(metadata.displayName)),
            .init("description", .string(metadata.description)),
            .init("supportedFamilies", .array(metadata.supportedFamilies.map { .string($0.rawValue) })),
            .init("configurable", .bool(widget.isConfigurable)),
            .init(
                "parameters",
                .array(parametersJSON(widget.parameters, owner: metadata.kind, options: options))),
        ])
    }

    /// The parameters as JSON, each with its `options` when the store gave them.
    private static func parametersJSON(
        _ parameters: [ParameterDescription], owner: String, options: DynamicOptions
    ) -> [JSONValue] {
        parameters.map { parameter in
            guard let choices = options.options(owner, parameter.name),
                case .object(let members) = parameter.json
            else { return parameter.json }
            return .object(members + [.init("options", .array(choices))])
        }
    }

    /// One intent as JSON, built in or a plugin's.
    public static func json(_ intent: any HostIntent, options: DynamicOptions = DynamicOptions()) -> JSONValue
    {
        var members: [JSONValue.Member] = [
            .init("type", .string(intent.type)),
            .init("title", .string(intent.title)),
            .init("description", .string(intent.description)),
            .init(
                "parameters", .array(parametersJSON(intent.parameters, owner: intent.type, options: options))),
        ]
        if let summary = intent.parameterSummary { members.append(.init("summary", .string(summary))) }
        return .object(members)
    }

    /// One widget as text.
    public static func text(_ widget: any WidgetConfiguration, options: DynamicOptions = DynamicOptions())
        -> String
    {
        let metadata = widget.metadata
        // A plugin's kind, names and descriptions are made visible: they cannot act on the terminal.
        let visible = TerminalText.visible
        var text = visible(metadata.kind)
        if !metadata.displayName.isEmpty { text += " (\(visible(metadata.displayName)))" }
        text += "\n"
        if !metadata.description.isEmpty { text += "  \(visible(metadata.description))\n" }
        let families = metadata.supportedFamilies.enumerated().map {
            $0.offset == 0 ? "\($0.element.rawValue) (default)" : $0.element.rawValue
        }
        text += "  families: " + families.joined(separator: ", ") + "\n"
        guard widget.isConfigurable else {
            return text + "  configuration: none (a static widget)\n"
        }
        text +=
            "  configuration:\n" + parameterLines(widget.parameters, owner: metadata.kind, options: options)
        return text
    }

    /// One intent as text, built in or a plugin's.
    public static func text(_ intent: any HostIntent, options: DynamicOptions = DynamicOptions()) -> String {
        let visible = TerminalText.visible
        var text = visible(intent.type)
        if !intent.title.isEmpty { text += " (\(visible(intent.title)))" }
        text += "\n"
        if !intent.description.isEmpty { text += "  \(visible(intent.description))\n" }
        if let summary = intent.parameterSummary { text += "  summary: \(visible(summary))\n" }
        if intent.parameters.isEmpty { return text + "  parameters: none\n" }
        return text + "  parameters:\n"
            + parameterLines(intent.parameters, owner: intent.type, options: options)
    }

    /// Aligned `name  type  default  "title"` lines, each followed by what the parameter asks when
    /// missing and its choices from the app's data (those of `options`, or where to get them).
    static func parameterLines(
        _ parameters: [ParameterDescription], owner: String, options: DynamicOptions
    ) -> String {
        let names = parameters.map { TerminalText.visible($0.name) }
        let nameWidth = names.map { TerminalText.width(of: $0) }.max() ?? 0
        let types = parameters.map { TerminalText.visible($0.typeSummary) }
        let typeWidth = types.map { TerminalText.width(of: $0) }.max() ?? 0
        return zip(parameters, zip(names, types)).map { parameter, nameAndType in
            let (name, type) = nameAndType
            let paddedName = TerminalText.fitted(name, to: nameWidth)
            let typeText = TerminalText.fitted(type, to: typeWidth)
            let defaultText =
                parameter.defaultValue.map { "default \(TerminalText.visible($0.description))" }
                ?? (parameter.isRequired ? "required" : "")
            let line = "    \(paddedName)  \(typeText)  \(defaultText)"
            let padding = max(0, 4 + nameWidth + 2 + typeWidth + 2 + 16 - TerminalText.width(of: line))
            var text =
                line + String(repeating: " ", count: padding)
                + "  \"\(TerminalText.visible(parameter.title))\"\n"
            if let dialog = parameter.requestValueDialog {
                text += "      asks: \"\(TerminalText.visible(dialog))\"\n"
            }
            if let choices = options.options(owner, parameter.name) {
                let list = choices.map { TerminalText.visible(DynamicOptions.text($0)) }.joined(
                    separator: ", ")
                text += "      choices from the store: " + (list.isEmpty ? "none yet" : list) + "\n"
            } else if parameter.hasDynamicOptions {
                text += "      choices from the app's data (--store DIR lists them)\n"
            }
            return text
        }.joined()
    }
}
