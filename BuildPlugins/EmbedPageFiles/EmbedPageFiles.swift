import Foundation
import PackagePlugin

/// Embeds the HTML page's stylesheet and script (`Sources/Rendering/Page/page.css` and `page.js`,
/// real files an editor and a linter can read) in the target that uses this plugin, as
/// `PageStyleSheet.source` and `PageScript.source`.
@main
struct EmbedPageFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Sources/Rendering/Page")
        return try [("page.css", "PageStyleSheet"), ("page.js", "PageScript")].map { file, type in
            let input = folder.appending(path: file)
            let output = context.pluginWorkDirectoryURL.appending(path: "\(type).swift")
            return .buildCommand(
                displayName: "Embedding the page's \(file)",
                executable: try context.tool(named: "embed-text").url,
                arguments: [input.path, output.path, type],
                inputFiles: [input],
                outputFiles: [output]
            )
        }
    }
}
