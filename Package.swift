// swift-tools-version: 6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

/// Upcoming features turned on for every Swift target, as swift-log does: `any` spelled out, members
/// visible only through their module's import, and imports internal unless marked `public`.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

/// The widgets compiled into widgethost, each written against the SDK only (Plugins/<name>).
let builtInWidgets = ["TaskWidget", "FocusWidget", "Quickmenu"]

/// The modules offered as libraries, each a product of its own name.
let libraries = [
    "WidgetHostKit", "WidgetHostPlugin", "JSON", "YAML", "Diagnostics", "ArgumentParsing",
    // For the fuzz targets (Fuzz/, a package of its own that depends on this one by path).
    "WidgetEngine", "PluginHosting", "WidgetHost", "Rendering", "TaskStore", "PluginProtocol", "TerminalText",
    "BuiltInWidgets", "Layout", "XcodeGenerators",
    // Widget code from iOS compiles with its own imports: each re-exports the SDK and Foundation.
    "WidgetKit", "SwiftUI", "AppIntents", "Intents", "ActivityKit", "os", "OSLog", "UIKit",
    // What a plugin package's own tests run its widgets with (docs/widget-testing.md).
    "WidgetTesting",
]

/// The toolchain's own SwiftSyntax (`usr/lib/swift/host`), which the compiler plugin of `#Preview` is
/// built on: no package can be fetched here, and the toolchain carries the modules and libraries.
/// The toolchain is the one whose PackageDescription library this manifest runs with (the `usr` of
/// `usr/lib/swift/pm/ManifestAPI/libPackageDescription.so`, read from the process's own mappings),
/// or else the one of the `swiftc` on the PATH. `nil` in a toolchain
/// without SwiftSyntax (then `#Preview` is not declared and widget code must leave it out).
let toolchainSyntax: String? = {
    var toolchains: [URL] = []
    // Read to its end: `String(contentsOfFile:)` stops at the first page of a file of /proc (whose
    // size says 0), and where the library's line falls moves with each run's addresses.
    let maps = String(
        decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(),
        as: UTF8.self)
    for line in maps.split(separator: "\n") {
        guard let slash = line.firstIndex(of: "/") else { continue }
        let library = URL(fileURLWithPath: String(line[slash...]))
        guard library.lastPathComponent == "libPackageDescription.so" else { continue }
        toolchains.append((0..<5).reduce(library) { folder, _ in folder.deletingLastPathComponent() })
        break
    }
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let swiftc = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
        guard FileManager.default.isExecutableFile(atPath: swiftc.path) else { continue }
        toolchains.append(
            swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent())
        break
    }
    for usr in toolchains {
        let host = usr.appendingPathComponent("lib/swift/host")
        let module = host.appendingPathComponent("SwiftCompilerPluginMessageHandling.swiftmodule")
        if FileManager.default.fileExists(atPath: module.path) { return host.path }
    }
    return nil
}()

/// The compiler plugin of Xcode's `#Preview` (Sources/WidgetHostMacros), when the toolchain has
/// SwiftSyntax: the `SwiftUI` and `WidgetKit` modules declare the macro over it.
let macroTargets: [Target] =
    toolchainSyntax.map { host in
        [
            .macro(
                name: "WidgetHostMacros",
                swiftSettings: [.unsafeFlags(["-I", host])],
                linkerSettings: [
                    LinkerSetting.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])
                ]
                    + [
                        "SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxMacroExpansion",
                        "SwiftCompilerPluginMessageHandling", "SwiftDiagnostics", "SwiftParser",
                        "SwiftOperators",
                        "SwiftBasicFormat", "SwiftIfConfig",
                    ].map { LinkerSetting.linkedLibrary($0) }
            )
        ]
    } ?? []

