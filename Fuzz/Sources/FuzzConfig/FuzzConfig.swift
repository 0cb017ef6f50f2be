import BuiltInWidgets
import Diagnostics
import Foundation
import FuzzSupport
import WidgetEngine
import WidgetHost
import YAML

/// Configuration loading, as `validate` and `run` do it, with the built-in widgets: every
/// diagnostic is located inside the file, loading three ways gives the same result (the widget
/// list streamed from the text in memory and parsed in place; streamed from the file, and composed
/// whole, both parsed ahead on a thread of their own as a large file is), and the diagnostics as
/// JSON (`validate --format json`) parse.
let registry = (try? WidgetRegistry(bundles: BuiltInWidgets.bundles)) ?? WidgetRegistry()

/// One file per process, rewritten for each input: the loader reads paths.
let path: String = {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("widgethost-fuzz-config-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("widgets.yaml").path
}()

func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Property.bytes(data, size)
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        Property.check(false, "could not write \(path)")
        return 0
    }
    var loader = ConfigurationLoader(
        registry: registry, limits: YAMLLimits(maxDepth: 64, maxAliasExpansion: 10_000))
    loader.limits.parseAheadSize = .max
    let first = loader.load([path])
    loader.limits.inMemoryInputSize = 0
    loader.limits.parseAheadSize = 0
    let fromFile = loader.load([path])
    loader.streamsWidgets = false
    let whole = loader.load([path])
    for (second, way) in [(fromFile, "from the file"), (whole, "whole")] {
        Property.check(first.diagnostics == second.diagnostics, "loading \(way) gave different diagnostics")
        Property.check(
            first.instances.map(\.id) == second.instances.map(\.id)
                && first.instances.map(\.location) == second.instances.map(\.location)
                && first.instances.map(\.configuration) == second.instances.map(\.configuration),
            "loading \(way) gave different widgets")
    }
    Property.check(
        first.hasErrors || !first.instances.isEmpty || !first.diagnostics.isEmpty,
        "a configuration without errors or widgets, and nothing said"
    )
    let source = SourceText(name: path, bytes: bytes)
    for diagnostic in first.diagnostics where diagnostic.file == path {
        Property.checkLocated(diagnostic, in: source)
    }
    let json = DiagnosticRenderer.json(first.diagnostics)
    Property.check(
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "diagnostics JSON: \(json)")
    return 0
}
