import Foundation
import TestSupport
import Testing

/// What widget code sees of the SDK: WidgetKit's, SwiftUI's and AppIntents' names, and not the
/// host's hooks (how a configuration is drawn, how a parameter is set from JSON, the JSON writers),
/// which only a module importing `@_spi(WidgetHost)` reaches. Type-checked by the toolchain's
/// compiler against this build's modules, as an extension's code is compiled.
@Suite struct SDKSurfaceTests {
    /// `swiftc -typecheck` of `source` against this build's modules: its exit status and its errors.
    static func typecheck(_ source: String, in scratch: TemporaryDirectory) throws -> (Int32, [String]) {
        let file = try scratch.file("probe.swift", source)
        let build = WidgetHostProcess.executableURL.deletingLastPathComponent()
        let repository = TemporaryDirectory.repositoryURL.appendingPathComponent("Sources")
        let result = try WidgetHostProcess.run(
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-I",
                build.appendingPathComponent("Modules").path,
                // The module maps of the C libraries beneath the SDK's modules.
                "-I", repository.appendingPathComponent("CSQLite").path,
                "-I", repository.appendingPathComponent("CUTF8Proc").path, file.path,
            ],
            timeout: .seconds(300), executable: URL(fileURLWithPath: "/usr/bin/env"))
        let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix(file.path) }
            .map { String($0.dropFirst(file.path.count)) }
        return (result.status, errors)
    }

    static let hostHooks = """
        func probe(_ configuration: some WidgetConfiguration, _ parameter: AnyParameter, _ view: some View)
            async throws
        {
            _ = ViewRenderer.root(of: view)
            _ = IntentEnvironment.current
            _ = ParameterReflection.values(of: 1)
            _ = configuration.metadata
            _ = parameter.set(json: .null)
            _ = WidgetCenter(container: nil)
            _ = JSONBytes()
        }
        """

    @Test func widgetCodeSeesWidgetKitsNamesAndNotTheHostsHooks() throws {
        let scratch = try TemporaryDirectory()
        // What an extension writes: each of these is WidgetKit's, SwiftUI's or AppIntents' own.
        let (status, errors) = try Self.typecheck(
            """
            import AppIntents
            import SwiftUI
            import WidgetKit

            struct Probe: AppIntent {
                static let title: LocalizedStringResource = "Probe"
                @Parameter(title: "Count", default: 3) var count: Int
                func perform() async throws -> some IntentResult {
                    WidgetCenter.shared.reloadAllTimelines()
                    return .result()
                }
            }

            func family(_ context: TimelineProviderContext) -> WidgetFamily { context.family }
            let value: JSONValue = .string("an entity's id")

            """ + Self.hostHooks, in: scratch)
        #expect(status != 0)
        // Each hook, by its line (the probe's first line is 15), refused as the host's.
        #expect(
            errors == [
                ":19:9: error: cannot find 'ViewRenderer' in scope",
                ":20:9: error: cannot find 'IntentEnvironment' in scope",
                ":21:9: error: cannot find 'ParameterReflection' in scope",
                ":22:23: error: 'metadata' is inaccessible due to '@_spi' protection level",
                ":23:19: error: 'set' is inaccessible due to '@_spi' protection level",
                ":24:9: error: 'WidgetCenter' initializer is inaccessible due to '@_spi' protection level",
                ":25:9: error: cannot find 'JSONBytes' in scope",
            ], "\(errors)")
    }

    @Test func theHostReachesItsHooksThroughTheSPI() throws {
        let scratch = try TemporaryDirectory()
        let (status, errors) = try Self.typecheck(
            "import JSON\nimport SwiftUI\n@_spi(WidgetHost) import WidgetHostKit\n\n" + Self.hostHooks,
            in: scratch)
        #expect(status == 0, "\(errors)")
    }
}
