import AppGroup
import Foundation
import Synchronization
import TaskStore
import TestSupport
@_spi(WidgetHost) import WidgetHostKit

/// A fresh App Group container in its own temporary directory, removed when the last reference
/// goes, so every test runs on its own store, in parallel with the others.
final class TemporaryContainer: Sendable {
    /// The container directory.
    let url: URL
    /// What removes the directory when the container goes.
    private let directory: TemporaryDirectory
    /// The container providers and intents are given.
    let container: SharedContainer
    /// The reload requests `WidgetCenter` recorded into the container.
    let reloads = RecordingReloadRecorder()

    /// Creates an empty container, optionally holding `tasks` and a focus mode.
    init(tasks: [StoredTask] = [], focus: Bool? = nil) throws {
        directory = try TemporaryDirectory()
        url = directory.url
        container = SharedContainer(url: url, reloads: reloads)
        if !tasks.isEmpty || focus != nil {
            try store().importTasks(tasks, focus: focus)
        }
    }

    /// The container's store: the connection the widgets and intents use too.
    func store() throws -> AppGroupStore {
        try container.attachment(AppGroupStore.self) { try AppGroupStore(directory: url) }
    }

    /// A provider context for `family` at `date`.
    func context(
        _ family: WidgetFamily = .systemMedium,
        at date: Date = Fixtures.now,
        isPreview: Bool = false
    ) -> TimelineProviderContext {
        TimelineProviderContext(family: family, isPreview: isPreview, date: date, container: container)
    }

    /// What `configuration` draws in this container.
    func render(
        _ configuration: some WidgetConfiguration,
        mode: WidgetRequest.Mode = .timeline,
        family: WidgetFamily = .systemMedium,
        configuration values: [String: JSONValue] = [:],
        at date: Date = Fixtures.now
    ) async throws -> RenderedTimeline {
        try await configuration.render(
            WidgetRequest(mode: mode, configuration: values, context: context(family, at: date))
        )
    }

    /// Runs `intent` as the host does: with this container and `date` as its environment.
    func perform<Intent: AppIntent>(_ intent: Intent, at date: Date = Fixtures.now) async throws
        -> Intent.PerformResult
    {
        try await IntentEnvironment.$current.withValue(IntentEnvironment(container: container, date: date)) {
            try await intent.perform()
        }
    }
}

/// Keeps every reload request, in order (`nil` for "every kind").
final class RecordingReloadRecorder: ReloadRecorder {
    private let requests = Mutex<[String?]>([])

    /// The kinds asked for so far.
    var kinds: [String?] { requests.withLock { $0 } }

    func requestReload(ofKind kind: String?) throws {
        requests.withLock { $0.append(kind) }
    }
}
