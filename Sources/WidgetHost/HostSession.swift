public import AppGroup
public import Diagnostics
public import Foundation
public import PluginHosting
import Synchronization
public import WidgetEngine
@_spi(WidgetHost) public import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#endif

/// One run of the host: the built-in bundles and the plugins found, the shared containers, and
/// everything a command asks of them: loading configurations, evaluating widgets, looking up,
/// performing and tapping intents, resolving links, describing. A command parses its options,
/// makes a session, calls one of these, hands the result to a renderer and exits; ``close()``
/// ends every plugin the session started.
///
/// This is where the live host (`watch`) and the web server (`serve`) keep their state.
public final class HostSession: Sendable {
    /// Where a session finds its plugins and stores.
    public struct Settings: Sendable {
        /// `--store DIR`, when given.
        public var storeOption: String?
        /// How long a write waits for another process's lock on a store.
        public var lockTimeout: StoreLockTimeout
        /// Each `--plugins DIR`.
        public var pluginFolders: [String]
        /// The version reported to plugins.
        public var hostVersion: String
        /// The environment (`WIDGETHOST_STORE`, `XDG_DATA_HOME`, ...).
        public var environment: [String: String]
        /// Each `--set KEY=VALUE`, applied to every configuration loaded after its files.
        public var overrides: [String]
        /// Where plugins' stderr and messages are shown (`--verbose`, `--trace-plugins`).
        public var pluginLog: PluginLog?
        /// The clock plugins read when the host's is not the wall clock (`--at`); `nil`: the wall
        /// clock.
        public var pluginClock: PluginClock?

        /// Settings from the process's environment and directory.
        public init(
            storeOption: String? = nil,
            lockTimeout: StoreLockTimeout = .default,
            pluginFolders: [String] = [],
            hostVersion: String,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            overrides: [String] = [],
            pluginLog: PluginLog? = nil,
            pluginClock: PluginClock? = nil
        ) {
            self.overrides = overrides
            self.pluginLog = pluginLog
            self.pluginClock = pluginClock
            self.storeOption = storeOption
            self.lockTimeout = lockTimeout
            self.pluginFolders = pluginFolders
            self.hostVersion = hostVersion
            self.environment = environment
        }
    }

    /// The shared containers, one per App Group.
    public let containers: ContainerSet
    let bundles: [any WidgetBundle]
    let settings: Settings
    /// The built-in widgets and intents, built on first use (building the widgets is most of what
    /// a `perform` of a built-in intent would otherwise cost beyond starting the executable).
    private let lazyBuiltIns = Mutex<WidgetRegistry?>(nil)
    /// Made on first use: a command that needs no plugin (`perform` of a built-in intent, fired by
    /// scripts in thousands) never looks for one.
    private let lazyPlugins = Mutex<PluginHost?>(nil)

    /// A session hosting `bundles` (compiled in) and the plugins `settings` finds.
    /// - Throws: ``RegistryError`` when two bundles declare one intent.
    public init(bundles: [any WidgetBundle], settings: Settings) throws(RegistryError) {
        self.bundles = bundles
        self.settings = settings
        // Intents are checked here; the widgets themselves are built when first asked for.
        var intentNames: Set<String> = []
        for intent in bundles.flatMap(\.intents) where !intentNames.insert(intent.intentType).inserted {
            throw .duplicateIntent(intent.intentType)
        }
        containers = ContainerSet(
            storeOption: settings.storeOption, environment: settings.environment,
            lockTimeout: settings.lockTimeout)
    }

    /// The built-in widgets and intents.
    private var builtIns: WidgetRegistry {
        lazyBuiltIns.withLock { registry in
            if let registry { return registry }
            do throws(RegistryError) {
                let built = try WidgetRegistry(bundles: bundles)
                registry = built
                return built
            } catch {
                // The bundles are compiled in and their kinds differ; a clash is a bug the tests
                // catch (the intents were checked when the session was made), not something input
                // can cause.
                preconditionFailure("the built-in widgets clash: \(error)")
            }
        }
    }

    /// The plugins of the session, found on first use.
    public var plugins: PluginHost {
        lazyPlugins.withLock { plugins in
            if let plugins { return plugins }
            let host = PluginHost(
                builtIns: builtIns,
                hostVersion: settings.hostVersion,
                environment: settings.environment,
                options: settings.pluginFolders,
                log: settings.pluginLog,
                clock: settings.pluginClock)
            plugins = host
            return host
        }
    }

