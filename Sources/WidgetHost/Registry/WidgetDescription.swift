import PluginProtocol
import TerminalText
public import WidgetHostKit

/// What `describe` says of widgets and intents: kinds, families, parameters (types, defaults,
/// cases, ranges), as text or JSON.
public enum WidgetDescription {
    /// One widget as JSON.
    public static func json(_ widget: any WidgetConfiguration) -> JSONValue {
        let metadata = widget.metadata
        return .object([
            .init("kind", .string(metadata.kind)),
            .init("displayName", .string(metadata.displayName)),
            .init("description", .string(metadata.description)),
            .init("supportedFamilies", .array(metadata.supportedFamilies.map { .string($0.rawValue) })),
            .init("configurable", .bool(widget.isConfigurable)),
            .init("parameters", .array(widget.parameters.map(\.json))),
        ])
    }

    /// One intent as JSON, built in or a plugin's.
    public static func json(_ intent: any HostIntent) -> JSONValue {
        intentJSON(
            type: intent.type, title: intent.title, description: intent.description,
            parameters: intent.parameters)
    }

    private static func intentJSON(
        type: String, title: String, description: String, parameters: [ParameterDescription]
    ) -> JSONValue {
        .object([
            .init("type", .string(type)),
            .init("title", .string(title)),
            .init("description", .string(description)),
            .init("parameters", .array(parameters.map(\.json))),
        ])
    }

    /// One widget as text.
    public static func text(_ widget: any WidgetConfiguration) -> String {
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
        text += "  configuration:\n" + parameterLines(widget.parameters)
        return text
    }

    /// One intent as text, built in or a plugin's.
    public static func text(_ intent: any HostIntent) -> String {
        intentText(
            type: intent.type, title: intent.title, description: intent.description,
            parameters: intent.parameters)
    }

    private static func intentText(
        type: String, title: String, description: String, parameters: [ParameterDescription]
    ) -> String {
        let visible = TerminalText.visible
        var text = visible(type)
        if !title.isEmpty { text += " (\(visible(title)))" }
        text += "\n"
        if !description.isEmpty { text += "  \(visible(description))\n" }
        if parameters.isEmpty { return text + "  parameters: none\n" }
        return text + "  parameters:\n" + parameterLines(parameters)
    }

    /// Aligned `name  type  default  "title"` lines.
    static func parameterLines(_ parameters: [ParameterDescription]) -> String {
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
            return line + String(repeating: " ", count: padding)
                + "  \"\(TerminalText.visible(parameter.title))\"\n"
        }.joined()
    }
}
