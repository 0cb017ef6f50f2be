import Diagnostics
import Foundation
public import PluginProtocol
import Subprocess
import Synchronization
public import WidgetHostKit

/// One plugin for the length of a run: started lazily, handshaken once, reused for every request,
/// restarted at most once when it dies.
public final class PluginConnection: Sendable {
    /// How many times a plugin may be started in one run: once, and once more after it died.
    public static let maximumStarts = 2

    /// The plugin's manifest.
    public let manifest: PluginManifest
    /// The version widgethost reports in `initialize`.
    let hostVersion: String
    /// Where its stderr and messages are shown, when asked.
    let log: PluginLog?
    /// The clock it reads, when the host's is not the wall clock (`--at`).
    let clock: PluginClock?

    private typealias Running = (process: PluginProcess, handshake: InitializeResult)

    private struct State {
        var process: PluginProcess?
        var starts = 0
        var handshake: InitializeResult?
        var lastFailure: PluginFailure?
        /// The start in progress, which every request arriving meanwhile awaits: two requests never
        /// start two processes, and no thread is blocked while a plugin starts.
        var starting: Task<Result<Running, PluginFailure>, Never>?
    }

    private let state = Mutex(State())
    /// The view warnings not yet reported, and every one seen (each is reported once a run).
    private let viewWarnings = Mutex<(seen: Set<String>, pending: [String])>(([], []))
    private let exitObserver = Mutex<(@Sendable (PluginFailure) -> Void)?>(nil)

    /// Tells `observer` whenever the plugin exits on its own from now on (a live host restarts it).
    public func observeExits(_ observer: @escaping @Sendable (PluginFailure) -> Void) {
        exitObserver.withLock { $0 = observer }
    }

    /// Creates a connection; nothing starts until the first request.
    public init(
        manifest: PluginManifest, hostVersion: String, log: PluginLog? = nil, clock: PluginClock? = nil
    ) {
        self.manifest = manifest
        self.hostVersion = hostVersion
        self.log = log
        self.clock = clock
    }

    /// The handshake, starting the plugin when it is not running (at most the `initialize`
    /// timeout, twice with the restart).
    public func handshake() async -> Result<InitializeResult, PluginFailure> {
        await ensureRunning().map { $0.handshake }
    }

    /// The handshake when one succeeded, without starting anything.
    public var knownHandshake: InitializeResult? { state.withLock { $0.handshake } }

    /// Sends `request` to the plugin, starting (or restarting, once) it first.
    public func request(_ request: PluginRequest) async -> Result<JSONValue, PluginFailure> {
        switch await ensureRunning() {
        case .failure(let failure): return .failure(failure)
        case .success(let running): return await running.process.request(request)
        }
    }

    /// Lets the plugin be started again (twice, as at the start of a run): a live host calls it at
    /// the end of a backoff, or when the plugin's folder changed.
    public func allowRestart() {
        state.withLock { state in
            state.starts = 0
            if state.process?.hasFailed ?? true { state.process = nil }
        }
    }

    /// Whether the plugin's handshake declares the intent `type`.
    public func declares(intent type: String) -> Bool {
        knownHandshake?.intents.contains { $0.type == type } ?? false
    }

    /// Why a control drawn by `plugin` cannot run `intent`, and the fix.
    public static func undeclaredIntent(_ intent: String, plugin: String) -> String {
        "a control runs the intent '\(intent)', which the plugin '\(plugin)' does not declare, so tapping "
            + "it fails; declare it in the plugin's initialize reply ('intents') and its manifest "
            + "('intents: [\(intent)]'; a Swift bundle lists \(intent).self in its `intents`)"
    }

    /// Records the warnings a view of the widget `kind` got (``ViewVocabulary``), each once.
    func noteViewWarnings(_ warnings: [String], kind: String) {
        guard !warnings.isEmpty else { return }
        viewWarnings.withLock { state in
            for warning in warnings {
                let message = "plugin '\(manifest.name)', widget '\(kind)': \(warning)"
                if state.seen.insert(message).inserted { state.pending.append(message) }
            }
        }
    }

