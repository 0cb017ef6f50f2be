import PluginProtocol
@_spi(WidgetHost) import WidgetHostKit

extension PluginManifest {
    /// What differs between the kinds and intents this manifest declares and those `handshake`
    /// declares, as a sentence fragment; `nil` when they agree.
    func mismatch(with handshake: InitializeResult) -> String? {
        let differences =
            Self.differences(
                "kind", declared: kinds, served: handshake.widgets.map(\.metadata.kind), key: "kinds")
            + Self.differences(
                "intent", declared: intents, served: handshake.intents.map(\.type), key: "intents")
        return differences.isEmpty ? nil : differences.joined(separator: "; ")
    }

    private static func differences(
        _ noun: String, declared: [String], served: [String], key: String
    ) -> [String] {
        var differences: [String] = []
        let missing = declared.filter { !served.contains($0) }
        let extra = served.filter { !declared.contains($0) }
        if !missing.isEmpty {
            differences.append(
                "its manifest's '\(key)' lists \(quoted(missing)), which its handshake does not declare")
        }
        if !extra.isEmpty {
            differences.append(
                "its handshake declares the \(noun)\(extra.count == 1 ? "" : "s") \(quoted(extra)), "
                    + "missing from its manifest's '\(key)'")
        }
        return differences
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
