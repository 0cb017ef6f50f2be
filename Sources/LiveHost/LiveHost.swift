import AppGroup
import Diagnostics
public import Foundation
import PluginHosting
import Subprocess
import Synchronization
import WidgetEngine
public import WidgetHost
public import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#endif

/// The live host behind `widgethost watch` (docs/guide.md, "The live host"): it keeps every widget's
/// timeline, advances the displayed entry at each entry's date, reloads at the policy's date, on a
/// reload request of its kind (from any process, through the store's stamp file, or SIGUSR1), when
/// its configuration changes, and when its plugin restarts; it reloads the configuration when a
/// file of it changes, keeping the last good one when an edit is invalid; it restarts a dead plugin
/// with backoff. It waits on timers and inotify only (``LiveEvents``).
public final class LiveHost: Sendable {
    /// How a watch starts.
    public struct Options: Sendable {
        /// The configuration files or directories.
        public var paths: [String]
        /// The widgets to host (all when empty).
        public var widgetIDs: [String]
        /// Every widget drawn in this family, when set.
        public var family: WidgetFamily?
        /// The clock the host lives on when it is not the wall clock (`--at DATE`: from DATE, at
        /// the wall clock's pace).
        public var clock: ShiftedClock?

        /// Options for `paths`.
        public init(
            paths: [String], widgetIDs: [String] = [], family: WidgetFamily? = nil, clock: ShiftedClock? = nil
        ) {
            self.paths = paths
            self.widgetIDs = widgetIDs
            self.family = family
            self.clock = clock
        }
    }

    /// Why the host could not start.
    public enum StartFailure: Error, Sendable {
        /// The configuration and `--widget`/`--family` cannot be drawn, as ``RunPlan`` says.
        case plan(RunPlan.Failure)
        /// inotify or a pipe could not be made.
        case system(String)
    }

    /// How long a store's folder must be quiet, after it changed, before it is looked at: a backup
    /// copied into place file by file is read once whole.
    static let storeSettleDelay: TimeInterval = 0.25

    /// The plugin backoff: 1 s, doubling, at most 60 s.
    public static func backoff(afterFailures count: Int) -> TimeInterval {
        min(60, pow(2, Double(max(0, count - 1))))
    }

    private let session: HostSession
    private let options: Options
    private let events: any LiveEventSource
    private let clock: any LiveClock

    /// A host of `session`'s widgets as `options` say, woken by the system (inotify, signals)
    /// on the wall clock (or the options' clock).
    /// - Throws: ``StartFailure/system(_:)`` when the kernel refuses inotify or a pipe.
    public convenience init(session: HostSession, options: Options) throws(StartFailure) {
        let events: LiveEvents
        do throws(SpawnError) {
            events = try LiveEvents()
        } catch {
            throw .system("cannot watch files: \(error.reason)")
        }
        let clock: any LiveClock = options.clock ?? SystemClock()
        self.init(session: session, options: options, clock: clock, events: events)
    }

    /// A host of `session`'s widgets as `options` say, reading the time from `clock` and woken
    /// by `events` (a test's or a simulation's script, or the system's).
    public init(session: HostSession, options: Options, clock: any LiveClock, events: any LiveEventSource) {
        self.session = session
        self.options = options
        self.clock = clock
        self.events = events
        // A stop ends the plugins at once (no restart follows), whether the widgets are first
        // evaluated or the host waits on a plugin in a reload, so that a plugin that hangs does
        // not hold the host for its timeout; the host itself stops between units of work.
        events.onStop { [weak self] in
            guard let self else { return }
            let first = pluginsEnding.withLock { ending in
                defer { ending = true }
                return !ending
            }
            guard first else { return }
            let plugins = session.plugins
            earlyShutdown.enter()
            Thread.detachNewThread { [earlyShutdown] in
                plugins.shutdown()
                earlyShutdown.leave()
            }
        }
    }

    /// Whether a stop has begun to end the plugins.
    private let pluginsEnding = Mutex(false)
    /// The plugins' end begun by a stop: the host returns only once it is over, so no plugin
    /// outlives it.
    private let earlyShutdown = DispatchGroup()

    /// Ends the host as SIGTERM would (its output was closed, say).
    public func stop() {
        events.stop()
    }

    /// Hosts the widgets until SIGINT, SIGTERM or ``stop()``, calling `emit` for every event and
    /// `started` once every widget has been evaluated the first time (`serve` listens from then).
    /// - Throws: ``StartFailure`` when the first configuration is invalid or names unknown widgets.
    public func run(
        started: @Sendable () -> Void = {}, emit: @escaping @Sendable (WatchEvent) -> Void
    ) async throws(StartFailure) {
        // However it ends, the host returns only once the plugins a stop ended early are reaped.
        do {
            try await host(started: started, emit: emit)
        } catch {
            await OffPool.run { [earlyShutdown] in earlyShutdown.wait() }
            throw error
        }
        await OffPool.run { [earlyShutdown] in earlyShutdown.wait() }
    }

