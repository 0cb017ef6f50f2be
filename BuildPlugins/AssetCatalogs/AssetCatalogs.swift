import Foundation
import PackagePlugin

/// Generates, from each asset catalog of the target that uses this plugin (an `.xcassets` folder),
/// the asset symbols Xcode generates from it (`Color.widgetText`, `ColorResource.widgetText`,
/// `ImageResource.avatar`) and its colours by name, so that `Color("WidgetBackground")` draws the
/// catalog's colour in each scheme. See docs/plugins.md, "Asset catalogs".
@main
struct AssetCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "xcassets-swift").url
        // The catalogs (SwiftPM gives a catalog as one file, its folder), each with the files in it:
        // what the build reads again when one of them changes.
        var catalogs: [URL: [URL]] = [:]
        for file in target.sourceFiles where file.url.pathExtension == "xcassets" {
            let walker = FileManager.default.enumerator(at: file.url, includingPropertiesForKeys: nil)
            var files = [file.url]
            while let url = walker?.nextObject() as? URL { files.append(url) }
            catalogs[file.url] = files
        }
        return catalogs.keys.sorted { $0.path < $1.path }.map { catalog in
            let name = catalog.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name)+AssetSymbols.swift")
            return .buildCommand(
                displayName: "Generating the asset symbols of \(catalog.lastPathComponent)",
                executable: tool,
                arguments: [catalog.path, output.path],
                inputFiles: catalogs[catalog] ?? [],
                outputFiles: [output]
            )
        }
    }
}
