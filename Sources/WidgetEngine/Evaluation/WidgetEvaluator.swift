import AppGroup
import Diagnostics
public import Foundation
import JSON
@_spi(WidgetHost) public import WidgetHostKit

/// How `run` evaluates widgets.
public struct RunOptions: Sendable {
    /// The host's clock: providers see it as now; the current entry is the latest at or before it.
    public var date: Date
    /// Snapshots (the gallery's preview) instead of timelines.
    public var preview: Bool
    /// Placeholders (what a widget shows while its content loads) instead of timelines.
    public var placeholder: Bool
    /// A family to draw every widget in, instead of each one's configured family.
    public var family: WidgetFamily?

    /// Creates options.
    public init(date: Date, preview: Bool = false, placeholder: Bool = false, family: WidgetFamily? = nil) {
        self.date = date
        self.preview = preview
        self.placeholder = placeholder
        self.family = family
    }
}

/// What one widget instance showed, or why it failed.
public struct WidgetResult: Sendable {
    /// The instance.
    public var instance: WidgetInstance
    /// The family it was drawn in.
    public var family: WidgetFamily
    /// The evaluation, or the failure.
    public var outcome: Result<WidgetEvaluation, WidgetFailure>
    /// Whether a reload of the widget's kind was requested (`WidgetCenter`) since the widget was
    /// last evaluated; see ``ReloadTracking``.
    public var reloadRequested = false

    /// Creates a result.
    public init(
        instance: WidgetInstance, family: WidgetFamily, outcome: Result<WidgetEvaluation, WidgetFailure>
    ) {
        self.instance = instance
        self.family = family
        self.outcome = outcome
    }
}

/// A widget's drawn timeline and the entry current at the run's date.
public struct WidgetEvaluation: Sendable {
    /// Every entry and the reload policy.
    public var timeline: RenderedTimeline
    /// The entry current at the run's date.
    public var current: RenderedEntry
    /// When the widget reloads next, if it does: `.after` gives its date, `.atEnd` the last entry's.
    public var nextReload: Date?

    /// Creates an evaluation.
    public init(timeline: RenderedTimeline, current: RenderedEntry, nextReload: Date?) {
        self.timeline = timeline
        self.current = current
        self.nextReload = nextReload
    }
}

/// Evaluates widget instances: asks each provider for its timeline (or snapshot), draws the
/// entries, and picks the one current at the run's date.
public struct WidgetEvaluator: Sendable {
    /// The widgets known.
    public var registry: WidgetRegistry
    /// The containers of the run, one per App Group.
    public var containers: ContainerSet

    /// Creates an evaluator.
    public init(registry: WidgetRegistry, containers: ContainerSet) {
        self.registry = registry
        self.containers = containers
    }

    /// Evaluates every instance, several at once (see ``evaluate(_:options:width:deliver:)``), and
    /// returns the results in order.
    public func evaluate(_ instances: [WidgetInstance], options: RunOptions) async -> [WidgetResult] {
        var results: [WidgetResult] = []
        results.reserveCapacity(instances.count)
        await evaluate(instances, options: options) { result, _ in results.append(result) }
        return results
    }

    /// Evaluates one instance.
    public func evaluate(_ instance: WidgetInstance, options: RunOptions) async -> WidgetResult {
        let family = options.family ?? instance.family
        return WidgetResult(
            instance: instance, family: family,
            outcome: await outcome(of: instance, family: family, options: options))
    }

    /// What `instance` shows in `family`, or why it failed.
    private func outcome(of instance: WidgetInstance, family: WidgetFamily, options: RunOptions) async
        -> Result<WidgetEvaluation, WidgetFailure>
    {
        guard let widget = registry.widget(kind: instance.kind) else {
            return .failure(
                WidgetFailure(code: .widgetUnknownKind, message: "unknown widget kind '\(instance.kind)'"))
        }
        let container: SharedContainer
        do throws(WidgetFailure) {
            container = try containers.container(forAppGroup: instance.appGroup)
        } catch {
            return .failure(error)
        }
        let context = TimelineProviderContext(
            family: family,
            isPreview: options.preview,
            date: options.date,
            container: container
        )
        let request = WidgetRequest(
            mode: options.placeholder ? .placeholder : options.preview ? .snapshot : .timeline,
            configuration: instance.configuration,
            context: context
        )
        do {
            return Self.evaluation(of: try await widget.render(request), at: options.date)
        } catch let error as AppGroupError {
            return .failure(WidgetFailure(code: error.code, message: "\(error)"))
        } catch let error as WidgetFailure {
            // A plugin widget's failure already names the plugin and what happened.
            return .failure(error)
        } catch {
            return .failure(
                WidgetFailure(
                    code: .widgetProviderFailed, message: "the provider failed: \(error)", error: error))
        }
    }

    /// Why `moment` (`what` in the message) cannot be written, when it falls outside the
    /// four-digit years of RFC 3339; `nil` when it can.
    static func dateOutOfRange(_ moment: Date, _ what: String, at date: Date) -> WidgetFailure? {
        let seconds = moment.timeIntervalSince1970
        guard !ISO8601.writableRange.contains(seconds) else { return nil }
        return WidgetFailure(
            code: .widgetDateOutOfRange,
            message: "\(what) is "
                + (seconds > 0 ? "after 9999-12-31T23:59:59Z" : "before 0000-01-01T00:00:00Z")
                + ", outside the four-digit years RFC 3339 dates can hold (the timeline was computed for "
                + "\(ISO8601.string(from: date)))")
    }

    /// The entry current at `date` (the latest dated at or before it; the first when all are later)
    /// and the next reload.
    package static func evaluation(of timeline: RenderedTimeline, at date: Date) -> Result<
        WidgetEvaluation, WidgetFailure
    > {
        // Most timelines come in date order (one entry, often): sorted only when they are not.
        let inOrder = zip(timeline.entries, timeline.entries.dropFirst()).allSatisfy { $0.date <= $1.date }
        let entries = inOrder ? timeline.entries : timeline.entries.sorted { $0.date < $1.date }
        guard let first = entries.first else {
            return .failure(
                WidgetFailure(
                    code: .widgetNoEntries, message: "the provider gave a timeline without entries"))
        }
        let current = entries.last { $0.date <= date } ?? first
        let nextReload: Date?
        switch timeline.policy {
        case .never: nextReload = nil
        case .after(let reload): nextReload = reload
        case .atEnd: nextReload = entries.last?.date
        }
        // The entries are sorted, so the first and the last bound them all.
        let last = entries[entries.count - 1]
        if let failure = dateOutOfRange(first.date, "an entry's date", at: date)
            ?? dateOutOfRange(last.date, "an entry's date", at: date)
            ?? nextReload.flatMap({ dateOutOfRange($0, "the reload date", at: date) })
        {
            return .failure(failure)
        }
        return .success(
            WidgetEvaluation(
                timeline: RenderedTimeline(entries: entries, policy: timeline.policy),
                current: current,
                nextReload: nextReload
            )
        )
    }
}
