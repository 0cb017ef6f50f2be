public import Diagnostics
public import Foundation
import PluginProtocol
import Subprocess
import Synchronization
public import WidgetEngine
@_spi(WidgetHost) public import WidgetHostKit

/// The plugins of one run: the folders found or named, their manifests, and — once a widget kind
/// nothing built in declares is asked for — their handshakes, whose widgets join the registry.
///
/// Every plugin process is ended by ``shutdown()``, which every command using plugins calls before
/// it returns, so no process outlives the run.
public final class PluginHost: PluginCatalog {
    /// One plugin folder and what became of it.
    public struct Plugin: Sendable {
        /// The folder.
        public var folder: String
        /// How it was found.
        public var origin: PluginDiscovery.Origin
        /// Its manifest, when it is valid.
        public var manifest: PluginManifest?
        /// The manifest's problems.
        public var diagnostics: [Diagnostic]
        /// The process behind it, when the manifest is valid.
        public var connection: PluginConnection?
        /// Whether its handshake was tried.
        public var handshakeTried = false
        /// Why the handshake failed, if it did.
        public var failure: PluginFailure?
    }

    private struct State {
        var plugins: [Plugin] = []
        var folders: Set<String> = []
        var diagnostics: [Diagnostic] = []
        var widgets: [String: (widget: any WidgetConfiguration, plugin: Int)] = [:]
        var kindOrder: [String] = []
        /// Every plugin's intents, in the order declared (a type more than one plugin declares
        /// appears once for each).
        var intents: [PluginIntent] = []
        var unavailable: [String: UnavailablePluginWidget] = [:]
        /// Every place plugins were looked for, found or not, in order.
        var places: [String] = []
        /// The folders each configuration entry (`plugins:` path and file) added, so a
        /// configuration loaded again reports their problems at the same entry: the problems they
        /// have then (a manifest read again has its own).
        var entries: [String: Result<[String], Diagnostic>] = [:]
    }

    /// The built-in widgets and intents.
    public let builtIns: WidgetRegistry
    /// The version sent in `initialize`.
    public let hostVersion: String
    /// Where plugins' stderr and messages are shown (`--verbose`, `--trace-plugins`).
    public let log: PluginLog?
    /// The clock plugins read, when the host's is not the wall clock (`--at`).
    public let clock: PluginClock?
    /// The plugin folders the user trusted to run.
    public let trust: PluginTrust
    private let state = Mutex(State())

    /// A host with the folders of the default place (the data home's `widgethost/plugins`) and
    /// `options` (each `--plugins DIR`). The current directory is never looked in.
    public init(
        builtIns: WidgetRegistry,
        hostVersion: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        options: [String] = [],
        log: PluginLog? = nil,
        clock: PluginClock? = nil
    ) {
        self.builtIns = builtIns
        self.hostVersion = hostVersion
        self.log = log
        self.clock = clock
        self.trust = PluginTrust(environment: environment)
        state.withLock { $0.places = PluginDiscovery.defaultPlaces(environment: environment) + options }
        for (folder, origin) in PluginDiscovery.defaultFolders(environment: environment) {
            add(folder: folder, origin: origin)
        }
        for option in options {
            switch PluginDiscovery.folders(named: option) {
            case .success(let folders): for folder in folders { add(folder: folder, origin: .option) }
            case .failure(let diagnostic): state.withLock { $0.diagnostics.append(diagnostic) }
            }
        }
    }

    /// Adds the plugin folders in `Plugins/` beside the configuration file `file`, when there is
    /// such a folder (once per folder).
    public func add(besideConfiguration file: String) {
        guard let place = PluginDiscovery.besideConfiguration(file) else { return }
        let key = "\u{1}" + PluginDiscovery.canonical(place)
        let first = state.withLock { state -> Bool in
            guard state.entries[key] == nil else { return false }
            state.entries[key] = .success([])
            return true
        }
        guard first else { return }
        state.withLock { $0.places.append(place) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: place, isDirectory: &isDirectory), isDirectory.boolValue
        else { return }
        for folder in PluginDiscovery.folders(in: place) {
            add(folder: folder, origin: .besideConfiguration(file: file))
        }
    }