    /// Ends every plugin the session started and waits until each is reaped.
    public func close() async {
        guard let plugins = lazyPlugins.withLock({ $0 }) else { return }
        await plugins.close()
    }

    /// The built-in widgets and intents, and the plugins' known so far.
    public var registry: WidgetRegistry { plugins.registry() }

    /// How a text renderer draws the symbols of the session's widgets.
    public var symbolFallbacks: [String: String] {
        bundles.reduce(into: [:]) { table, bundle in table.merge(bundle.symbolFallbacks) { first, _ in first }
        }
    }

    /// Problems found with plugins since the last call (manifests, handshakes, clashes).
    public func takePluginDiagnostics() -> [Diagnostic] {
        plugins.takeDiagnostics()
    }

    // MARK: - Configurations

    /// The widgets of the configuration files `paths` name, checked against every widget the
    /// session knows. A kind nothing built in declares is looked for in the plugins, which are
    /// handshaken first (only those that may serve it): loading itself never starts a process.
    ///
    /// - Parameter recordsOrigins: whether each instance records where its values come from
    ///   (``WidgetInstance/origins``), as `widgethost config` shows them.
    public func load(_ paths: [String], recordsOrigins: Bool = false) async -> LoadedConfiguration {
        var loader = ConfigurationLoader(registry: plugins.builtIns)
        loader.plugins = plugins
        loader.environment = settings.environment
        loader.overrides = settings.overrides
        loader.recordsOrigins = recordsOrigins
        loader.takesPluginDiagnostics = false
        let first = loader.load(paths)
        guard !first.unknownKinds.isEmpty else {
            var loaded = first
            loaded.diagnostics += plugins.takeDiagnostics()
            Self.releaseFreedMemory()
            return loaded
        }
        await plugins.prepare(kinds: first.unknownKinds)
        loader.takesPluginDiagnostics = true
        let loaded = loader.load(paths)
        Self.releaseFreedMemory()
        return loaded
    }