/// The Clang module `os` (and its submodule `log`) that the Swift module `os` overlays, so widget
/// code's `import os.log` finds it (Sources/COSModule/module.modulemap), and the public widget
/// extension that imports it so.
let overlaidModules: [Target] = [
    // Writes the files of `plugins new` (Sources/PluginHosting/Templates) as Swift strings at build time.
    .plugin(
        name: "EmbedPluginTemplates",
        capability: .buildTool(),
        dependencies: ["embed-text"],
        path: "BuildPlugins/EmbedPluginTemplates"
    ),
    .systemLibrary(name: "COSModule"),
    // `import UIKit` in widget code from iOS: the SDK and Foundation, images, fonts, the screen.
    .target(name: "UIKit", dependencies: ["WidgetHostKit", "_Testing_UIKit"], swiftSettings: swiftSettings),
    // What Swift Testing imports when a file imports both Testing and UIKit (its cross-import
    // overlay for Apple's UIKit), empty here, so that a widget's test file can import both.
    .target(name: "_Testing_UIKit", swiftSettings: swiftSettings),
    // A public iOS widget extension no one here wrote (MIT, Tests/EndToEndTests/Fixtures/
    // simple-widget-extension), its files as they are, compiled as its Xcode project compiles them
    // (Swift 5), served as a plugin by the end-to-end tests.
    .executableTarget(
        name: "simple-widget-extension",
        dependencies: ["WidgetKit", "SwiftUI", "AppIntents", "os"],
        path: "Tests/EndToEndTests/Fixtures/simple-widget-extension/Sources",
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
]

/// What the modules declaring `#Preview` depend on for it.
let previewMacros: [Target.Dependency] = macroTargets.isEmpty ? [] : ["WidgetHostMacros"]

/// A C library found with pkg-config's `pkgConfig`, which the Debian `packages` install.
func systemLibrary(_ name: String, pkgConfig: String, debian packages: String...) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(packages)])
}