    /// Every place plugins were looked for so far, found or not: the default places, each
    /// `--plugins DIR`, and the configurations' `plugins:` entries.
    public var searchedPlaces: [String] { state.withLock { $0.places } }

    /// The plugins found so far, in the order found.
    public var plugins: [Plugin] { state.withLock { $0.plugins } }

    /// Adds a plugin folder (a second finding of the same folder is ignored) and reads its manifest.
    /// - Returns: The manifest's problems: errors when a person named the folder, warnings when it
    ///   was found in a default place (a broken plugin there must not stop unrelated runs).
    @discardableResult
    public func add(folder: String, origin: PluginDiscovery.Origin) -> [Diagnostic] {
        guard let key = insert(folder: folder, origin: origin) else { return [] }
        return problems(of: [key])
    }

    /// Adds a plugin folder not found before and reads its manifest.
    /// - Returns: The folder as plugins are keyed, or `nil` when it was found before.
    private func insert(folder: String, origin: PluginDiscovery.Origin) -> String? {
        let key = PluginDiscovery.canonical(folder)
        guard state.withLock({ $0.folders.insert(key).inserted }) else { return nil }
        let (manifest, diagnostics) = read(folder: key, origin: origin, among: plugins)
        let plugin = Plugin(
            folder: key, origin: origin, manifest: manifest, diagnostics: diagnostics,
            connection: manifest.map {
                PluginConnection(manifest: $0, hostVersion: hostVersion, log: log, clock: clock)
            })
        state.withLock {
            $0.plugins.append(plugin)
            $0.diagnostics += diagnostics
        }
        return key
    }

    /// The manifest of the plugin in `folder` and its problems, as `origin` makes them (errors
    /// when a person named the folder, else warnings), its name checked against `others`'.
    private func read(folder: String, origin: PluginDiscovery.Origin, among others: [Plugin]) -> (
        PluginManifest?, [Diagnostic]
    ) {
        var (manifest, diagnostics) = PluginManifest.read(folder: folder)
        if !origin.isExplicit {
            diagnostics = diagnostics.map { diagnostic in
                var copy = diagnostic
                copy.severity = .warning
                return copy
            }
        }
        if let known = manifest,
            let other = others.first(where: { $0.folder != folder && $0.manifest?.name == known.name })
        {
            diagnostics.append(
                Diagnostic(
                    file: known.path, severity: .warning, code: .pluginDuplicateName,
                    message: "the plugin name '\(known.name)' is also used by \(other.folder)"))
        }
        return (manifest, diagnostics)
    }

    /// The problems the manifests of the plugins in `folders` have now.
    private func problems(of folders: [String]) -> [Diagnostic] {
        let plugins = self.plugins
        return folders.flatMap { folder in plugins.first { $0.folder == folder }?.diagnostics ?? [] }
    }

    /// Adds the folders a configuration's `plugins:` entry names (relative to the configuration).
    /// - Returns: Problems, to report at the entry.
    public func add(configurationEntry path: String, file: String) -> Result<[Diagnostic], Diagnostic> {
        let key = file + "\u{0}" + path
        let folders: Result<[String], Diagnostic>
        if let known = state.withLock({ $0.entries[key] }) {
            folders = known
        } else {
            folders = addEntry(path, file: file)
            state.withLock { $0.entries[key] = folders }
        }
        return folders.map(problems(of:))
    }

