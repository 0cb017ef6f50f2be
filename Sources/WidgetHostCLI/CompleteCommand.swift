import ArgumentParsing
import BuiltInWidgets
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost __complete SOURCE -- WORDS...`: the candidates the completion scripts ask for,
    /// one a line. Hidden from help: it is the scripts' entry point, not a person's.
    ///
    /// It reads the configuration files and the plugins' manifests and nothing else: no plugin
    /// process is started and the store is never opened, so it answers within a keystroke. It
    /// never fails: what cannot be read completes nothing.
    enum CompleteCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "__complete",
            abstract: "Prints completion candidates for the shell completion scripts.",
            usage: "widgethost __complete <source> -- [<word> ...]",
            arguments: [
                .positional(
                    "source",
                    help: "What to list: " + CompletionSource.allCases.map(\.rawValue).joined(separator: ", ")
                        + "."),
                .positional(
                    "words", help: "The command line after 'widgethost', the word being completed last.",
                    isOptional: true, isRepeating: true),
            ],
            isHidden: true
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let name = try values.requiredString("source")
            guard let source = CompletionSource(rawValue: name) else {
                throw values.validationError(
                    CommandOptions.unknown(
                        "completion source", named: name, among: CompletionSource.allCases.map(\.rawValue)))
            }
            let context = CompletionContext(words: try values.strings("words"), root: WidgetHostCommand.spec)
            let settings = HostSession.Settings(
                pluginFolders: context.values["plugins"] ?? [], hostVersion: WidgetHostCommand.version)
            let session: HostSession
            do throws(RegistryError) {
                session = try HostSession(bundles: BuiltInWidgets.bundles, settings: settings)
            } catch {
                return ExitStatus.software
            }
            let candidates = Self.candidates(source, context: context, session: session)
            await session.close()
            if !candidates.isEmpty {
                StandardStream.output.writeData(candidates.joined(separator: "\n") + "\n")
            }
            return ExitStatus.success
        }

        private static func candidates(
            _ source: CompletionSource, context: CompletionContext, session: HostSession
        ) -> [String] {
            switch source {
            case .widgetIDs:
                let given = Set(context.values["widget"] ?? [])
                return session.completionWidgets(configurations: context.values["config"] ?? [])
                    .map(\.id).filter { !given.contains($0) }
            case .families:
                // `run --family all` draws each widget in every family it supports, and `simulate
                // --family all` simulates it so.
                let all = ["run", "simulate"].contains(context.subcommandPath.last) ? ["all"] : []
                return families(context: context, session: session).map(\.rawValue) + all
            case .kindsAndIntents:
                return session.completionKinds + session.completionIntentNames
            case .intents:
                return session.completionIntentNames
            case .intentArguments:
                return intentArguments(context: context, session: session)
            case .links:
                return session.completionLinkSchemes.map { $0 + "://" }
            }
        }

        /// The families every widget `--widget` names supports (as far as the built-ins say).
        private static func families(context: CompletionContext, session: HostSession) -> [WidgetFamily] {
            let ids = context.values["widget"] ?? []
            guard !ids.isEmpty else { return WidgetFamily.allCases }
            let instances = session.completionWidgets(configurations: context.values["config"] ?? [])
            var families = WidgetFamily.allCases
            for instance in instances where ids.contains(instance.id) {
                guard let supported = session.completionFamilies(ofKind: instance.kind) else { continue }
                families = families.filter(supported.contains)
            }
            return families
        }

        /// `name=` for each parameter not given yet; after `name=`, the values of that parameter
        /// when they are a fixed set (enumeration cases, true and false).
        private static func intentArguments(context: CompletionContext, session: HostSession) -> [String] {
            guard let intent = context.values["intent"]?.first,
                let parameters = session.completionParameters(ofIntent: intent)
            else { return [] }
            if let equals = context.current.firstIndex(of: "=") {
                let name = String(context.current[..<equals])
                guard let parameter = parameters.first(where: { $0.name == name }) else { return [] }
                let cases: [String]
                switch parameter.type {
                case .enumeration(_, let enumCases): cases = enumCases.map(\.value)
                case .boolean: cases = ["true", "false"]
                default: cases = []
                }
                return cases.map { "\(name)=\($0)" }
            }
            let given = Set((context.values["arguments"] ?? []).map { String($0.prefix { $0 != "=" }) })
            return parameters.map(\.name).filter { !given.contains($0) }.map { $0 + "=" }
        }
    }
}