/// Every target but the layout engine's.
let targets: [Target] = [
    systemLibrary("CYAML", pkgConfig: "yaml-0.1", debian: "libyaml-dev"),
    systemLibrary("CSQLite", pkgConfig: "sqlite3", debian: "libsqlite3-dev"),
    // Grapheme clusters and character widths for text drawn in a terminal (Debian libutf8proc-dev).
    // No pkgConfig: its libutf8proc.pc adds a -D flag SwiftPM refuses; the header and library
    // are in the default paths.
    .systemLibrary(name: "CUTF8Proc"),
    // The embedded HTTP server of `serve` (Debian libmicrohttpd-dev).
    systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", debian: "libmicrohttpd-dev"),
    // SHA-256 of a plugin's manifest and executable, for the record of trusted plugins
    // (Debian libssl-dev; OpenSSL's libcrypto).
    systemLibrary("CCrypto", pkgConfig: "libcrypto", debian: "libssl-dev"),
    // Closed standard descriptors filled before the Swift runtime opens anything (widgethost only).
    .target(name: "CStandardStreams"),
    // posix_spawn's chdir action, hidden from Swift's Glibc module (plugins start in their folder).
    .target(name: "CSpawn"),
    // What keeps a plugin's monotonic timers working under libfaketime (libWidgetHostPluginClock.so).
    .target(name: "CPluginClock", linkerSettings: [.linkedLibrary("dl")]),
    .target(name: "TerminalText", dependencies: ["CUTF8Proc"], swiftSettings: swiftSettings),
    // JSON values, their one writer and escaper, their parser, and ISO 8601 dates.
    .target(name: "JSON", swiftSettings: swiftSettings),
    .target(name: "Diagnostics", dependencies: ["JSON", "TerminalText"], swiftSettings: swiftSettings),
    .target(name: "YAML", dependencies: ["CYAML", "Diagnostics", "JSON"], swiftSettings: swiftSettings),
    .target(
        name: "ArgumentParsing", dependencies: ["Diagnostics", "TerminalText"],
        swiftSettings: swiftSettings),
    .target(name: "WidgetHostKit", dependencies: ["JSON"], swiftSettings: swiftSettings),
    // The plugin protocol's typed messages, which the host and the SDK's server both speak through.
    .target(name: "PluginProtocol", dependencies: ["JSON", "WidgetHostKit"], swiftSettings: swiftSettings),
    // The SDK's plugin server: what a Swift plugin imports (it re-exports WidgetHostKit).
    .target(
        name: "WidgetHostPlugin", dependencies: ["JSON", "WidgetHostKit", "PluginProtocol", "AppGroup"],
        swiftSettings: swiftSettings),
    // `import WidgetKit`, `import SwiftUI`, `import AppIntents` in an iOS widget extension's files;
    // WidgetKit also gives a `@main` WidgetBundle the plugin server's `main`.
    .target(
        name: "WidgetKit", dependencies: ["WidgetHostKit", "WidgetHostPlugin", "UIKit"] + previewMacros,
        swiftSettings: swiftSettings),
    .target(
        name: "SwiftUI", dependencies: ["WidgetHostKit", "UIKit"] + previewMacros,
        swiftSettings: swiftSettings),
    .target(name: "AppIntents", dependencies: ["WidgetHostKit"], swiftSettings: swiftSettings),
    .target(name: "Intents", dependencies: ["WidgetHostKit"], swiftSettings: swiftSettings),
    // The Swift Xcode generates from an `.intentdefinition` file and from an asset catalog, written
    // at build time by the IntentDefinitions and AssetCatalogs plugins.
    .target(name: "XcodeGenerators", swiftSettings: swiftSettings),
    .executableTarget(
        name: "intentdefinition-swift", dependencies: ["XcodeGenerators"], swiftSettings: swiftSettings),
    .plugin(
        name: "IntentDefinitions",
        capability: .buildTool(),
        dependencies: ["intentdefinition-swift"],
        path: "BuildPlugins/IntentDefinitions"
    ),
    .executableTarget(
        name: "xcassets-swift", dependencies: ["XcodeGenerators"], swiftSettings: swiftSettings),
    .plugin(
        name: "AssetCatalogs",
        capability: .buildTool(),
        dependencies: ["xcassets-swift"],
        path: "BuildPlugins/AssetCatalogs"
    ),
    .target(name: "ActivityKit", dependencies: ["WidgetHostKit"], swiftSettings: swiftSettings),
    // `import os` / `import OSLog` in widget code: `Logger` and `os_log`, lines on standard error.
    .target(
        name: "os", dependencies: ["COSModule"],
        swiftSettings: swiftSettings + [.unsafeFlags(["-import-underlying-module"])]),
    .target(name: "OSLog", dependencies: ["os"], swiftSettings: swiftSettings),
    .target(name: "AppGroup", dependencies: ["CSQLite", "Diagnostics"], swiftSettings: swiftSettings),
    // The seed app's data in the shared store: tasks, focus mode, `store import` / `store export`.
    .target(
        name: "TaskStore",
        dependencies: ["JSON", "AppGroup", "CSQLite", "Diagnostics", "YAML", "WidgetHostKit"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "TaskWidget",
        dependencies: ["JSON", "WidgetHostKit", "AppGroup", "TaskStore"],
        path: "Plugins/TaskWidget",
        swiftSettings: swiftSettings
    ),
    .target(
        name: "FocusWidget",
        dependencies: ["JSON", "WidgetHostKit", "AppGroup", "TaskStore"],
        path: "Plugins/FocusWidget",
        swiftSettings: swiftSettings
    ),
    .target(
        name: "Quickmenu",
        dependencies: ["JSON", "WidgetHostKit"],
        path: "Plugins/Quickmenu",
        swiftSettings: swiftSettings
    ),
    // The one place naming the widgets compiled in, for the executable (no command imports one).
    .target(
        name: "BuiltInWidgets",
        dependencies: ["WidgetHostKit"] + builtInWidgets.map { .target(name: $0) },
        swiftSettings: swiftSettings
    ),
    // The engine's core: configurations, the registry of widgets, evaluation of timelines,
    // intents and the view vocabulary. Knows plugins only through ``PluginCatalog``.
    .target(
        name: "WidgetEngine",
        dependencies: [
            "JSON",
            "WidgetHostKit", "PluginProtocol", "YAML", "Diagnostics", "AppGroup", "TerminalText",
        ],
        swiftSettings: swiftSettings
    ),
    // Child processes started with posix_spawn, their pipes read and written line by line, and
    // blocking waits kept off Swift's cooperative pool: what plugin hosting runs on.
    .target(name: "Subprocess", dependencies: ["CSpawn"], swiftSettings: swiftSettings),
    // Plugin processes: discovery, trust, the protocol's connection, plugin widgets and intents.
    .target(
        name: "PluginHosting",
        dependencies: [
            "JSON", "WidgetEngine", "Subprocess", "WidgetHostKit", "PluginProtocol", "YAML", "Diagnostics",
            "AppGroup", "TerminalText", "CCrypto",
        ],
        exclude: ["Templates"],
        swiftSettings: swiftSettings,
        plugins: ["EmbedPythonSDK", "EmbedPluginTemplates"]
    ),
    // The session every command and the live host run through: the engine and its plugins.
    .target(
        name: "WidgetHost",
        dependencies: [
            "WidgetEngine", "PluginHosting", "WidgetHostKit", "Diagnostics", "AppGroup", "TerminalText",
        ],
        swiftSettings: swiftSettings
    ),
    // Every renderer of results: text boxes, JSON, NDJSON, Waybar, the HTML page.
    .target(
        name: "Rendering",
        dependencies: [
            "JSON", "WidgetEngine", "WidgetHostKit", "PluginProtocol", "Diagnostics", "TerminalText",
            "Layout", "CPangoCairo",
        ],
        exclude: ["Page"],
        swiftSettings: swiftSettings,
        plugins: ["EmbedPageFiles"]
    ),
    // The live host of `watch` and `serve`: schedules, file and store events, the screen.
    .target(
        name: "LiveHost",
        dependencies: [
            "WidgetHost", "WidgetEngine", "PluginHosting", "Subprocess", "Rendering", "WidgetHostKit",
            "Diagnostics", "AppGroup", "TerminalText",
        ],
        swiftSettings: swiftSettings
    ),
    // `serve`'s HTTP server (libmicrohttpd) over the live host.
    .target(
        name: "WidgetServer",
        dependencies: [
            "LiveHost", "WidgetHost", "WidgetEngine", "Rendering", "WidgetHostKit", "Diagnostics",
            "CMicroHTTPD",
        ],
        swiftSettings: swiftSettings
    ),
    // Writes a text file as a Swift string at build time (the Python SDK, for `plugins new`).
    .executableTarget(name: "embed-text", swiftSettings: swiftSettings),
    // Writes the HTML page's stylesheet and script as Swift strings at build time.
    .plugin(
        name: "EmbedPageFiles",
        capability: .buildTool(),
        dependencies: ["embed-text"],
        path: "BuildPlugins/EmbedPageFiles"
    ),
    .plugin(
        name: "EmbedPythonSDK",
        capability: .buildTool(),
        dependencies: ["embed-text"],
        path: "BuildPlugins/EmbedPythonSDK"
    ),
    // The executable: argument parsing and commands over the engine's session, nothing else.
    .executableTarget(
        name: "WidgetHostCLI",
        dependencies: [
            "JSON",
            "ArgumentParsing", "Diagnostics", "YAML", "WidgetEngine", "PluginHosting", "WidgetHost",
            "Rendering", "LiveHost", "WidgetServer", "PluginProtocol", "AppGroup",
            "TaskStore", "TerminalText", "CStandardStreams", "BuiltInWidgets", "WidgetHostKit", "Layout",
            "Snapshots", "Simulation",
        ],
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "widgethost-bench",
        dependencies: [
            "CYAML", "YAML", "Diagnostics", "WidgetEngine", "PluginHosting", "WidgetHost", "Rendering",
            "LiveHost", "WidgetServer", "PluginProtocol", "AppGroup", "TaskStore",
            "TerminalText", "RawHTTP", "Layout", "Snapshots",
        ]
            + builtInWidgets.map { .target(name: $0) },
        swiftSettings: swiftSettings
    ),
    // Widget code from iOS against the WidgetKit module: what the plugin server gives it.
    .testTarget(
        name: "WidgetKitTests",
        dependencies: [
            "WidgetKit", "SwiftUI", "UIKit", "os", "WidgetHostPlugin", "WidgetHostKit", "AppGroup",
        ],
        swiftSettings: swiftSettings),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"], swiftSettings: swiftSettings),
    .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"], swiftSettings: swiftSettings),
    .testTarget(
        name: "DiagnosticsTests", dependencies: ["Diagnostics", "TerminalText", "TestSupport"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "YAMLTests",
        dependencies: ["YAML", "Diagnostics", "TestSupport"],
        exclude: ["Fixtures"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "ArgumentParsingTests",
        dependencies: ["ArgumentParsing"],
        swiftSettings: swiftSettings
    ),
    // What several test targets share: a seeded random generator, temporary directories, the
    // built executables, JSON read back and compared.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
    // HTTP written and read byte by byte, for the end-to-end tests of `serve` and its benchmark.
    .target(name: "RawHTTP", swiftSettings: swiftSettings),
    .testTarget(
        name: "WidgetHostKitTests", dependencies: ["WidgetHostKit", "JSON", "TestSupport", "OSLog"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "XcodeGeneratorsTests", dependencies: ["XcodeGenerators", "TestSupport"],
        swiftSettings: swiftSettings),
    // A widget and intents written as the seed articles write them for iOS, only the imports
    // changed, compiled against the SDK and exercised (issue 15).
    .testTarget(
        name: "SeedStyleWidgetTests", dependencies: ["WidgetHostKit"], swiftSettings: swiftSettings),
    .testTarget(
        name: "PluginProtocolTests", dependencies: ["PluginProtocol", "WidgetHostKit"],
        swiftSettings: swiftSettings),
    // The generic store's tests write tasks as their sample data, hence TaskStore.
    .testTarget(
        name: "AppGroupTests", dependencies: ["AppGroup", "TaskStore", "TestSupport"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "TaskStoreTests",
        dependencies: ["TaskStore", "AppGroup", "Diagnostics", "YAML", "JSON", "TestSupport"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "BuiltInWidgetTests",
        dependencies: ["WidgetHostKit", "JSON", "AppGroup", "TaskStore"]
            + builtInWidgets.map { .target(name: $0) },
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "WidgetHostTests",
        dependencies: [
            "WidgetEngine", "PluginHosting", "WidgetHost", "Rendering", "LiveHost", "WidgetServer",
            "WidgetHostKit", "PluginProtocol", "YAML", "Diagnostics",
            "AppGroup", "TaskStore", "TestSupport", "RawHTTP",
        ]
            + builtInWidgets.map { .target(name: $0) },
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "EndToEndTests",
        dependencies: ["WidgetHostCLI", "AppGroup", "TestSupport", "RawHTTP", "Layout", "Snapshots"],
        exclude: ["Fixtures"],
        swiftSettings: swiftSettings
    ),
    // Plugins served out of process (issue 5): the Swift example, and the built-in TaskWidget
    // served by the SDK's plugin main for the parity test.
    .executableTarget(
        name: "countdown-swift",
        dependencies: ["WidgetHostPlugin"],
        path: "Plugins/Examples/countdown-swift",
        exclude: ["plugin.yaml", "countdown"],
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "taskwidget-plugin",
        dependencies: ["WidgetHostPlugin", "TaskWidget"],
        swiftSettings: swiftSettings
    ),
    // A Swift plugin written as iOS widget code is (UserDefaults(suiteName:) of the App Group,
    // entries dated Date()), for the end-to-end tests of the App Group's defaults and the clock.
    .executableTarget(
        name: "appgroup-swift",
        dependencies: ["WidgetHostPlugin"],
        path: "Tests/EndToEndTests/Fixtures/appgroup-swift",
        swiftSettings: swiftSettings
    ),
    // A Swift plugin whose bundle forgets to list an intent its button runs, for the
    // end-to-end test of what the SDK's server says.
    .executableTarget(
        name: "forgetful-swift",
        dependencies: ["WidgetHostPlugin"],
        path: "Tests/EndToEndTests/Fixtures/forgetful-swift",
        swiftSettings: swiftSettings
    ),
    // The seed articles' ten Swift blocks as one widget extension with its own imports (WidgetKit,
    // SwiftUI, AppIntents) and a `@main` bundle, compiled as an iOS project compiles them: in
    // Swift 6 (served as a plugin by the end-to-end tests) and, over the same files (links), Swift 5.
    .executableTarget(
        name: "seed-extension",
        dependencies: ["WidgetKit", "SwiftUI", "AppIntents"],
        path: "Tests/EndToEndTests/Fixtures/seed-extension",
        exclude: ["plugin.yaml", "seed-extension"]
    ),
    // Widget code in the forms real iOS extensions use (a plain entry holding a UIImage, a
    // ViewModifier of its own, AnyView, EdgeInsets, shapes by short name, `.environment`).
    .executableTarget(
        name: "ios-forms-extension",
        dependencies: ["WidgetKit", "SwiftUI"],
        path: "Tests/EndToEndTests/Fixtures/ios-forms-extension"
    ),
    // A widget configured through a SiriKit intent (`IntentConfiguration`), from its
    // `.intentdefinition` file as it is, generated by the IntentDefinitions plugin.
    .executableTarget(
        name: "sirikit-extension",
        dependencies: ["WidgetKit", "SwiftUI", "Intents"],
        path: "Tests/EndToEndTests/Fixtures/sirikit-extension",
        plugins: ["IntentDefinitions", "AssetCatalogs"]
    ),
    .executableTarget(
        name: "seed-extension-swift5",
        dependencies: ["WidgetKit", "SwiftUI", "AppIntents"],
        path: "Tests/EndToEndTests/Fixtures/seed-extension-swift5",
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
]

/// The layout engine and what it stands on (kept apart: one list of every target is more than the
/// manifest's type checker takes at once).
let layoutTargets: [Target] = [
    // Text shaping and measuring (Pango over HarfBuzz, FreeType and fontconfig) and drawing (Cairo),
    // for the layout engine and the PNGs drawn from it (Debian libpango1.0-dev, libcairo2-dev).
    systemLibrary("CPangoCairo", pkgConfig: "pangocairo", debian: "libpango1.0-dev", "libcairo2-dev"),
    // SwiftUI's layout of a view tree: one geometry (frames, text as drawn, resolved colours)
    // that every picture is drawn from.
    .target(
        name: "Layout",
        dependencies: ["CPangoCairo", "JSON", "WidgetHostKit"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "LayoutTests", dependencies: ["Layout", "JSON", "WidgetHostKit"], swiftSettings: swiftSettings),
    // `widgethost snapshot`: recorded layouts and pictures compared node by node and pixel by
    // pixel, the difference drawn, a JUnit report.
    .target(
        name: "Snapshots",
        dependencies: ["Rendering", "Layout", "JSON", "WidgetEngine", "WidgetHostKit", "CPangoCairo"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "SnapshotsTests",
        dependencies: [
            "Snapshots", "Rendering", "Layout", "JSON", "WidgetEngine", "WidgetHostKit", "TestSupport",
        ],
        swiftSettings: swiftSettings
    ),
    // A plugin package's tests of its widget code: timelines, intents against a temporary App
    // Group, snapshots compared as `widgethost snapshot` compares them.
    .target(
        name: "WidgetTesting",
        dependencies: [
            "WidgetHostKit", "WidgetHostPlugin", "WidgetEngine", "AppGroup", "Layout", "Rendering",
            "Snapshots", "JSON", "Diagnostics",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "WidgetTestingTests",
        dependencies: ["WidgetTesting", "WidgetHostKit", "Snapshots", "Layout", "TestSupport"],
        exclude: ["Fixtures"],
        swiftSettings: swiftSettings
    ),
    // What `plugins new --language swift` writes (PluginTemplateTests checks them byte for byte):
    // its widget extension, and its test target, run by this package's `swift test` against it.
    .executableTarget(
        name: "hello-widget",
        dependencies: ["WidgetKit", "SwiftUI", "AppIntents"],
        path: "Tests/WidgetTestingTests/Fixtures/hello-widget/Sources/hello-widget",
        plugins: ["IntentDefinitions", "AssetCatalogs"]
    ),
    .testTarget(
        name: "HelloWidgetTests",
        dependencies: ["hello-widget", "WidgetTesting"],
        path: "Tests/WidgetTestingTests/Fixtures/hello-widget/Tests/HelloWidgetTests",
        exclude: ["__Snapshots__"]
    ),
    // The example of docs/widget-testing.md, its blocks as they are (WidgetTestingTests reads them).
    .executableTarget(
        name: "tasks-widget",
        dependencies: ["WidgetKit", "SwiftUI", "AppIntents"],
        path: "Tests/WidgetTestingTests/Fixtures/tasks-widget/Sources/tasks-widget"
    ),
    .testTarget(
        name: "TasksWidgetTests",
        dependencies: ["tasks-widget", "WidgetTesting"],
        path: "Tests/WidgetTestingTests/Fixtures/tasks-widget/Tests/TasksWidgetTests",
        exclude: ["__Snapshots__"]
    ),
    // The PNG drawing's pixels, read back from the PNGs it writes.
    .testTarget(
        name: "RenderingTests",
        dependencies: ["Rendering", "Layout", "CPangoCairo", "JSON", "WidgetHostKit"],
        swiftSettings: swiftSettings
    ),
]

/// `simulate`'s timelines on a virtual clock, and its tests (kept apart, as the layout's are).
let simulationTargets: [Target] = [
    .target(
        name: "Simulation",
        dependencies: [
            "LiveHost", "WidgetEngine", "WidgetHostKit", "PluginProtocol", "JSON", "YAML", "Diagnostics",
            "Rendering",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "SimulationTests",
        dependencies: ["Simulation", "WidgetEngine", "WidgetHostKit", "JSON", "Diagnostics", "TestSupport"],
        swiftSettings: swiftSettings
    ),
]

let package = Package(
    name: "widgethost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "widgethost", targets: ["WidgetHostCLI"]),
        .executable(name: "widgethost-bench", targets: ["widgethost-bench"]),
        // Preloaded into plugins with libfaketime under `--at`: keeps their monotonic timers real.
        .library(name: "WidgetHostPluginClock", type: .dynamic, targets: ["CPluginClock"]),
        // What a widget extension configured through SiriKit intents builds its `.intentdefinition` with.
        .plugin(name: "IntentDefinitions", targets: ["IntentDefinitions"]),
        // What a widget extension's asset catalogs (`.xcassets`) are built with: their symbols and colours.
        .plugin(name: "AssetCatalogs", targets: ["AssetCatalogs"]),
    ] + libraries.map { .library(name: $0, targets: [$0]) },
    targets: targets + layoutTargets + simulationTargets + macroTargets + overlaidModules,
    swiftLanguageModes: [.v6]
)