    /// Reads the manifest of the plugin in `folder` again, as a live host does when the manifest or
    /// the executable changed: the plugin's process is ended and what its handshake declared is
    /// forgotten, so the next configuration loaded handshakes it again under the new manifest (or
    /// finds its kinds unknown when the manifest cannot be used). The new manifest's problems are
    /// reported as a new folder's are.
    ///
    /// - Returns: The manifest before and the one now (`nil` when it could not be used); both
    ///   `nil` for a folder that holds no plugin found.
    public func reread(folder: String) async -> (previous: PluginManifest?, current: PluginManifest?) {
        let key = PluginDiscovery.canonical(folder)
        guard let old = plugins.first(where: { $0.folder == key }) else { return (nil, nil) }
        if let connection = old.connection { await OffPool.run { connection.close() } }
        let (manifest, diagnostics) = read(folder: key, origin: old.origin, among: plugins)
        let connection = manifest.map {
            PluginConnection(manifest: $0, hostVersion: hostVersion, log: log, clock: clock)
        }
        state.withLock { state in
            guard let index = state.plugins.firstIndex(where: { $0.folder == key }) else { return }
            state.plugins[index] = Plugin(
                folder: key, origin: old.origin, manifest: manifest, diagnostics: diagnostics,
                connection: connection)
            let kinds = Set(state.widgets.filter { $0.value.plugin == index }.keys)
            for kind in kinds { state.widgets[kind] = nil }
            state.kindOrder.removeAll { kinds.contains($0) }
            state.intents.removeAll { $0.connection === old.connection }
            for kind in (old.manifest?.kinds ?? []) + (manifest?.kinds ?? []) {
                state.unavailable[kind] = nil
            }
            // A configuration's `plugins:` entry reports its folders' problems at every load.
            if case .configuration = old.origin { return }
            state.diagnostics += diagnostics
        }
        return (old.manifest, manifest)
    }

    /// The folder of the plugin serving the widgets of `kind`: the one whose handshake declared it,
    /// else the first whose manifest lists it; `nil` for a built-in kind.
    public func folder(servingKind kind: String) -> String? {
        guard builtIns.widget(kind: kind) == nil else { return nil }
        return state.withLock { state in
            if let index = state.widgets[kind]?.plugin { return state.plugins[index].folder }
            return state.plugins.first { $0.manifest.map { Self.lists($0, kind: kind) } ?? false }?.folder
        }
    }

    private func addEntry(_ path: String, file: String) -> Result<[String], Diagnostic> {
        state.withLock { $0.places.append(path) }
        let base = file == "-" ? "." : file.parentPath
        let folder =
            path.hasPrefix("/")
            ? path : ((base.isEmpty ? "." : base) as NSString).appendingPathComponent(path)
        switch PluginDiscovery.folders(named: folder) {
        case .failure(let diagnostic):
            return .failure(diagnostic)
        case .success(let folders):
            return .success(folders.compactMap { insert(folder: $0, origin: .configuration(file: file)) })
        }
    }

    /// Problems found since the last call (manifests, failed handshakes, clashing kinds, views
    /// outside the vocabulary).
    public func takeDiagnostics() -> [Diagnostic] {
        let (diagnostics, connections) = state.withLock { state in
            let diagnostics = state.diagnostics
            state.diagnostics = []
            return (diagnostics, state.plugins.compactMap(\.connection))
        }
        return diagnostics
            + connections.flatMap { connection in
                connection.takeViewWarnings().map {
                    Diagnostic(
                        file: connection.manifest.path, severity: .warning, code: .pluginUnknownView,
                        message: $0)
                }
            }
    }

    // MARK: - Kinds

    /// The widget of `kind` a plugin handshaken so far declares, or its stand-in; nothing is
    /// started. ``prepare(kinds:)`` handshakes the plugins whose manifests list a kind first.
    ///
    /// When the plugins whose manifests list `kind` all failed to start, an
    /// ``UnavailablePluginWidget`` stands in for it, so its failure is reported at run time and
    /// other widgets still run. A kind no manifest lists is unknown whatever state any plugin is in.
    public func widget(kind: String) -> (any WidgetConfiguration)? {
        state.withLock { state -> (any WidgetConfiguration)? in
            if let known = state.widgets[kind]?.widget ?? state.unavailable[kind] { return known }
            let serving = state.plugins.filter { $0.manifest.map { Self.lists($0, kind: kind) } ?? false }
            guard !serving.isEmpty, serving.allSatisfy(\.handshakeTried) else { return nil }
            let failures = serving.compactMap(\.failure)
            guard !failures.isEmpty else { return nil }
            let stand = UnavailablePluginWidget(kind: kind, failures: failures)
            state.unavailable[kind] = stand
            return stand
        }
    }

    /// Handshakes the plugins whose manifests list one of `kinds` and are not handshaken yet. A
    /// plugin whose manifest lists none of them is not started.
    public func prepare(kinds: Set<String>) async {
        let unknown = kinds.filter { builtIns.widget(kind: $0) == nil && widget(kind: $0) == nil }
        guard !unknown.isEmpty else { return }
        await handshake { manifest in unknown.contains { Self.lists(manifest, kind: $0) } }
    }

