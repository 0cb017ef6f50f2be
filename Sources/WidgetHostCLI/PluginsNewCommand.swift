import ArgumentParsing
import BuiltInWidgets
import Diagnostics
import Foundation
import PluginHosting
import WidgetEngine
import WidgetHost

extension WidgetHostCommand.PluginsCommand {
    /// `widgethost plugins new NAME --language python|swift [DIR]`: a plugin folder that
    /// `plugins check` passes at once.
    enum New {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "new",
            abstract: "Writes a new plugin folder that 'plugins check' passes at once.",
            discussion: """
                The folder holds a plugin.yaml declaring the plugin's widget kind and intent, the code \
                of a widget with a parameter and a button running that intent, and a README. A Python \
                plugin carries the Python SDK (widgethost_plugin.py) beside its plugin.py; a Swift \
                plugin is a package depending on the widgethost package, to build with 'swift build'.
                """,
            arguments: [
                .positional("name", help: "The plugin's name: a letter, then letters, digits, '-' and '_'."),
                .positional(
                    "dir", help: "The folder to write, new or empty. (default: ./<name>)", isOptional: true,
                    completion: .directory),
                .option(
                    "language", help: "The language of the plugin.", isRequired: true,
                    allowedValues: PluginTemplate.Language.allCases.map(\.rawValue)),
            ]
        )

        /// Writes the folder: 0, 64 for a name that cannot be used, 65 for a folder in the way.
        static func run(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let name = try values.requiredString("name")
            let language = PluginTemplate.Language(rawValue: try values.requiredString("language")) ?? .python
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            let package = PluginTemplate.widgethostPackage(near: executable)
            guard
                let template = PluginTemplate(name: name, language: language, widgethostPackage: package)
            else {
                throw values.validationError(
                    "The plugin name '\(name)' cannot be used: start it with a letter and use only letters, "
                        + "digits, '-' and '_' (at most 64), as in 'weather-now'.")
            }
            // Its widget or intent would lose to a built-in one of the same name, and `plugins check`
            // would warn of it at once.
            let builtIns = try? WidgetRegistry(bundles: BuiltInWidgets.bundles)
            for (what, made) in [("widget kind", template.kind), ("intent", template.intent)]
            where builtIns?.widget(kind: made) != nil || builtIns?.intent(named: made) != nil {
                throw values.validationError(
                    "The plugin name '\(name)' makes the \(what) '\(made)', which is built into widgethost; "
                        + "choose another name, as in '\(name.lowercased())-list'.")
            }
            let folder = try values.string("dir") ?? name
            do throws(Diagnostic) {
                try template.write(to: folder)
            } catch {
                CommandOptions.report([error])
                return error.code == .pluginNewFolderNotEmpty ? ExitStatus.dataError : ExitStatus.failure
            }
            var text =
                "Wrote the \(language.rawValue) plugin '\(name)' (widget \(template.kind), intent "
                + "\(template.intent)) in \(folder): "
                + template.files.map(\.path).joined(separator: ", ") + ".\n"
            switch language {
            case .python:
                text += "Check it: widgethost plugins check --plugins \(folder)\n"
            case .swift:
                if package == nil {
                    text +=
                        "The widgethost package was not found beside this binary: set its folder in "
                        + "\(folder)/Package.swift.\n"
                }
                text +=
                    "Build it with 'swift build' in \(folder), then: widgethost plugins check --plugins \(folder)\n"
            }
            StandardStream.output.write(text)
            return ExitStatus.success
        }
    }
}
