import ArgumentParsing
import Diagnostics
import Foundation
import PluginHosting
import TerminalText
import WidgetHost

extension WidgetHostCommand.PluginsCommand {
    /// `widgethost plugins trust|untrust [<path> ...]`: records which plugins that come with a
    /// folder (beside a configuration, in its `plugins:`) may run, as `direnv allow` does.
    enum Trust {
        /// What both subcommands take.
        static let arguments: [ArgumentSpec] = [
            .positional(
                "path",
                help:
                    "Plugin folders (holding a plugin.yaml), or configuration files or directories whose "
                    + "plugins to take. (default: ./config)",
                isOptional: true, isRepeating: true, completion: .file(extensions: ["yaml", "yml"]))
        ]

        /// `plugins trust`.
        static let trustSpec = CommandSpec(
            name: "trust",
            abstract: "Lets the plugins a configuration brings run, as they are now.",
            discussion: """
                A plugin found beside a configuration (its Plugins folder) or in its plugins: list may \
                have been put there by someone else, so it runs only once trusted here: its folder is \
                recorded in $XDG_DATA_HOME/widgethost/trusted-plugins with a SHA-256 fingerprint of its \
                plugin.yaml and executable. A change to either needs trusting again. Plugins named with \
                --plugins, and those in $XDG_DATA_HOME/widgethost/plugins, need no trust. Read a \
                plugin's files before you trust it.
                """,
            arguments: arguments
        )

        /// `plugins untrust`.
        static let untrustSpec = CommandSpec(
            name: "untrust",
            abstract: "Forgets that plugins were trusted, so they no longer run.",
            discussion: """
                Removes the plugin folders named, or those a configuration brings, from \
                $XDG_DATA_HOME/widgethost/trusted-plugins. A folder that no longer exists can be named.
                """,
            arguments: arguments
        )

        /// Runs `plugins trust` (`untrust` false) or `plugins untrust`: 0, 65 when a path names
        /// no configuration or plugin, 1 when the record cannot be written.
        static func run(_ values: ParsedValues, untrust: Bool) async throws(ParseError) -> Int32 {
            let paths = try values.strings("path")
            return try await SessionOptions.withSession(values, store: false, plugins: false) { session in
                var diagnostics: [Diagnostic] = []
                var folders: [(folder: String, manifest: PluginManifest?)] = []
                var configurations: [String] = []
                for path in paths {
                    if FileManager.default.fileExists(
                        atPath: (path as NSString).appendingPathComponent(PluginManifest.fileName))
                        || (untrust && isRecorded(path, in: session.plugins.trust))
                    {
                        let (manifest, problems) = PluginManifest.read(folder: path)
                        folders.append((path, manifest))
                        if !untrust { diagnostics += problems }
                    } else {
                        configurations.append(path)
                    }
                }
                if !configurations.isEmpty || paths.isEmpty {
                    let brought = session.pluginsBrought(by: configurations)
                    diagnostics += brought.diagnostics
                    for plugin in brought.plugins {
                        folders.append((plugin.folder, plugin.manifest))
                        if !untrust { diagnostics += plugin.diagnostics }
                    }
                    if brought.diagnostics.isEmpty, brought.plugins.isEmpty {
                        let named = brought.files.map(TerminalText.visible).joined(separator: ", ")
                        StandardStream.output.write(
                            "No plugin to \(untrust ? "untrust" : "trust"): \(named.isEmpty ? "the configuration" : named) "
                                + "brings none (no Plugins folder beside it, no plugins: list).\n")
                    }
                }
                var text = ""
                var failed: [Diagnostic] = []
                let trust = session.plugins.trust
                var done: Set<String> = []
                for (folder, manifest) in folders where done.insert(folder).inserted {
                    let shown = TerminalText.visible(folder)
                    do throws(Diagnostic) {
                        if untrust {
                            let removed = try trust.untrust(folder: folder)
                            text += removed ? "Untrusted \(shown)\n" : "Was not trusted: \(shown)\n"
                        } else if let manifest {
                            let fingerprint = try trust.trust(manifest)
                            text +=
                                "Trusted '\(TerminalText.visible(manifest.name))' in \(shown) (\(fingerprint))\n"
                        }
                    } catch {
                        failed.append(error)
                    }
                }
                StandardStream.output.write(text)
                CommandOptions.report(diagnostics + failed)
                if !failed.isEmpty { return ExitStatus.failure }
                return diagnostics.contains { $0.severity == .error }
                    ? ExitStatus.dataError : ExitStatus.success
            }
        }

        /// Whether `folder` is in the record (a folder removed since can still be untrusted).
        private static func isRecorded(_ folder: String, in trust: PluginTrust) -> Bool {
            let canonical = URL(fileURLWithPath: folder).standardizedFileURL.path
            return (try? trust.records().get())?.contains { $0.folder == canonical } ?? false
        }
    }
}