    private func host(
        started: @Sendable () -> Void, emit: @escaping @Sendable (WatchEvent) -> Void
    ) async throws(StartFailure) {
        var state = HostState()
        let loaded = await session.load(options.paths)
        if !loaded.hasErrors && !loaded.diagnostics.isEmpty {
            state.diagnosticsShown = true
            emit(.diagnostics(loaded.diagnostics))
        }
        let selection = RunPlan.Selection(
            widgetIDs: options.widgetIDs, family: options.family.map(RunPlan.FamilySelection.one))
        let instances: [WidgetInstance]
        switch session.plan(loaded, selection: selection) {
        case .success(let plan): instances = plan.instances
        case .failure(let failure): throw .plan(failure)
        }
        state.files = Set(loaded.files.map(Self.absolute))
        state.includes = Set(loaded.includePatterns.map(IncludeWatch.init))
        // Taken before the first evaluation: a store replaced while it runs is seen as replaced.
        for appGroup in Set(instances.map(\.appGroup)) {
            if let directory = storeDirectory(appGroup) {
                state.stores[appGroup] = StoreIdentity(directory: directory)
            }
        }
        // The configuration's folders are watched before the widgets are first shown, so that a
        // file saved the moment the start is reported is seen; the stores' and plugins' folders,
        // known once the widgets are evaluated, are added after.
        watchFiles(&state)
        await evaluate(instances, reason: .start, into: &state, emit: emit)
        state.order = instances.map(\.id)
        watchFiles(&state)
        // A store deleted or replaced before its folder was watched is seen as changed now.
        noteStoreChanges(Set(state.stores.keys), in: &state)
        observePluginExits(state)
        scheduleNext(state)
        started()
        for await event in events.stream {
            // Events queued before a stop (a burst of file events) are not worked through first.
            if events.isStopping { break }
            switch event {
            case .stop:
                events.close()
            case .due:
                await handleDue(&state, emit: emit)
            case .reloadAll:
                await reload(state.order, reason: .request, in: &state, emit: emit)
            case .files(let changes):
                await handleFiles(changes, in: &state, emit: emit)
            case .filesLost:
                await handleLostChanges(in: &state, emit: emit)
            case .pluginExited(let failure):
                pluginExited(failure, in: &state, emit: emit)
            }
            scheduleNext(state)
        }
        events.close()
    }

    // MARK: - State

    /// One hosted widget.
    private struct Hosted {
        var instance: WidgetInstance
        var result: WidgetResult
        var evaluatedAt: Date
        /// The folder of the plugin serving it, whose manifest and executable are watched.
        var plugin: String?
        /// Its plugin changed and its configuration no longer loads under it: it shows why, and is
        /// evaluated again only once the configuration loads (a fixed manifest, an edit).
        var invalidated = false
    }

    /// A plugin read again after its manifest or executable changed.
    private struct PluginChange {
        /// The plugin's folder and name.
        var folder: String
        var name: String
        /// The widgets it served, or serves now.
        var ids: Set<String>

        /// Its manifest's path.
        var manifestPath: String { (folder as NSString).appendingPathComponent(PluginManifest.fileName) }
    }

    /// What the host keeps between events (owned by ``run(emit:)``'s task).
    private struct HostState {
        var widgets: [String: Hosted] = [:]
        var order: [String] = []
        var files: Set<String> = []
        /// The `include:` entries, whose directories are watched for files coming to match them.
        var includes: Set<IncludeWatch> = [] {
            didSet { includeIndex = IncludeIndex(includes) }
        }
        /// `includes`, indexed: whether a changed path concerns one, without trying each.
        private(set) var includeIndex = IncludeIndex([])
        /// The folders the configuration is read from (``folders(_:)``) as last watched, and the
        /// paths named on the command line: a change at one of these paths is a folder that went
        /// or came. Kept, not found again at each file event: the include globs' folders are
        /// found by reading every folder they match.
        var configurationFolders: Set<String> = []
        /// Per plugin folder watched: its manifest and executable as last read.
        var pluginStamps: [String: PluginStamp] = [:]
        /// Per plugin name: failures in a row and when to try again.
        var pluginRetries: [String: (failures: Int, at: Date)] = [:]
        /// Whether the last `diagnostics` event had any (a rejected edit's errors, or warnings), so
        /// that the next load reports its own, often none, and what shows them can clear them.
        var diagnosticsShown = false
        /// Per App Group hosted: the store's folder and database file as last seen.
        var stores: [String: StoreIdentity] = [:]
        /// Per App Group whose store was deleted: why its widgets fail (`store.missing`), until a
        /// store is back. They are not evaluated meanwhile: opening the store would make an empty one.
        var missingStores: [String: String] = [:]
        /// Per App Group whose store changed (deleted, or being restored): when to look at it again,
        /// once its folder has been quiet for ``storeSettleDelay`` (`nil`: once its database file,
        /// being written, is closed). Its widgets are not evaluated meanwhile, nor its store opened:
        /// a copy under way (`cp -a backup S`) is read whole, and not written into.
        var settlingStores: [String: Date?] = [:]
        /// The App Groups whose database file was created and is not closed yet (being copied).
        var storesBeingWritten: Set<String> = []
        /// Per widget id: the widget, as last configured, to evaluate once its settling store settles.
        var awaitingStore: [String: WidgetInstance] = [:]
    }

