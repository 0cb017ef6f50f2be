import Diagnostics
public import Foundation
public import Snapshots
public import Testing
import WidgetEngine
@_spi(WidgetHost) public import WidgetHostKit

extension WidgetTestHost {
    /// The environment variable that makes every snapshot assertion record instead of compare
    /// (`WIDGETHOST_RECORD_SNAPSHOTS=1 swift test`): to accept every change at once.
    public static let recordEnvironmentVariable = "WIDGETHOST_RECORD_SNAPSHOTS"

    /// Asserts that `entry`, drawn by `widget`'s view in `family` and `colorScheme`, looks as
    /// recorded: its layout (`NAME.FAMILY.json`, as `widgethost run --format layout` writes it) and
    /// its picture (`NAME.FAMILY.png`, as `run --format png` draws it) in `folder`.
    ///
    /// The first run records them (the folder is made) and passes, as does a run with `record`
    /// or ``recordEnvironmentVariable`` set to `1`; a later run compares, and a difference is
    /// recorded as an issue of the running Swift Testing test saying which layout nodes changed
    /// and how (`layout/vstack/text[2]: text "3 tasks" -> "4 tasks"`), how many pixels changed and
    /// where, and where the failure's files are: the current layout and picture and the picture of
    /// the difference (recorded, current, and the changed pixels in red), in `folder/failures`.
    ///
    /// - Parameters:
    ///   - name: the snapshot's name; the widget's kind by default (name each snapshot when a
    ///     folder holds several of one widget in one family).
    ///   - folder: the recorded snapshots' folder; by default `__Snapshots__/FILE` beside the
    ///     test's source file (`FILE` without `.swift`).
    ///   - tolerance: how far (0 to 255) a pixel's channel may move and still count as the same.
    /// - Returns: the outcome (recorded, matches, failed, with its lines and files).
    @discardableResult
    public func assertSnapshot(
        of widget: some Widget, entry: some TimelineEntry, family: WidgetFamily? = nil,
        colorScheme: ColorScheme = .light, named name: String? = nil, in folder: URL? = nil,
        record: Bool = false, tolerance: Int = 0, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> SnapshotOutcome? {
        let drawn: RenderedEntry
        let kind: String
        let chosen: WidgetFamily
        do throws(WidgetTestingError) {
            let configuration = try Self.configuration(of: widget)
            kind = configuration.metadata.kind
            chosen = try Self.family(family, of: configuration)
            drawn = try self.entry(of: widget, entry, family: chosen)
        } catch {
            Issue.record(
                Comment(rawValue: "cannot draw the snapshot: \(error)"), sourceLocation: sourceLocation)
            return nil
        }
        let outcome = snapshot(
            drawn, kind: kind, family: chosen, colorScheme: colorScheme, named: name,
            in: folder ?? Self.defaultFolder(for: sourceLocation.filePath), record: record,
            tolerance: tolerance)
        if let message = Self.failureMessage(outcome) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        return outcome
    }

    /// Asserts that the entry `widget` shows at `date` (its timeline for `family` and
    /// `configuration`, asked at `date`) looks as recorded; see
    /// ``assertSnapshot(of:entry:family:colorScheme:named:in:record:tolerance:sourceLocation:)``.
    /// Deterministic only when the provider reads `context.date`, not `Date()`.
    @discardableResult
    public func assertSnapshot(
        of widget: some Widget, family: WidgetFamily? = nil, configuration: [String: JSONValue] = [:],
        at date: Date, colorScheme: ColorScheme = .light, named name: String? = nil, in folder: URL? = nil,
        record: Bool = false, tolerance: Int = 0, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async -> SnapshotOutcome? {
        let timeline: WidgetTimeline
        do throws(WidgetTestingError) {
            timeline = try await self.timeline(
                of: widget, family: family, configuration: configuration, at: date)
        } catch {
            Issue.record(
                Comment(rawValue: "cannot draw the snapshot: \(error)"), sourceLocation: sourceLocation)
            return nil
        }
        let outcome = snapshot(
            timeline.current, kind: timeline.kind, family: timeline.family, colorScheme: colorScheme,
            named: name, in: folder ?? Self.defaultFolder(for: sourceLocation.filePath), record: record,
            tolerance: tolerance)
        if let message = Self.failureMessage(outcome) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        return outcome
    }

    /// Records or verifies the snapshot of `entry` (for XCTest, or any caller that reports a
    /// failure its own way: ``failureMessage(_:)`` says what failed).
    ///
    /// - Parameters:
    ///   - kind: the widget's kind, the snapshot's default name.
    ///   - record: records even when a snapshot is recorded already (so does
    ///     ``recordEnvironmentVariable`` set to `1`); a missing snapshot is always recorded.
    public func snapshot(
        _ entry: RenderedEntry, kind: String, family: WidgetFamily, colorScheme: ColorScheme = .light,
        named name: String? = nil, in folder: URL, record: Bool = false, tolerance: Int = 0
    ) -> SnapshotOutcome {
        let id = name ?? kind
        let base = SnapshotFolder.baseName(id: id, family: family, colorScheme: colorScheme)
        let failures = folder.appendingPathComponent("failures")
        // A failure's files of an earlier run are of a snapshot that has changed since.
        for suffix in [".json", ".png", ".diff.png", ".changes.txt"] {
            try? FileManager.default.removeItem(at: failures.appendingPathComponent(base + suffix))
        }
        let recorded = ["json", "png"].contains {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(base + "." + $0).path)
        }
        let recording =
            record || !recorded || ProcessInfo.processInfo.environment[Self.recordEnvironmentVariable] == "1"
        if recording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                return SnapshotOutcome(
                    name: base, id: id, kind: kind, family: family, colorScheme: colorScheme, status: .error,
                    details: ["cannot make the snapshot folder '\(folder.path)': \(error)"])
            }
        }
        let snapshotter = Snapshotter(
            folder: SnapshotFolder(url: folder), failureFolder: failures,
            mode: recording ? .record : .verify(tolerance: tolerance), colorSchemes: [colorScheme],
            renderer: renderer, device: device)
        let instance = WidgetInstance(
            id: id, kind: kind, family: family, configuration: [:], appGroup: appGroup, file: "",
            location: Diagnostics.SourceLocation(line: 0, column: 0))
        let evaluation = WidgetEvaluation(
            timeline: RenderedTimeline(entries: [entry], policy: .never), current: entry, nextReload: nil)
        let result = WidgetResult(instance: instance, family: family, outcome: .success(evaluation))
        return snapshotter.check(result)[0]
    }

    /// What a failed snapshot's outcome says, as a test failure's message; `nil` when it passed or
    /// was recorded.
    ///
    /// ```
    /// snapshot 'TasksWidget.systemSmall' differs from the one recorded in Tests/__Snapshots__/TasksTests:
    ///   1 layout change; 12 pixels changed in 3x4 at (60, 102)
    ///   layout/vstack/text[2]: text "3 tasks" -> "4 tasks"
    ///   the current picture: .../failures/TasksWidget.systemSmall.png
    ///   the difference (recorded, current, changed pixels in red): .../TasksWidget.systemSmall.diff.png
    /// If the change is intended, record it again: record: true, or WIDGETHOST_RECORD_SNAPSHOTS=1.
    /// ```
    public static func failureMessage(_ outcome: SnapshotOutcome) -> String? {
        switch outcome.status {
        case .passed, .recorded, .unchanged:
            return nil
        case .missing:
            return "snapshot '\(outcome.name)' is not recorded"
        case .error:
            return "snapshot '\(outcome.name)' could not be taken: "
                + outcome.details.joined(separator: "; ")
        case .failed:
            let folder = outcome.files.first.map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().deletingLastPathComponent().path
            }
            var lines = [
                "snapshot '\(outcome.name)' differs from the one recorded"
                    + (folder.map { " in \($0)" } ?? "") + ":"
            ]
            lines += outcome.details.map { "  " + $0 }
            for file in outcome.files {
                let what =
                    file.hasSuffix(".diff.png")
                    ? "the difference (recorded, current, changed pixels in red)"
                    : file.hasSuffix(".changes.txt")
                        ? "the layout's changes"
                        : file.hasSuffix(".png") ? "the current picture" : "the current layout"
                lines.append("  \(what): \(file)")
            }
            lines.append(
                "If the change is intended, record it again: record: true, or \(recordEnvironmentVariable)=1."
            )
            return lines.joined(separator: "\n")
        }
    }

    /// `__Snapshots__/FILE` beside the source file at `filePath`, `FILE` its name without `.swift`.
    static func defaultFolder(for filePath: String) -> URL {
        let file = URL(fileURLWithPath: filePath)
        return file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    }
}
