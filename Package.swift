// swift-tools-version: 6.0
import PackageDescription

/// Upcoming features turned on for every Swift target, as swift-log does.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The widgets compiled into widgethost, each written against the SDK only (Plugins/<name>).
let builtInWidgets = ["TaskWidget", "FocusWidget", "Quickmenu"]

let package = Package(
    name: "widgethost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "widgethost", targets: ["widgethost"]),
        .executable(name: "widgethost-bench", targets: ["widgethost-bench"]),
        .library(name: "WidgetHostKit", targets: ["WidgetHostKit"]),
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
        // posix_spawn's chdir action, hidden from Swift's Glibc module (plugins start in their folder).
        .target(name: "CSpawn"),
        .target(name: "Diagnostics", swiftSettings: swiftSettings),
        .target(name: "YAML", dependencies: ["CYAML", "Diagnostics"], swiftSettings: swiftSettings),
        .target(name: "ArgumentParsing", dependencies: ["Diagnostics"], swiftSettings: swiftSettings),
        .target(name: "WidgetHostKit", swiftSettings: swiftSettings),
        .target(name: "AppGroup", dependencies: ["CSQLite"], swiftSettings: swiftSettings),
        .target(
            name: "TaskWidget",
            dependencies: ["WidgetHostKit", "AppGroup"],
            path: "Plugins/TaskWidget",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "FocusWidget",
            dependencies: ["WidgetHostKit", "AppGroup"],
            path: "Plugins/FocusWidget",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Quickmenu",
            dependencies: ["WidgetHostKit"],
            path: "Plugins/Quickmenu",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WidgetHost",
            dependencies: ["WidgetHostKit", "YAML", "Diagnostics", "AppGroup", "CSpawn"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "widgethost",
            dependencies: ["ArgumentParsing", "Diagnostics", "YAML", "WidgetHost", "AppGroup"]
                + builtInWidgets.map { .target(name: $0) },
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "widgethost-bench",
            dependencies: ["CYAML", "YAML", "Diagnostics", "WidgetHost", "AppGroup"]
                + builtInWidgets.map { .target(name: $0) },
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
            name: "ArgumentParsingTests",
            dependencies: ["ArgumentParsing"],
            swiftSettings: swiftSettings
        ),
        // What several test targets share (a seeded random generator).
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "WidgetHostKitTests", dependencies: ["WidgetHostKit", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "AppGroupTests", dependencies: ["AppGroup", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BuiltInWidgetTests",
            dependencies: ["WidgetHostKit", "AppGroup"] + builtInWidgets.map { .target(name: $0) },
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WidgetHostTests",
            dependencies: ["WidgetHost", "WidgetHostKit", "YAML", "Diagnostics", "AppGroup", "TestSupport"]
                + builtInWidgets.map { .target(name: $0) },
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["widgethost", "AppGroup", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        // Plugins served out of process (issue 5): the Swift example, and the built-in TaskWidget
        // served by the SDK's plugin main for the parity test.
        .executableTarget(
            name: "countdown-swift",
            dependencies: ["WidgetHostKit"],
            path: "Plugins/Examples/countdown-swift",
            exclude: ["plugin.yaml", "countdown"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "taskwidget-plugin",
            dependencies: ["WidgetHostKit", "TaskWidget"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
