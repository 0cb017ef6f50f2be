import Foundation
import PackagePlugin

/// Embeds the Python plugin SDK (`Plugins/SDK/python/widgethost_plugin.py`) in the target that uses
/// this plugin as `PythonPluginSDK.source`, so `widgethost plugins new --language python` can copy
/// it wherever the binary runs, and the file is kept in the repository once.
@main
struct EmbedPythonSDK: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "Plugins/SDK/python/widgethost_plugin.py")
        let output = context.pluginWorkDirectoryURL.appending(path: "PythonPluginSDK.swift")
        return [
            .buildCommand(
                displayName: "Embedding the Python plugin SDK",
                executable: try context.tool(named: "embed-text").url,
                arguments: [input.path, output.path, "PythonPluginSDK"],
                inputFiles: [input],
                outputFiles: [output]
            )
        ]
    }
}