    /// Now on the host's clock, to the second, as `run` reads the clock: entries and reload dates
    /// read alike (what a tap on the host's screen runs at).
    public func now() -> Date {
        Date(timeIntervalSince1970: clock.now().timeIntervalSince1970.rounded(.down))
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    // MARK: - Evaluating

    /// Evaluates `instances`, records the evaluations (so requests made before are consumed), keeps
    /// the results and reports each.
    private func evaluate(
        _ instances: [WidgetInstance], reason: WatchEvent.Reason, into state: inout HostState,
        emit: @Sendable (WatchEvent) -> Void
    ) async {
        guard !instances.isEmpty else { return }
        let now = now()
        // A widget of a deleted store shows why, as `run` would, and its store is not opened.
        for instance in instances {
            guard let message = state.missingStores[instance.appGroup] else { continue }
            let result = WidgetResult(
                instance: instance, family: options.family ?? instance.family,
                outcome: .failure(WidgetFailure(code: .storeMissing, message: message)))
            state.widgets[instance.id] = Hosted(
                instance: instance, result: result, evaluatedAt: now,
                plugin: session.plugins.folder(servingKind: instance.kind))
            emit(.widget(reason, result))
        }
        // One of a store settling is evaluated once it has settled (``settleStores(_:emit:)``).
        for instance in instances where state.settlingStores[instance.appGroup] != nil {
            state.awaitingStore[instance.id] = instance
        }
        let instances = instances.filter {
            state.missingStores[$0.appGroup] == nil && state.settlingStores[$0.appGroup] == nil
        }
        guard !instances.isEmpty else { return }
        let evaluator = WidgetEvaluator(registry: session.registry, containers: session.containers)
        var results = await evaluator.evaluate(
            instances, options: RunOptions(date: now, family: options.family))
        // Cut short by a stop, which ended the plugins: their failures are not the widgets'.
        guard !events.isStopping else { return }
        _ = ReloadTracking.update(&results, containers: session.containers, recording: true, at: now)
        for var result in results {
            // Just evaluated: whatever was requested before is what it shows now.
            result.reloadRequested = false
            state.widgets[result.instance.id] = Hosted(
                instance: result.instance, result: result, evaluatedAt: now,
                plugin: session.plugins.folder(servingKind: result.instance.kind))
            emit(.widget(reason, result))
            notePluginOutcome(of: result, in: &state, emit: emit)
        }
    }

    private func reload(
        _ ids: [String], reason: WatchEvent.Reason, in state: inout HostState,
        emit: @Sendable (WatchEvent) -> Void
    ) async {
        // One its plugin's change invalidated waits for the configuration to load again.
        let instances = ids.compactMap { id in
            state.widgets[id].flatMap { $0.invalidated ? nil : $0.instance }
        }
        await evaluate(instances, reason: reason, into: &state, emit: emit)
    }

    /// Advances entries and reloads timelines whose date has come, and retries plugins whose
    /// backoff is over.
    private func handleDue(_ state: inout HostState, emit: @Sendable (WatchEvent) -> Void) async {
        let now = clock.now()
        var reloads: [String] = []
        for id in state.order {
            guard let hosted = state.widgets[id], case .success(let evaluation) = hosted.result.outcome else {
                continue
            }
            switch LiveSchedule.due(evaluation, evaluatedAt: hosted.evaluatedAt, at: now) {
            case .nothing: break
            case .reload: reloads.append(id)
            case .entry(let entry):
                var advanced = hosted
                advanced.result.outcome = .success(
                    WidgetEvaluation(
                        timeline: evaluation.timeline, current: entry, nextReload: evaluation.nextReload))
                state.widgets[id] = advanced
                emit(.widget(.entry, advanced.result))
            }
        }
        await reload(reloads, reason: .policy, in: &state, emit: emit)
        await settleStores(&state, emit: emit)
        for (plugin, retry) in state.pluginRetries where retry.at <= now {
            await restart(plugin: plugin, in: &state, emit: emit)
        }
    }

    // MARK: - Files

    /// The folders the configuration is read from: those of its files, the directories named on
    /// the command line, and those its `include:` globs look in.
    private func folders(_ state: HostState) -> Set<String> {
        var directories = Set(state.files.map { $0.parentPath })
        for path in options.paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            {
                directories.insert(Self.absolute(path))
            }
        }
        for include in state.includes { directories.formUnion(include.directories) }
        return directories
    }