    /// The view warnings recorded since the last call.
    func takeViewWarnings() -> [String] {
        viewWarnings.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// Whether the plugin's process is running and answering.
    public var isRunning: Bool {
        state.withLock { state in state.process.map { !$0.hasFailed } ?? false }
    }

    /// Ends the plugin: closes its stdin, waits for it, kills its group, reaps it.
    public func close() {
        let process = state.withLock { state -> PluginProcess? in
            let process = state.process
            state.process = nil
            state.starts = Self.maximumStarts
            return process
        }
        process?.close()
    }

    /// The running process and its handshake, starting the plugin (or joining the start in
    /// progress) when it is not running.
    private func ensureRunning() async -> Result<Running, PluginFailure> {
        let task = state.withLock { state -> Task<Result<Running, PluginFailure>, Never> in
            if let starting = state.starting { return starting }
            let task = Task { await self.startIfNeeded() }
            state.starting = task
            return task
        }
        let result = await task.value
        state.withLock { state in
            if state.starting == task { state.starting = nil }
        }
        return result
    }

    private func startIfNeeded() async -> Result<Running, PluginFailure> {
        while true {
            let current = state.withLock { state -> (PluginProcess, InitializeResult)? in
                guard let process = state.process, !process.hasFailed, let handshake = state.handshake else {
                    return nil
                }
                return (process, handshake)
            }
            if let current { return .success(current) }
            let (starts, lastFailure) = state.withLock { state in
                // What ended the last process is what a request refused now is told.
                if let ended = state.process?.endedBecause { state.lastFailure = ended }
                return (state.starts, state.lastFailure)
            }
            guard starts < Self.maximumStarts else {
                let failure =
                    lastFailure
                    ?? PluginFailure(
                        code: .pluginNotRunning, plugin: manifest.name, what: "is not running")
                var refused = failure
                refused.what += starts == Self.maximumStarts ? " (after one restart)" : ""
                return .failure(refused)
            }
            state.withLock { $0.starts += 1 }
            switch await start() {
            case .success(let started):
                state.withLock {
                    $0.process = started.0
                    $0.handshake = started.1
                }
                return .success(started)
            case .failure(let failure):
                // A handshake that is wrong is wrong again on a restart, as is a missing libfaketime:
                // no second start.
                let final =
                    failure.code == .pluginInvalidHandshake || failure.code == .pluginManifestMismatch
                    || failure.code == .pluginClockUnavailable
                state.withLock {
                    $0.lastFailure = failure
                    $0.process = nil
                    if final { $0.starts = Self.maximumStarts + 1 }
                }
                if final { return .failure(failure) }
            }
        }
    }

    private func start() async -> Result<Running, PluginFailure> {
        let process: PluginProcess
        do throws(PluginFailure) {
            // The observer is read when the plugin exits: a live host may ask after the start.
            process = try PluginProcess.start(manifest, log: log, clock: clock) { [weak self] failure in
                self?.exitObserver.withLock { $0 }?(failure)
            }
        } catch {
            return .failure(error)
        }
        let initialize = InitializeParams(host: PeerIdentity(name: "widgethost", version: hostVersion))
        switch await process.request(.initialize(initialize)) {
        case .failure(let failure):
            await OffPool.run { process.stop(failure) }
            return .failure(failure)
        case .success(let result):
            let problems = HandshakeCheck.problems(in: result)
            if !problems.isEmpty {
                var invalid = process.failure(
                    code: .pluginInvalidHandshake,
                    what:
                        "answered 'initialize' wrongly (\(problems.count) problem\(problems.count == 1 ? "" : "s"))"
                )
                invalid.details = problems
                let failure = invalid
                await OffPool.run { process.stop(failure) }
                return .failure(failure)
            }
            do throws(ProtocolValueError) {
                let handshake = try InitializeResult(json: result)
                if let mismatch = manifest.mismatch(with: handshake) {
                    let failure = process.failure(
                        code: .pluginManifestMismatch, what: "does not match its manifest: \(mismatch)")
                    process.stop(failure)
                    return .failure(failure)
                }
                return .success((process, handshake))
            } catch {
                let failure = process.failure(
                    code: .pluginInvalidHandshake,
                    what: "answered 'initialize' wrongly: \(error.description)")
                await OffPool.run { process.stop(failure) }
                return .failure(failure)
            }
        }
    }
}
