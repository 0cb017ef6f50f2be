import Foundation
import PackagePlugin

/// Generates, from each `.intentdefinition` file of the target that uses this plugin, the Swift
/// Xcode generates from it (its intents as `INIntent` subclasses, its enumerations and custom
/// types), so an iOS widget extension configured through SiriKit intents (`IntentConfiguration`)
/// builds with its definition as it is. See docs/plugins.md, "Widgets configured through SiriKit intents".
@main
struct IntentDefinitions: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "intentdefinition-swift").url
        return target.sourceFiles(withSuffix: "intentdefinition").map { file in
            let name = file.url.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name)+Intents.swift")
            return .buildCommand(
                displayName: "Generating the intents of \(file.url.lastPathComponent)",
                executable: tool,
                arguments: [file.url.path, output.path],
                inputFiles: [file.url],
                outputFiles: [output]
            )
        }
    }
}
