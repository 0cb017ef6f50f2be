import Diagnostics
import FocusWidget
import Foundation
import Quickmenu
import TaskWidget
import TestSupport
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// Fixtures shared by the engine's tests: the built-in registry and configuration files.
enum Fixture {
    static func registry() throws -> WidgetRegistry {
        try WidgetRegistry(bundles: [TaskWidgetBundle(), FocusWidgetBundle(), QuickmenuBundle()])
    }

    /// Writes `files` (name -> text) into a fresh directory; returns the directory.
    static func files(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (name, text) in files {
            try directory.file(name, text)
        }
        return directory
    }

    /// Loads one configuration text as `widgets.yaml`; diagnostics are rendered one line each with
    /// the file name only (not the temporary directory).
    static func load(_ text: String) throws -> (LoadedConfiguration, [String]) {
        let directory = try files(["widgets.yaml": text])
        let loaded = ConfigurationLoader(registry: try registry()).load([directory.path("widgets.yaml")])
        let lines = loaded.diagnostics.map { diagnostic in
            var copy = diagnostic
            copy.file = copy.file.map { URL(fileURLWithPath: $0).lastPathComponent }
            return copy.description
        }
        return (loaded, lines)
    }
}
