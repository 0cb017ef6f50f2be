// swift-tools-version: 6.0
import PackageDescription

/// Upcoming features turned on for every Swift target, as swift-log does.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "widgethost",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "widgethost", targets: ["widgethost"]),
        .executable(name: "widgethost-bench", targets: ["widgethost-bench"]),
        .library(name: "YAML", targets: ["YAML"]),
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "ArgumentParsing", targets: ["ArgumentParsing"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "Diagnostics", swiftSettings: swiftSettings),
        .target(name: "YAML", dependencies: ["CYAML", "Diagnostics"], swiftSettings: swiftSettings),
        .target(name: "ArgumentParsing", dependencies: ["Diagnostics"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "widgethost",
            dependencies: ["ArgumentParsing", "Diagnostics", "YAML"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "widgethost-bench",
            dependencies: ["CYAML", "YAML"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"], swiftSettings: swiftSettings),
        .testTarget(
            name: "YAMLTests",
            dependencies: ["YAML", "Diagnostics"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"], swiftSettings: swiftSettings),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["widgethost"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
