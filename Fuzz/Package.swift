// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for widgethost, a package of its own so that `swift build` and `swift test` of
/// widgethost never see them. `scripts/fuzz` builds them with AddressSanitizer and libFuzzer's
/// coverage instrumentation, links libFuzzer's driver without its `main` (each target's `main.swift`
/// calls the driver: SwiftPM names an executable's entry point itself), and runs them.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Each target: its name (`FuzzYAML` runs as `scripts/fuzz yaml`) and the products it reads.
let targets: [(name: String, products: [String])] = [
    ("FuzzYAML", ["YAML", "Diagnostics", "JSON", "WidgetHostKit"]),
    ("FuzzConfig", ["WidgetHost", "WidgetEngine", "BuiltInWidgets", "Diagnostics", "YAML"]),
    ("FuzzStoreImport", ["TaskStore", "Diagnostics", "YAML"]),
    ("FuzzPluginReply", ["PluginProtocol", "JSON", "WidgetHostKit"]),
    ("FuzzPerform", ["WidgetHost", "WidgetEngine", "BuiltInWidgets", "WidgetHostKit"]),
    ("FuzzPicture", ["Layout", "Rendering", "JSON", "WidgetHostKit"]),
    ("FuzzIntentDefinition", ["XcodeGenerators"]),
    (
        "FuzzRender",
        ["WidgetHost", "WidgetEngine", "Rendering", "WidgetHostKit", "TerminalText", "Diagnostics"]
    ),
]

let package = Package(
    name: "widgethost-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "widgethost", path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzer", .product(name: "Diagnostics", package: "widgethost")],
            swiftSettings: swiftSettings
        ),
    ]
        + targets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: ["FuzzSupport"]
                    + target.products.map { .product(name: $0, package: "widgethost") },
                swiftSettings: swiftSettings
            )
        }
)
