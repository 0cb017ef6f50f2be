import Foundation
import PackagePlugin

/// Embeds the files `widgethost plugins new` writes (`Sources/PluginHosting/Templates/<language>/
/// *.template`, real files with `{{placeholder}}`s) in the target that uses this plugin, each as an
/// internal enum's `source` (`swift/Widget.swift.template`: `SwiftWidgetSwiftTemplate`), so the
/// templates are kept, read and edited as the files they become.
@main
struct EmbedPluginTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Sources/PluginHosting/Templates")
        let tool = try context.tool(named: "embed-text").url
        var commands: [Command] = []
        for language in ["python", "swift"] {
            let languageFolder = folder.appending(path: language)
            let names = try FileManager.default.contentsOfDirectory(atPath: languageFolder.path)
                .filter { $0.hasSuffix(".template") }.sorted()
            for name in names {
                let input = languageFolder.appending(path: name)
                let type = Self.typeName(language: language, file: name)
                let output = context.pluginWorkDirectoryURL.appending(path: "\(type).swift")
                commands.append(
                    .buildCommand(
                        displayName: "Embedding the plugin template \(language)/\(name)",
                        executable: tool,
                        arguments: [input.path, output.path, type, "internal"],
                        inputFiles: [input],
                        outputFiles: [output]
                    ))
            }
        }
        return commands
    }

    /// `SwiftWidgetSwiftTemplate` for `swift`'s `Widget.swift.template`: the language and each
    /// part of the file's name (before `.template`), capitalised.
    static func typeName(language: String, file: String) -> String {
        let parts =
            [language]
            + file.dropLast(".template".count).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
        return parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Template"
    }
}
