import Synchronization
import WidgetHostKit

/// Keeps the kinds an intent asks to reload, for the `perform` reply.
package final class RecordingReloadRecorder: ReloadRecorder {
    private let recorded = Mutex<[String?]>([])

    /// A recorder that has recorded nothing.
    package init() {}

    /// The kinds asked for, in order; `nil` for every kind.
    package var kinds: [String?] { recorded.withLock { $0 } }

    package func requestReload(ofKind kind: String?) throws {
        recorded.withLock { $0.append(kind) }
    }
}