    private func watchFiles(_ state: inout HostState) {
        var directories = folders(state)
        state.configurationFolders = directories.union(options.paths.map(Self.absolute))
        for container in containerDirectories(state) { directories.insert(container) }
        let plugins = pluginFiles(state)
        for file in plugins.keys { directories.insert(file.parentPath) }
        if let record = trustRecord(state) {
            // Its folder is made here when missing, so that the first `plugins trust` is seen.
            let folder = record.parentPath
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            directories.insert(folder)
        }
        for folder in Set(plugins.values) where state.pluginStamps[folder] == nil {
            state.pluginStamps[folder] = pluginStamp(folder)
        }
        // Each folder's parent too, so a folder replaced (`rm -rf c; mkdir c`, or renamed into
        // place) is seen coming back, and watched again.
        directories.formUnion(
            directories.map { $0.parentPath }.filter { !$0.isEmpty })
        events.watch(only: directories)
    }

    private func containerDirectories(_ state: HostState) -> Set<String> {
        Set(state.widgets.values.compactMap { storeDirectory($0.instance.appGroup) })
    }

    /// The hosted App Groups by their store's folder (one folder serves every App Group with
    /// `--store`).
    private func storeGroups(_ state: HostState) -> [String: Set<String>] {
        var groups: [String: Set<String>] = [:]
        for appGroup in Set(state.widgets.values.map(\.instance.appGroup)) {
            if let directory = storeDirectory(appGroup) { groups[directory, default: []].insert(appGroup) }
        }
        return groups
    }

    /// The folder of `appGroup`'s store (`nil` when none can be worked out: evaluating says why).
    private func storeDirectory(_ appGroup: String) -> String? {
        try? session.containers.container(forAppGroup: appGroup).url.standardizedFileURL.path
    }

    /// The files whose change restarts a plugin of the hosted widgets (its manifest and its
    /// executable, not whatever it writes into its own folder), each with the plugin's folder.
    private func pluginFiles(_ state: HostState) -> [String: String] {
        let folders = Set(state.widgets.values.compactMap(\.plugin))
        var files: [String: String] = [:]
        for plugin in session.plugins.plugins where folders.contains(plugin.folder) {
            files[(plugin.folder as NSString).appendingPathComponent(PluginManifest.fileName)] = plugin.folder
            if let executable = plugin.manifest?.executable {
                files[Self.absolute(executable)] = plugin.folder
            }
        }
        return files
    }

    /// The record of trusted plugins, when a hosted widget's plugin runs only once trusted: its
    /// change (`plugins trust`, `plugins untrust`) is read as a change of those plugins.
    private func trustRecord(_ state: HostState) -> String? {
        let folders = Set(state.widgets.values.compactMap(\.plugin))
        let needsTrust = session.plugins.plugins.contains {
            folders.contains($0.folder) && $0.origin.needsTrust
        }
        return needsTrust ? session.plugins.trust.path : nil
    }

