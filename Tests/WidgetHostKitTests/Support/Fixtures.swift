import Foundation
import Synchronization
@_spi(WidgetHost) import WidgetHostKit

/// Fixed values the SDK's tests share: a clock, a container that never touches the disk, contexts
/// and requests.
enum Fixtures {
    /// 2026-11-29T12:00:00Z, the host's clock in every test.
    static let now = Date(timeIntervalSince1970: 1_795_953_600)

    /// A container whose directory is never read: the SDK itself does no I/O.
    static func container(reloads: any ReloadRecorder = DiscardingReloadRecorder()) -> SharedContainer {
        SharedContainer(url: URL(fileURLWithPath: "/nonexistent/widgethost-sdk-tests"), reloads: reloads)
    }

    /// An intent's environment at ``now``, over a container recording reloads into `reloads`.
    static func environment(reloads: any ReloadRecorder) -> IntentEnvironment {
        IntentEnvironment(container: container(reloads: reloads), date: now)
    }

    /// A provider context for `family` at ``now``.
    static func context(
        _ family: WidgetFamily = .systemSmall,
        isPreview: Bool = false,
        container: SharedContainer = Fixtures.container()
    ) -> TimelineProviderContext {
        TimelineProviderContext(family: family, isPreview: isPreview, date: now, container: container)
    }

    /// A request for `mode` in `family`, with `configuration`.
    static func request(
        _ mode: WidgetRequest.Mode,
        family: WidgetFamily = .systemSmall,
        isPreview: Bool = false,
        configuration: [String: JSONValue] = [:]
    ) -> WidgetRequest {
        WidgetRequest(
            mode: mode, configuration: configuration, context: context(family, isPreview: isPreview))
    }

    /// A rendered timeline of one entry at ``now`` holding `data` and drawing `view`, never reloaded.
    static func singleEntry(data: JSONValue, view: ViewNode) -> RenderedTimeline {
        RenderedTimeline(entries: [RenderedEntry(date: now, data: data, view: view)], policy: .never)
    }
}

/// A reload recorder that keeps every request, in order, for assertions.
final class RecordingReloadRecorder: ReloadRecorder {
    private let recorded = Mutex<[String?]>([])

    /// The kinds requested so far; `nil` for "every kind".
    var kinds: [String?] { recorded.withLock { $0 } }

    func requestReload(ofKind kind: String?) throws {
        recorded.withLock { $0.append(kind) }
    }
}

/// A reload recorder whose store is unavailable: it keeps what it was asked, and refuses it.
final class FailingReloadRecorder: ReloadRecorder {
    struct Unavailable: Error {}

    /// The kinds asked for so far, every one refused.
    let attempts = RecordingReloadRecorder()

    func requestReload(ofKind kind: String?) throws {
        try attempts.requestReload(ofKind: kind)
        throw Unavailable()
    }
}