    /// Whether `manifest` lists `kind`, bare or as `PLUGIN/KIND` with its own name.
    static func lists(_ manifest: PluginManifest, kind: String) -> Bool {
        if manifest.kinds.contains(kind) { return true }
        guard let (plugin, name) = qualified(kind) else { return false }
        return plugin == manifest.name && manifest.kinds.contains(name)
    }

    /// The kinds every manifest found lists, whether or not its plugin was started (or could be):
    /// what a "did you mean" offers besides the built-ins.
    public var declaredKinds: [String] {
        state.withLock { state in
            var seen: Set<String> = []
            return state.plugins.flatMap { $0.manifest?.kinds ?? [] }.filter { seen.insert($0).inserted }
        }
    }

    /// The kinds the plugins handshaken so far declare.
    public var kinds: [String] { state.withLock { $0.kindOrder } }

    /// The built-ins and every plugin widget and stand-in known so far.
    public func registry() -> WidgetRegistry {
        var registry = builtIns
        let widgets = state.withLock { state in
            state.kindOrder.compactMap { kind in state.widgets[kind].map { (kind, $0.widget) } }
                + state.unavailable.keys.sorted().compactMap { kind in
                    state.unavailable[kind].map { (kind, $0) }
                }
        }
        // Each under the name a configuration gives it (`PLUGIN/KIND` for a built-in's name).
        for (kind, widget) in widgets { try? registry.register(widget, as: kind) }
        return registry
    }

    /// The widgets plugins declare, in the order declared.
    public var widgets: [any WidgetConfiguration] {
        state.withLock { state in state.kindOrder.compactMap { state.widgets[$0]?.widget } }
    }

    /// The intent `name` a plugin declares, handshaking the plugins not yet asked; `nil` when none
    /// does.
    ///
    /// A control's intent (`drawnBy` the plugin whose widget drew it) goes back to that plugin when
    /// it declares the type. Otherwise the type must name one plugin's intent: when several
    /// plugins declare it, the result is a `plugin.ambiguous-intent` error naming them, and
    /// `PLUGIN/Type` (the plugin's name, a slash, the type) chooses one.
    public func intent(named name: String, drawnBy plugin: PluginConnection? = nil) async -> Result<
        PluginIntent, Diagnostic
    >? {
        let slash = name.lastIndex(of: "/")
        let pluginName = slash.map { String(name[..<$0]) }
        let type = slash.map { String(name[name.index(after: $0)...]) } ?? name
        if pluginName != nil || !state.withLock({ $0.intents.contains { $0.type == type } }) {
            // A plugin is started only when its manifest lists this intent.
            await handshake { manifest in
                (pluginName == nil || manifest.name == pluginName) && manifest.intents.contains(type)
            }
        }
        return state.withLock { state in
            if let pluginName {
                return state.intents.first {
                    $0.type == type && $0.connection.manifest.name == pluginName
                }
                .map { .success($0) }
            }
            if let plugin,
                let own = state.intents.first(where: { $0.type == type && $0.connection === plugin })
            {
                return .success(own)
            }
            let declaring = state.intents.filter { $0.type == type }
            guard let intent = declaring.first else { return nil }
            guard declaring.count > 1 else { return .success(intent) }
            let manifests = declaring.map(\.connection.manifest)
            return .failure(
                Diagnostic(
                    file: nil, code: .pluginAmbiguousIntent,
                    message:
                        "the intent '\(type)' is declared by the plugins \(Self.list(manifests.map(Self.named))); "
                        + "name one: "
                        + Self.list(manifests.map { "'\($0.name)/\(type)'" }, conjunction: "or")))
        }
    }

    /// `'a' (folder)`, `'a' (folder) and 'b' (folder)`, `'a' (folder), 'b' (folder) and ...`.
    private static func list(_ items: [String], conjunction: String = "and") -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    private static func named(_ manifest: PluginManifest) -> String {
        "'\(manifest.name)' (\(manifest.folder))"
    }

