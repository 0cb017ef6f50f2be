// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for widgethost, a package of its own so that `swift build` and `swift test` of
/// widgethost never see them. `scripts/fuzz` builds them with
/// `-sanitize=fuzzer,address -parse-as-library` (libFuzzer supplies `main`) and runs them.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Each target: its name (`FuzzYAML` runs as `scripts/fuzz yaml`) and the products it reads.
let targets: [(name: String, products: [String])] = [
    ("FuzzYAML", ["YAML", "Diagnostics"]),
    ("FuzzConfig", ["WidgetHost", "BuiltInWidgets", "Diagnostics", "YAML"]),
    ("FuzzStoreImport", ["TaskStore", "Diagnostics", "YAML"]),
    ("FuzzPluginReply", ["PluginProtocol", "WidgetHostKit"]),
    ("FuzzPerform", ["WidgetHost", "BuiltInWidgets", "WidgetHostKit"]),
    ("FuzzRender", ["WidgetHost", "WidgetHostKit", "TerminalText"]),
]

let package = Package(
    name: "widgethost-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "widgethost", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "Diagnostics", package: "widgethost")],
            swiftSettings: swiftSettings
        )
    ]
        + targets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: ["FuzzSupport"] + target.products.map { .product(name: $0, package: "widgethost") },
                swiftSettings: swiftSettings
            )
        }
)