    /// Gives the memory that reading a configuration used and freed back to the system: reading
    /// a large one leaves freed parser and growth buffers in the C heap, which the run would
    /// otherwise keep resident to its end (300-500 KB of a 20,000-widget run's 33 MB peak; a
    /// `watch` keeps them for as long as it runs).
    private static func releaseFreedMemory() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
        #endif
    }

    /// Handshakes every plugin, so that ``registry`` and ``intents`` hold all they declare.
    public func handshakeAllPlugins() async {
        await plugins.handshakeAll()
    }

    // MARK: - Evaluation

    /// What ``evaluate(_:options:)`` found.
    public struct Run: Sendable {
        /// One result per instance, in order.
        public var results: [WidgetResult]
        /// Why reload requests could not be checked, per App Group that failed.
        public var warnings: [String]
    }

    /// Evaluates `instances` as `options` say, marking the widgets whose kind was asked to reload
    /// since each was last evaluated.
    public func evaluate(_ instances: [WidgetInstance], options: RunOptions) async -> Run {
        var results: [WidgetResult] = []
        let warnings = await evaluate(
            instances, options: options, prepare: { result, _ in result },
            deliver: { result, _ in results.append(result) })
        return Run(results: results, warnings: warnings)
    }

    /// Evaluates `instances` as `options` say, several at once, and hands each result to
    /// `deliver` in configuration order as soon as it and the ones before it are done (with whether
    /// the next is done too), marked with whether its kind was asked to reload since it was last
    /// evaluated: what `run` writes as it goes, keeping no result (see
    /// ``WidgetEvaluator/evaluate(_:options:width:deliver:)``). Each marked result is first turned
    /// into what `deliver` is handed with `prepare` (given its position), in the task that
    /// evaluated it: a run draws its output there, on every core.
    ///
    /// - Returns: Why reload requests could not be checked, per App Group that failed.
    public func evaluate<Prepared: Sendable>(
        _ instances: [WidgetInstance], options: RunOptions, width: Int = WidgetEvaluator.defaultWidth,
        prepare: @escaping @Sendable (_ result: WidgetResult, _ index: Int) -> Prepared,
        deliver: (_ prepared: Prepared, _ nextIsReady: Bool) async -> Void
    ) async -> [String] {
        let evaluator = WidgetEvaluator(registry: registry, containers: containers)
        let reloads = ReloadRequestReader(containers: containers)
        await evaluator.evaluate(
            instances, options: options, width: width,
            mark: reloads.mark, prepare: prepare, deliver: deliver)
        return reloads.problems
    }

    /// Whether the widget of `kind` supports `family`.
    public func supports(kind: String, family: WidgetFamily) -> Bool {
        widget(kind: kind)?.metadata.supportedFamilies.contains(family) ?? false
    }

    /// The widget of `kind`, built in or a plugin's known so far, found without building a
    /// registry (the live host asks per widget and per event).
    public func widget(kind: String) -> (any WidgetConfiguration)? {
        builtIns.widget(kind: kind) ?? plugins.widget(kind: kind)
    }

    /// The plugin serving widgets of `kind`, when a plugin does.
    public func pluginConnection(forKind kind: String) -> PluginConnection? {
        (widget(kind: kind) as? PluginWidget)?.connection
    }

    // MARK: - Intents

    /// Every intent known: the built-ins, then each plugin's (each type once, the first plugin's).
    public var intents: [any HostIntent] {
        let builtIns = plugins.builtIns
        // A plugin's intent with a built-in's name is reached as PLUGIN/TYPE, not listed twice.
        return builtIns.intents.map(BuiltInIntent.init)
            + plugins.intents.filter { builtIns.intent(named: $0.type) == nil }
    }

    /// What looking an intent up found.
    public enum IntentLookup: Sendable {
        /// The intent.
        case found(any HostIntent)
        /// Several plugins declare it: the diagnostic names them and how to choose.
        case ambiguous(Diagnostic)
        /// Only plugins that may not run (not trusted, or changed since) list it: why, and how to
        /// trust one.
        case untrusted(PluginFailure)
        /// Nothing declares it; the names known, for a "did you mean".
        case unknown(known: [String])
    }

    /// The intent `name` (`Type`, `PLUGIN/Type`, or `widgethost/Type` for a built-in): a built-in
    /// first; otherwise a plugin's, handshaking only the plugins that may declare it. `drawnBy` is
    /// the kind of the widget whose control runs it: its own plugin's intent wins, even over a
    /// built-in of that name. Named bare, outside a control, a built-in that a plugin's manifest
    /// also lists is ambiguous.
    public func intent(named name: String, drawnBy kind: String? = nil) async -> IntentLookup {
        let builtIns = bundles.lazy.flatMap(\.intents)
        if let (qualifier, type) = PluginHost.qualified(name), qualifier == PluginHost.builtInQualifier,
            let builtIn = builtIns.first(where: { $0.intentType == type })
        {
            return .found(BuiltInIntent(builtIn))
        }
        let connection = kind.flatMap(pluginConnection(forKind:))
        if let builtIn = builtIns.first(where: { $0.intentType == name }) {
            if let connection, connection.declares(intent: name),
                case .success(let own)? = await plugins.intent(named: name, drawnBy: connection)
            {
                return .found(own)
            }
            // `perform` by the bare name: a plugin listing it too makes it ambiguous. A control
            // drawn by a built-in widget runs the built-in without looking for plugins.
            if kind == nil, let clash = plugins.builtInIntentClash(name) { return .ambiguous(clash) }
            return .found(BuiltInIntent(builtIn))
        }
        switch await plugins.intent(named: name, drawnBy: connection) {
        case .success(let intent)?: return .found(intent)
        case .failure(let diagnostic)?: return .ambiguous(diagnostic)
        case nil:
            if let failure = plugins.untrustedFailure(listingIntent: name) { return .untrusted(failure) }
            var seen: Set<String> = []
            let known = (intents.map(\.type) + plugins.listedIntentNames).filter { seen.insert($0).inserted }
            return .unknown(known: known)
        }
    }

    /// Performs `intent` with `values` (checked against its parameters) in the container of
    /// `appGroup`, as if the clock read `date`.
    public func perform(
        _ intent: any HostIntent, values: [String: JSONValue], appGroup: String, date: Date
    ) async -> Result<IntentRunner.Outcome, WidgetFailure> {
        let container: SharedContainer
        do throws(WidgetFailure) {
            container = try containers.container(forAppGroup: appGroup)
        } catch {
            return .failure(error)
        }
        return await perform(intent, values: values, in: container, date: date)
    }

    /// Performs `intent` with `values` in `container`, as if the clock read `date`.
    public func perform(
        _ intent: any HostIntent, values: [String: JSONValue], in container: SharedContainer, date: Date
    ) async -> Result<IntentRunner.Outcome, WidgetFailure> {
        await intent.perform(values: values, container: container, date: date)
    }

    /// Asks the widgets of `kinds` (every kind when empty) to reload, in `container`, as
    /// WidgetCenter does from the app, in one transaction: a running `watch` reloads them at once.
    public func requestReload(ofKinds kinds: [String], in container: SharedContainer) -> Result<
        Void, AppGroupError
    > {
        let transaction = IntentTransaction()
        for kind in kinds.isEmpty ? [nil] : kinds.map(Optional.some) {
            transaction.requestReload(ofKind: kind)
        }
        do throws(AppGroupError) {
            try transaction.commit { () throws(AppGroupError) in try container.appGroupStore() }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Taps and links

    /// What tapping a control did.
    public enum Tap: Sendable {
        /// A button or toggle ran its intent (or failed to).
        case performed(Result<IntentRunner.Outcome, WidgetFailure>)
        /// A link: its URL and, when a bundle resolves it, where it leads.
        case opened(url: String, destination: DeepLinkDestination?)
    }

    /// Why a tap did nothing.
    public enum TapFailure: Error, Sendable {
        /// The widget failed to evaluate.
        case widgetFailed(WidgetFailure)
        /// There is no control `number`; the view has `count`.
        case noSuchControl(number: Int, count: Int)
        /// The control runs an intent nothing declares.
        case unknownIntent(String)
        /// The control (a button or toggle a plugin drew) has no intent: tapping it runs nothing.
        case noIntent(ViewNode.Kind)
        /// The control, drawn by a plugin's widget, runs an intent that plugin does not declare
        /// (a control runs only its own plugin's intents, built-in ones included); the message
        /// names the plugin, the intent and the fix.
        case undeclaredIntent(intent: String, message: String)
        /// Several plugins declare the control's intent.
        case ambiguousIntent(Diagnostic)
        /// The control's values do not fit its intent's parameters.
        case invalidValues(intent: String, messages: [String])
        /// The widget shows another view than the one tapped (its timeline moved, its data
        /// changed): nothing ran, since control N of the new view may be another control.
        case staleView(shown: ViewRevision, current: ViewRevision)
        /// The control is disabled (`.disabled(true)` on it or around it): as on iOS, a tap on it
        /// runs nothing.
        case disabledControl(ViewNode.Kind)

        /// The sentence for this failure of a tap of control `number` of the widget `id`, as `tap`
        /// and `serve` word it.
        public func message(control number: Int, of id: String) -> String {
            switch self {
            case .widgetFailed(let failure):
                return "widget '\(id)' failed: \(failure.message)"
            case .noSuchControl(_, let count):
                return
                    "widget '\(id)' has \(count) control\(count == 1 ? "" : "s") now; there is no \(number)"
            case .unknownIntent(let name):
                return name.isEmpty
                    ? "control \(number) of '\(id)' runs an intent widgethost does not know"
                    : "control \(number) of '\(id)' runs the intent '\(name)', which no built-in widget or plugin "
                        + "declares"
            case .noIntent(let kind):
                return
                    "control \(number) of '\(id)' is a \(kind.rawValue) without an intent, so tapping it runs "
                    + "nothing (its plugin drew it without one)"
            case .undeclaredIntent(_, let message):
                return "control \(number) of '\(id)' cannot run: \(message)"
            case .ambiguousIntent(let diagnostic):
                return diagnostic.message
            case .invalidValues(let intent, let messages):
                return "control \(number) of '\(id)' runs \(intent) with values it does not declare: "
                    + messages.joined(separator: "; ")
            case .staleView:
                return "widget '\(id)' changed after it was shown, so control \(number) was not tapped "
                    + "(it may now be another control); look at the widget again and tap"
            case .disabledControl(let kind):
                return
                    "control \(number) of '\(id)' is a disabled \(kind.rawValue) (.disabled(true)), so a tap "
                    + "runs nothing, as on iOS"
            }
        }

        /// The failure code scripts see for it (`tap --format json`, `serve`): the widget's own, the
        /// clash's, `plugin.undeclared-intent`, else `intent.failed`. (A control that is not there is
        /// the caller's to word: a usage error for `tap`, a 404 for `serve`.)
        public var code: FailureCode {
            switch self {
            case .widgetFailed(let failure): failure.code
            case .ambiguousIntent(let diagnostic): diagnostic.code
            case .undeclaredIntent: .pluginUndeclaredIntent
            case .noSuchControl: .usageInvalid
            case .staleView: .tapStaleView
            case .disabledControl: .tapDisabledControl
            case .unknownIntent, .noIntent, .invalidValues: .intentFailed
            }
        }

        /// The widget's own reason, when it failed with one (``WidgetFailure/reason``).
        public var reason: String? {
            guard case .widgetFailed(let failure) = self else { return nil }
            return failure.reason
        }
    }

    /// Taps control `number` (1-based, depth first, as ``ViewNode/controls`` counts) of the view
    /// `instance` shows at `date`; when `shown` says which view the tap was made on, a widget
    /// that shows another one now is not tapped (``TapFailure/staleView(shown:current:)``).
    public func tap(
        _ instance: WidgetInstance, control number: Int, date: Date, shown: ViewRevision? = nil
    ) async -> Result<Tap, TapFailure> {
        let run = await evaluate([instance], options: RunOptions(date: date))
        guard let result = run.results.first else {
            return .failure(.widgetFailed(WidgetFailure(code: .widgetMissing, message: "no result")))
        }
        let evaluation: WidgetEvaluation
        switch result.outcome {
        case .success(let success): evaluation = success
        case .failure(let failure): return .failure(.widgetFailed(failure))
        }
        if let shown, case let current = ViewRevision(evaluation.current.view), current != shown {
            return .failure(.staleView(shown: shown, current: current))
        }
        var controls = evaluation.current.view.controls
        // A view with no control of its own but a `widgetURL` is one tap target, as WidgetKit's
        // small widgets are: the whole widget opens its URL.
        if controls.isEmpty, let url = evaluation.current.view.url {
            controls = [ViewNode(type: .link, url: url)]
        }
        guard number >= 1, number <= controls.count else {
            return .failure(.noSuchControl(number: number, count: controls.count))
        }
        let control = controls[number - 1]
        if evaluation.current.view.controlsDisabled.indices.contains(number - 1),
            evaluation.current.view.controlsDisabled[number - 1]
        {
            return .failure(.disabledControl(control.type))
        }
        if control.type == .link {
            let url = control.url ?? ""
            return .success(.opened(url: url, destination: try? resolveLink(url).get()))
        }
        guard let reference = control.intent else { return .failure(.noIntent(control.type)) }
        if let connection = pluginConnection(forKind: instance.kind),
            !connection.declares(intent: reference.type)
        {
            return .failure(
                .undeclaredIntent(
                    intent: reference.type,
                    message: PluginConnection.undeclaredIntent(
                        reference.type, plugin: connection.manifest.name)))
        }
        let intent: any HostIntent
        switch await self.intent(named: reference.type, drawnBy: instance.kind) {
        case .found(let found): intent = found
        case .ambiguous(let diagnostic): return .failure(.ambiguousIntent(diagnostic))
        case .untrusted(let failure): return .failure(.widgetFailed(failure.widgetFailure))
        case .unknown: return .failure(.unknownIntent(reference.type))
        }
        switch intent.values(json: reference.parameters) {
        case .failure(let error):
            return .failure(.invalidValues(intent: reference.type, messages: error.messages))
        case .success(let values):
            return .success(
                .performed(await perform(intent, values: values, appGroup: instance.appGroup, date: date)))
        }
    }

    /// Where `url` leads, by the bundle that resolves its scheme (with a single resolver, that one
    /// says what is wrong with a link of another scheme).
    public func resolveLink(_ url: String) -> Result<DeepLinkDestination, DeepLinkFailure> {
        let resolvers = bundles.flatMap(\.deepLinkResolvers)
        let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() }
        guard
            let resolver = resolvers.first(where: { $0.scheme.lowercased() == scheme })
                ?? (resolvers.count == 1 ? resolvers.first : nil)
        else {
            let schemes = resolvers.map { "'\($0.scheme)://'" }.joined(separator: ", ")
            return .failure(
                DeepLinkFailure(
                    code: FailureCode.deeplinkUnknownScheme.rawValue,
                    message: "'\(url)' is not a link any widget resolves"
                        + (schemes.isEmpty ? "" : "; known schemes: \(schemes)")))
        }
        do throws(DeepLinkFailure) {
            return .success(try resolver.destination(of: url))
        } catch {
            return .failure(error)
        }
    }
}