    private func handleFiles(
        _ changes: [LiveEvents.FileChange], in state: inout HostState, emit: @Sendable (WatchEvent) -> Void
    ) async {
        let containers = storeGroups(state)
        let plugins = pluginFiles(state)
        let record = trustRecord(state)
        let configDirectories = Set(options.paths.map(Self.absolute))
        var configChanged = false
        var requestsChanged = false
        var touchedStores: Set<String> = []
        var changedPlugins: Set<String> = []
        for change in changes {
            // A stop ends the host between units of work, not after thousands of changes.
            if events.isStopping { return }
            let path = (change.directory as NSString).appendingPathComponent(change.name)
            if containers[change.directory] != nil, change.name == AppGroupStore.reloadStampFileName {
                // Its first version is linked into place whole: no close follows.
                requestsChanged = true
            }
            // A store's folder, or a file in it, went or came: the store may be gone or replaced.
            let groups = containers[change.directory] ?? containers[path] ?? []
            touchedStores.formUnion(groups)
            if change.name == AppGroupStore.databaseFileName, containers[change.directory] != nil {
                if change.isCreation && Self.awaitsClose(path) {
                    state.storesBeingWritten.formUnion(groups)
                } else {
                    state.storesBeingWritten.subtract(groups)
                }
            }
            // A file being written is read once it is closed, a new one as an edited one.
            if change.isCreation && Self.awaitsClose(path) { continue }
            if state.files.contains(path)
                || (isConfigName(change.name) && configDirectories.contains(change.directory))
                || state.includeIndex.concerns(path)
            {
                configChanged = true
            }
            if let folder = plugins[path] { changedPlugins.insert(folder) }
            // A watched folder that went or came: whatever it holds may have changed.
            if state.configurationFolders.contains(path) && !change.isCreation { configChanged = true }
            if path == record { changedPlugins.formUnion(state.pluginStamps.keys) }
        }
        // Stores first: nothing below reads a deleted store, or the one a backup replaced.
        noteStoreChanges(touchedStores, in: &state)
        if configChanged { await reloadConfiguration(&state, emit: emit) }
        if requestsChanged && !events.isStopping { await handleRequests(&state, emit: emit) }
        await rereadChanged(plugins: changedPlugins, in: &state, emit: emit)
    }

    /// Reads again each plugin of `folders` whose manifest or executable is not as last read (a
    /// file saved by rename is reported again when its writer closes it, unchanged).
    private func rereadChanged(
        plugins folders: some Sequence<String>, in state: inout HostState,
        emit: @Sendable (WatchEvent) -> Void
    ) async {
        for folder in folders.sorted() {
            let stamp = pluginStamp(folder)
            guard state.pluginStamps[folder] != stamp else { continue }
            await reread(plugin: folder, stamp: stamp, in: &state, emit: emit)
        }
    }

    /// After file events were lost (a burst of writes faster than the host read them): whatever
    /// changed is read again, as if every watched file had: the configuration, the stores' reload
    /// requests, and each plugin whose manifest or executable is not as last read.
    private func handleLostChanges(in state: inout HostState, emit: @Sendable (WatchEvent) -> Void) async {
        noteStoreChanges(Set(state.stores.keys), in: &state)
        await reloadConfiguration(&state, emit: emit)
        await handleRequests(&state, emit: emit)
        await rereadChanged(plugins: Array(state.pluginStamps.keys), in: &state, emit: emit)
    }

    /// Compares the stores of `appGroups` with those last seen: one whose folder or database file is
    /// not the one opened (deleted, or replaced by a backup) has the connections open on the old
    /// file closed at once, and is looked at again once its folder is quiet
    /// (``settleStores(_:emit:)``).
    private func noteStoreChanges(_ appGroups: Set<String>, in state: inout HostState) {
        let now = clock.now()
        var armed = false
        for appGroup in appGroups {
            guard let directory = storeDirectory(appGroup) else { continue }
            guard let known = state.stores[appGroup] else {
                // An App Group an edit brought: its store as it is now is the one it shows.
                state.stores[appGroup] = StoreIdentity(directory: directory)
                continue
            }
            let settling = state.settlingStores[appGroup] != nil
            guard settling || StoreIdentity(directory: directory) != known else { continue }
            if !settling { session.containers.discard(appGroup: appGroup) }
            let quiet = now.addingTimeInterval(Self.storeSettleDelay)
            state.settlingStores[appGroup] = .some(state.storesBeingWritten.contains(appGroup) ? nil : quiet)
            armed = true
        }
        // A folder come back is watched before it is looked at: what is copied into it after is
        // an event. (An intent of another process, changing no identity, costs no more than this.)
        if armed { watchFiles(&state) }
    }