    /// The intent types the manifests of plugins not handshaken yet list: known by name without
    /// starting anything (for a "did you mean").
    public var listedIntentNames: [String] {
        state.withLock { state in
            state.plugins.filter { !$0.handshakeTried }.flatMap { $0.manifest?.intents ?? [] }
        }
    }

    /// The intents plugins declare, each type once (the first plugin's).
    public var intents: [PluginIntent] {
        state.withLock { state in
            var seen: Set<String> = []
            return state.intents.filter { seen.insert($0.type).inserted }
        }
    }

    /// Handshakes every plugin not asked yet and registers what each declares.
    public func handshakeAll() async {
        await handshake { _ in true }
    }

    /// Handshakes the plugins not asked yet whose manifest `matches`, and registers what each
    /// declares.
    func handshake(where matches: (PluginManifest) -> Bool) async {
        let waiting = state.withLock { state -> [(Int, PluginConnection, PluginDiscovery.Origin)] in
            var waiting: [(Int, PluginConnection, PluginDiscovery.Origin)] = []
            for index in state.plugins.indices where !state.plugins[index].handshakeTried {
                guard let manifest = state.plugins[index].manifest, matches(manifest) else { continue }
                state.plugins[index].handshakeTried = true
                if let connection = state.plugins[index].connection {
                    waiting.append((index, connection, state.plugins[index].origin))
                }
            }
            return waiting
        }
        for (index, connection, origin) in waiting {
            // No code runs that the user did not choose: an untrusted plugin is never started.
            if let refusal = refusal(of: connection.manifest, origin: origin) {
                state.withLock { state in
                    state.plugins[index].failure = refusal
                    state.diagnostics.append(
                        Diagnostic(
                            file: connection.manifest.path, severity: .warning, code: refusal.code,
                            message: refusal.description))
                }
                continue
            }
            let result = await connection.handshake()
            state.withLock { state in
                switch result {
                case .failure(let failure):
                    state.plugins[index].failure = failure
                    state.diagnostics.append(
                        Diagnostic(
                            file: connection.manifest.path, severity: .warning, code: failure.code,
                            message: failure.diagnosticMessage, notes: failure.stderrNotes))
                case .success(let handshake):
                    register(handshake, of: index, connection: connection, in: &state)
                }
            }
        }
    }

    /// Whether the plugin found at `origin` may run as it is now, for ``PluginTrust``; `nil` for
    /// one that needs no trust.
    public func verdict(for manifest: PluginManifest, origin: PluginDiscovery.Origin) -> PluginTrust.Verdict?
    {
        origin.needsTrust ? trust.verdict(for: manifest) : nil
    }

    /// Why the plugin of `manifest` found at `origin` must not start, or `nil` when it may.
    private func refusal(of manifest: PluginManifest, origin: PluginDiscovery.Origin) -> PluginFailure? {
        guard let verdict = verdict(for: manifest, origin: origin), verdict != .trusted else { return nil }
        let how =
            "trust it with `widgethost plugins trust \(Shell.word(manifest.folder))`, "
            + "or name its folder with --plugins"
        let what: String
        switch verdict {
        case .trusted, .unknown:
            what =
                "is not trusted to run: it came with \(origin.description), which someone else may have "
                + "prepared; read its plugin.yaml and executable, then \(how)"
        case .changed:
            what =
                "changed since it was trusted (its plugin.yaml or executable is not what was trusted); "
                + "read them again, then \(how)"
        case .unreadable(let reason):
            what = "cannot be checked against the plugins trusted: \(reason)"
        }
        if case .unreadable = verdict {
            return PluginFailure(code: .pluginTrustFailed, plugin: manifest.name, what: what)
        }
        return PluginFailure(code: .pluginUntrusted, plugin: manifest.name, what: what)
    }

    /// The untrusted plugin whose manifest lists the intent `type`, when no started plugin
    /// declares it: what `perform` and a tap say instead of "no such intent".
    public func untrustedFailure(listingIntent type: String) -> PluginFailure? {
        let plugins = state.withLock { $0.plugins }
        for plugin in plugins {
            guard let manifest = plugin.manifest, manifest.intents.contains(type),
                let failure = plugin.failure,
                failure.code == .pluginUntrusted || failure.code == .pluginTrustFailed
            else { continue }
            return failure
        }
        return nil
    }

