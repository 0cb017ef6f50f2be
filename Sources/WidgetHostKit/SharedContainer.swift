public import Foundation
import Synchronization

/// The App Group container a widget, its intents and its app share: a directory every process can
/// reach, and a place to keep what is expensive to open (a database connection) for the length of a
/// run.
///
/// The host creates one per container directory per run and passes it to every provider and intent;
/// nothing is global, so tests run side by side on temporary containers.
public final class SharedContainer: Sendable {
    /// The container directory.
    public let url: URL
    /// Who records `WidgetCenter` reload requests for this container.
    public let reloads: any ReloadRecorder
    /// The App Group's identifier (`group.com.example.app`), when known: what
    /// `UserDefaults(suiteName:)` names to reach the container's shared defaults.
    public let appGroup: String?
    private let attachments = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// Creates a container at `url`, of the App Group `appGroup` when known.
    public init(url: URL, reloads: any ReloadRecorder = DiscardingReloadRecorder(), appGroup: String? = nil) {
        self.url = url
        self.reloads = reloads
        self.appGroup = appGroup
    }

    /// The value of type `T` attached to this container, made by `make` on first use.
    ///
    /// Used to open a resource (the shared store) once per container and run.
    /// - Throws: what `make` throws; nothing is attached then, so the next call tries again.
    public func attachment<T: Sendable>(
        _ type: T.Type = T.self,
        make: () throws -> T
    ) throws -> T {
        try attachments.withLock { attachments in
            if let existing = attachments[ObjectIdentifier(type)] as? T { return existing }
            let made = try make()
            attachments[ObjectIdentifier(type)] = made
            return made
        }
    }
}

/// Records reload requests (`WidgetCenter.reloadTimelines(ofKind:)`) so other processes see them.
public protocol ReloadRecorder: Sendable {
    /// Records that the timelines of `kind` (or of every kind, for `nil`) should reload.
    func requestReload(ofKind kind: String?) throws
}

/// A recorder that keeps nothing, for contexts where no one listens.
public struct DiscardingReloadRecorder: ReloadRecorder {
    /// Creates the recorder.
    public init() {}

    /// Does nothing.
    public func requestReload(ofKind kind: String?) throws {}
}
