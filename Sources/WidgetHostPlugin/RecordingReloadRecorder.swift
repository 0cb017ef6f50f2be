import Synchronization
import WidgetHostKit

/// Keeps the kinds an intent asks to reload, for the `perform` reply.
final class RecordingReloadRecorder: ReloadRecorder {
    private let recorded = Mutex<[String?]>([])

    /// The kinds asked for, in order; `nil` for every kind.
    var kinds: [String?] { recorded.withLock { $0 } }

    func requestReload(ofKind kind: String?) throws {
        recorded.withLock { $0.append(kind) }
    }
}