    private func register(
        _ handshake: InitializeResult, of index: Int, connection: PluginConnection, in state: inout State
    ) {
        let manifest = connection.manifest
        let builtInKinds = Set(
            handshake.widgets.map(\.metadata.kind).filter { builtIns.widget(kind: $0) != nil })
        for declaration in handshake.widgets {
            var kind = declaration.metadata.kind
            if builtInKinds.contains(kind) {
                // Served under its qualified name, which a configuration must use to mean it.
                state.diagnostics.append(Self.shadowing("kind", kind, "widget", of: manifest))
                kind = "\(manifest.name)/\(kind)"
            }
            if let existing = state.widgets[kind] {
                let other = state.plugins[existing.plugin]
                state.diagnostics.append(
                    Diagnostic(
                        file: manifest.path, code: .pluginDuplicateKind,
                        message:
                            "the plugins '\(other.manifest?.name ?? "")' (\(other.folder)) and "
                            + "'\(manifest.name)' (\(manifest.folder)) both declare the kind '\(kind)'"))
                continue
            }
            state.widgets[kind] = (PluginWidget(declaration, connection: connection, as: kind), index)
            state.kindOrder.append(kind)
        }
        for declaration in handshake.intents {
            let type = declaration.type
            let intent = PluginIntent(declaration, connection: connection, qualifying: builtInKinds)
            if builtIns.intent(named: type) != nil {
                // Kept: the plugin's controls run it, and `perform` reaches it as PLUGIN/TYPE.
                state.diagnostics.append(Self.shadowing("intent", type, "intent", of: manifest))
                state.intents.append(intent)
                continue
            }
            let first = state.intents.first { $0.type == type }
            state.intents.append(intent)
            guard let first else { continue }
            // Not an error: a control still runs the intent of the plugin that drew it; only
            // `perform` by name cannot choose, and says so when asked.
            state.diagnostics.append(
                Diagnostic(
                    file: manifest.path, severity: .warning, code: .pluginDuplicateIntent,
                    message:
                        "the plugins \(Self.named(first.connection.manifest)) and \(Self.named(manifest)) "
                        + "both declare the intent '\(type)'; `perform` needs it named "
                        + "'\(first.connection.manifest.name)/\(type)' or '\(manifest.name)/\(type)'"))
        }
    }

    /// The warning for a plugin declaring a built-in kind or intent (`what`, `name`): both are
    /// kept, and the warning says how each is named.
    private static func shadowing(
        _ what: String, _ name: String, _ thing: String, of manifest: PluginManifest
    )
        -> Diagnostic
    {
        let qualified =
            "'\(manifest.name)/\(name)' names the plugin's, '\(builtInQualifier)/\(name)' the built-in"
        return Diagnostic(
            file: manifest.path, severity: .warning,
            code: what == "kind" ? .pluginBuiltinKind : .pluginBuiltinIntent,
            message:
                "the plugin '\(manifest.name)' declares the \(what) '\(name)', which is built into widgethost; "
                + (what == "kind"
                    ? "a configuration must say which it means: \(qualified)"
                    : "the plugin's controls run the plugin's \(thing); for `perform`, \(qualified)"))
    }

    /// Makes this process a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`): a plugin's
    /// descendant that calls `setsid()` and outlives its parent is still this process's, and is
    /// killed and reaped when a plugin is ended. The executable calls it once at start.
    public static func adoptOrphanedDescendants() {
        ChildProcess.becomeSubreaper()
    }

    /// Kills every plugin process this process started, whatever run it belongs to, and what they
    /// started: for a signal (SIGINT, SIGTERM, SIGHUP) that ends the process before its sessions
    /// close, so that nothing a plugin started outlives widgethost.
    public static func killAllPluginProcesses() {
        ChildProcess.killAllStarted()
    }

    /// Ends every plugin process of the run and waits until each is reaped.
    public func shutdown() {
        let connections = state.withLock { $0.plugins.compactMap(\.connection) }
        for connection in connections { connection.close() }
    }

    /// ``shutdown()`` on a thread of its own, so no thread of Swift's cooperative pool waits for
    /// plugins to exit.
    public func close() async {
        await OffPool.run { self.shutdown() }
    }
}