    /// Looks at each store that changed and has been quiet since: one deleted is reported `missing`,
    /// and its widgets fail with `store.missing` as in `run`; one back, or replaced by another (a
    /// backup restored, a database renamed into place), is reported `restored`, and its widgets
    /// evaluated from it. Either way nothing is read from the old file any more.
    private func settleStores(_ state: inout HostState, emit: @Sendable (WatchEvent) -> Void) async {
        let now = clock.now()
        let due = state.settlingStores.compactMap { appGroup, date in
            date.flatMap { $0 <= now ? appGroup : nil }
        }
        for appGroup in due.sorted() {
            guard let directory = storeDirectory(appGroup) else {
                state.settlingStores[appGroup] = nil
                continue
            }
            let identity = StoreIdentity(directory: directory)
            guard identity.presence != .partial, !state.storesBeingWritten.contains(appGroup) else {
                // Being copied in: looked at again once its writer closes it.
                state.settlingStores[appGroup] = .some(nil)
                continue
            }
            state.settlingStores[appGroup] = nil
            state.stores[appGroup] = identity
            session.containers.discard(appGroup: appGroup)
            // Still missing since it was reported: its widgets show that already, but those an edit
            // brought meanwhile.
            let reported = identity.presence == .missing && state.missingStores[appGroup] != nil
            if identity.presence == .missing, !reported {
                let message =
                    session.missingStore(forAppGroup: appGroup)?.message
                    ?? "no store for the app group '\(appGroup)' at '\(directory)': it was deleted"
                state.missingStores[appGroup] = message
                emit(.store(appGroup: appGroup, state: .missing, path: directory, message: message))
            } else if identity.presence != .missing {
                state.missingStores[appGroup] = nil
                emit(.store(appGroup: appGroup, state: .restored, path: directory, message: nil))
            }
            // Each widget of the App Group, as last configured (an edit may have come meanwhile);
            // one its plugin's change invalidated waits for the configuration to load again.
            let instances = state.order.compactMap { id -> WidgetInstance? in
                if let waiting = state.awaitingStore[id] { return waiting }
                guard !reported, let hosted = state.widgets[id], !hosted.invalidated else { return nil }
                return hosted.instance
            }
            .filter { $0.appGroup == appGroup }
            state.awaitingStore = state.awaitingStore.filter { $0.value.appGroup != appGroup }
            await evaluate(instances, reason: .store, into: &state, emit: emit)
        }
    }

    /// The plugin in `folder`'s manifest and executable, now.
    private func pluginStamp(_ folder: String) -> PluginStamp {
        let plugin = session.plugins.plugins.first { $0.folder == folder }
        return PluginStamp(
            manifestPath: (folder as NSString).appendingPathComponent(PluginManifest.fileName),
            executable: plugin?.manifest?.executable,
            trustRecord: plugin?.origin.needsTrust == true ? session.plugins.trust.path : nil)
    }

    /// Whether the file at `path`, just created, is reported again once its writer closes it: a
    /// regular file of one link is (made by `open`, it is empty until written), a link made by
    /// `ln` or `ln -s` is whole as it is made. A name already gone has its removal reported.
    private static func awaitsClose(_ path: String) -> Bool {
        var status = stat()
        guard FileSystemName.withCString(path, { lstat($0, &status) }) == 0 else { return true }
        return status.st_mode & S_IFMT == S_IFREG && status.st_nlink == 1
    }

    private func isConfigName(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    /// Re-evaluates the widgets whose kind was asked to reload since each was last evaluated.
    private func handleRequests(_ state: inout HostState, emit: @Sendable (WatchEvent) -> Void) async {
        // A store deleted or settling is not opened: it is read once it has settled.
        var results = state.order.compactMap { state.widgets[$0]?.result }.filter {
            state.missingStores[$0.instance.appGroup] == nil
                && state.settlingStores[$0.instance.appGroup] == nil
        }
        _ = ReloadTracking.update(&results, containers: session.containers)
        let requested = results.filter(\.reloadRequested).map(\.instance.id)
        await reload(requested, reason: .request, in: &state, emit: emit)
    }

    /// Loads the configuration again: an invalid edit is reported and changes nothing; a valid one
    /// re-evaluates the widgets that changed or are new, and drops the removed ones. After a
    /// plugin's change, its widgets are evaluated again when the configuration loads, and when it
    /// does not, those it no longer loads fail with why (the others keep running).
    private func reloadConfiguration(
        _ state: inout HostState, after change: PluginChange? = nil, emit: @Sendable (WatchEvent) -> Void
    ) async {
        let loaded = await session.load(options.paths)
        let files = Set(loaded.files.map(Self.absolute))
        let includes = Set(loaded.includePatterns.map(IncludeWatch.init))
        guard !loaded.hasErrors else {
            state.diagnosticsShown = true
            emit(.diagnostics(loaded.diagnostics))
            // The files of the edit are watched too: the one it needs may come to exist.
            state.files.formUnion(files)
            state.includes.formUnion(includes)
            if let change { await settle(change, loaded: loaded, in: &state, emit: emit) }
            watchFiles(&state)
            observePluginExits(state)
            return
        }
        // An accepted edit's warnings (a plugin's change's among them), and none after a rejected
        // edit or one with warnings, so that what shows them can clear them.
        if state.diagnosticsShown || !loaded.diagnostics.isEmpty {
            state.diagnosticsShown = !loaded.diagnostics.isEmpty
            emit(.diagnostics(loaded.diagnostics))
        }
        let instances =
            options.widgetIDs.isEmpty
            ? loaded.instances : loaded.instances.filter { options.widgetIDs.contains($0.id) }
        let ids = Set(instances.map(\.id))
        let previous = state.order
        for id in previous where !ids.contains(id) {
            state.widgets[id] = nil
            emit(.removed(id: id))
        }
        let restarted = change?.ids ?? []
        var changed: [WidgetInstance] = []
        var replugged: [WidgetInstance] = []
        for instance in instances {
            guard let hosted = state.widgets[instance.id],
                Self.isSame(hosted.instance, instance), !hosted.invalidated || restarted.contains(instance.id)
            else {
                changed.append(instance)
                continue
            }
            if restarted.contains(instance.id) { replugged.append(instance) }
        }
        state.order = instances.map(\.id)
        state.files = files
        state.includes = includes
        await evaluate(changed, reason: .config, into: &state, emit: emit)
        await evaluate(replugged, reason: .plugin, into: &state, emit: emit)
        // What a reader of the events has now: the widgets it had less the removed ones, then the
        // new ones; when that is not the configuration's order, it is told the order.
        let known = Set(previous)
        if previous.filter(ids.contains) + state.order.filter({ !known.contains($0) }) != state.order {
            emit(.order(state.order))
        }
        watchFiles(&state)
        observePluginExits(state)
    }

    /// Whether `a` and `b` are one widget configured alike.
    private static func isSame(_ a: WidgetInstance, _ b: WidgetInstance) -> Bool {
        a.kind == b.kind && a.family == b.family && a.configuration == b.configuration
            && a.appGroup == b.appGroup
    }

    // MARK: - Plugins

    /// The manifest or the executable of the plugin in `folder` changed (`stamp`, taken before it
    /// is read): the plugin is read again and restarted, and the configuration loaded again under
    /// it (its kinds, its parameters).
    private func reread(
        plugin folder: String, stamp: PluginStamp, in state: inout HostState,
        emit: @Sendable (WatchEvent) -> Void
    ) async {
        let before = session.plugins.plugins.first { $0.folder == folder }
        let name = before?.manifest?.name ?? (folder as NSString).lastPathComponent
        emit(.plugin(name: name, state: .restarting, message: nil))
        let (previous, current) = await session.plugins.reread(folder: folder)
        // The executable the manifest names now, before it starts: a later change is a change.
        state.pluginStamps[folder] = stamp.replacingExecutable(current?.executable)
        if let previous { state.pluginRetries[previous.name] = nil }
        let kinds = Set(current?.kinds ?? [])
        let ids = state.order.filter { id in
            guard let hosted = state.widgets[id] else { return false }
            return hosted.plugin == folder || kinds.contains(hosted.instance.kind)
        }
        let change = PluginChange(folder: folder, name: current?.name ?? name, ids: Set(ids))
        await reloadConfiguration(&state, after: change, emit: emit)
    }

    /// After `change`, the configuration did not load: each of the plugin's widgets the load still
    /// accepts, configured alike, is evaluated again; each other one fails with the problems of the
    /// plugin's manifest and of its own entry, and waits for a load that accepts it.
    private func settle(
        _ change: PluginChange, loaded: LoadedConfiguration, in state: inout HostState,
        emit: @Sendable (WatchEvent) -> Void
    ) async {
        let accepted = Dictionary(
            loaded.instances.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var again: [WidgetInstance] = []
        for id in state.order where change.ids.contains(id) {
            guard var hosted = state.widgets[id] else { continue }
            if let instance = accepted[id], Self.isSame(hosted.instance, instance) {
                again.append(instance)
                continue
            }
            hosted.result.outcome = .failure(
                failure(of: hosted.instance, after: change, diagnostics: loaded.diagnostics, in: state))
            hosted.invalidated = true
            hosted.plugin = change.folder
            state.widgets[id] = hosted
            emit(.widget(.plugin, hosted.result))
        }
        await evaluate(again, reason: .plugin, into: &state, emit: emit)
    }

    /// Why `instance` cannot run after `change`: the problems of the plugin's manifest, and those at
    /// the widget's own entry (from its line to the next hosted widget's in its file); every error
    /// when neither has any.
    private func failure(
        of instance: WidgetInstance, after change: PluginChange, diagnostics: [Diagnostic],
        in state: HostState
    ) -> WidgetFailure {
        let line = instance.location.line
        let next =
            state.widgets.values.map(\.instance).filter {
                $0.file == instance.file && $0.location.line > line
            }
            .map(\.location.line).min() ?? Int.max
        var relevant = diagnostics.filter { diagnostic in
            diagnostic.file == change.manifestPath
                || (diagnostic.file == instance.file
                    && (diagnostic.location.map { $0.line >= line && $0.line < next } ?? false))
        }
        if relevant.isEmpty { relevant = diagnostics.filter { $0.severity == .error } }
        let code = (relevant.first { $0.severity == .error } ?? relevant.first)?.code ?? .pluginUnavailable
        let problems = relevant.map { $0.description.split(separator: "\n").first.map(String.init) ?? "" }
        return WidgetFailure(
            code: code,
            message:
                "its plugin '\(change.name)' (\(change.folder)) changed, and the widget no longer loads: "
                + problems.joined(separator: "; "))
    }

    /// Notes whether `result`'s plugin answered: a failed plugin is retried after its backoff.
    private func notePluginOutcome(
        of result: WidgetResult, in state: inout HostState, emit: @Sendable (WatchEvent) -> Void
    ) {
        guard
            let connection = session.pluginConnection(forKind: result.instance.kind)
        else { return }
        let name = connection.manifest.name
        guard case .failure(let failure) = result.outcome, failure.code.rawValue.hasPrefix("plugin.") else {
            if state.pluginRetries.removeValue(forKey: name) != nil {
                emit(.plugin(name: name, state: .running, message: nil))
            }
            return
        }
        guard !connection.isRunning else { return }
        let failures = (state.pluginRetries[name]?.failures ?? 0) + 1
        let wait = Self.backoff(afterFailures: failures)
        // One failure a try: the other widgets of the plugin fail with it.
        if state.pluginRetries[name].map({ $0.at > clock.now() }) != true {
            state.pluginRetries[name] = (failures, clock.now().addingTimeInterval(wait))
            emit(.plugin(name: name, state: .failed, message: failure.message))
        }
    }

    /// Asks every plugin the hosted widgets use to say when it exits on its own.
    private func observePluginExits(_ state: HostState) {
        for hosted in state.widgets.values {
            guard
                let connection = session.pluginConnection(forKind: hosted.instance.kind)
            else { continue }
            connection.observeExits { [events] failure in events.pluginExited(failure) }
        }
    }

    /// A plugin exited on its own: its widgets show the error until it is back, after its backoff.
    /// An exit during a request was already counted, and shown, as that request's failure
    /// (``notePluginOutcome(of:in:emit:)``): it is one failure, not two.
    private func pluginExited(
        _ failure: PluginFailure, in state: inout HostState, emit: @Sendable (WatchEvent) -> Void
    ) {
        let name = failure.plugin
        if let retry = state.pluginRetries[name], retry.at > clock.now() { return }
        for id in state.order {
            guard var hosted = state.widgets[id],
                session.pluginConnection(forKind: hosted.instance.kind)?.manifest
                    .name == name
            else { continue }
            hosted.result.outcome = .failure(failure.widgetFailure)
            state.widgets[id] = hosted
            emit(.widget(.plugin, hosted.result))
        }
        let failures = (state.pluginRetries[name]?.failures ?? 0) + 1
        state.pluginRetries[name] = (
            failures, clock.now().addingTimeInterval(Self.backoff(afterFailures: failures))
        )
        emit(.plugin(name: name, state: .failed, message: failure.description))
    }

    /// Restarts plugin `name` and re-evaluates its widgets.
    private func restart(plugin name: String, in state: inout HostState, emit: @Sendable (WatchEvent) -> Void)
        async
    {
        let ids = state.order.filter { id in
            guard let kind = state.widgets[id]?.instance.kind else { return false }
            return session.pluginConnection(forKind: kind)?.manifest.name == name
        }
        guard let first = ids.first, let kind = state.widgets[first]?.instance.kind,
            let connection = session.pluginConnection(forKind: kind)
        else {
            state.pluginRetries[name] = nil
            return
        }
        emit(.plugin(name: name, state: .restarting, message: nil))
        // Due now: a failure below schedules the next try after a longer backoff.
        if let retry = state.pluginRetries[name] {
            state.pluginRetries[name] = (retry.failures, .distantPast)
        }
        await OffPool.run { connection.close() }
        connection.allowRestart()
        await reload(ids, reason: .plugin, in: &state, emit: emit)
        if state.pluginRetries[name]?.at == .distantPast { state.pluginRetries[name] = nil }
    }

    // MARK: - Timing

    private func scheduleNext(_ state: HostState) {
        var next: Date?
        for hosted in state.widgets.values {
            guard case .success(let evaluation) = hosted.result.outcome,
                let date = LiveSchedule.nextDate(of: evaluation, evaluatedAt: hosted.evaluatedAt)
            else { continue }
            next = min(next ?? date, date)
        }
        for retry in state.pluginRetries.values {
            next = min(next ?? retry.at, retry.at)
        }
        for case .some(let date) in state.settlingStores.values {
            next = min(next ?? date, date)
        }
        events.wake(at: next)
    }
}
