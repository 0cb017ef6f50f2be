import ArgumentParsing
import Diagnostics
import Foundation
import JSON
import Layout
import PluginHosting
import Rendering
import Snapshots
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost snapshot [<config> ...] --dir DIR [--record]`: records, or verifies against
    /// what was recorded, each widget's layout and picture in every family and colour scheme.
    enum SnapshotCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "snapshot",
            abstract:
                "Records or verifies snapshots of the widgets: layout and picture, every family and scheme.",
            discussion: """
                For each widget, each family it supports (or --family) and each colour scheme (or \
                --color-scheme), the layout (as --format layout writes a widget, indented: \
                ID.FAMILY.json, ID.FAMILY.dark.json) and the picture (as --format png draws it: \
                ID.FAMILY.png, ID.FAMILY.dark.png) at a fixed date. With --record they are written \
                to the folder, with the date and scale in widgethost-snapshots.json; without it, \
                each is compared with the recorded one, at the recorded date and scale. A \
                difference fails (exit 1) and leaves, in the failure folder, the current layout \
                and picture, a picture marking the changed pixels in red (ID.FAMILY.diff.png) and \
                the layout's changed nodes (ID.FAMILY.changes.txt). A missing snapshot fails too. \
                --junit writes a JUnit XML report for CI systems.
                """,
            usage: "widgethost snapshot [<config> ...] --dir <folder> [--record] [<options>]",
            arguments: [
                CommandOptions.config,
                .option(
                    "dir", valueName: "folder", help: "The folder of recorded snapshots (required).",
                    completion: .directory),
                .flag(
                    "record",
                    help:
                        "Write the snapshots (and the folder, with its date and scale) instead of verifying them."
                ),
                CommandOptions.widget("Snapshot"),
                .option(
                    "family", valueName: "family",
                    help:
                        "Snapshot every widget in this family only (default: each in every family it supports).",
                    completion: .dynamic(CompletionSource.families.rawValue)),
                .option(
                    "color-scheme", valueName: "scheme",
                    help: "Snapshot this colour scheme only (default: light and dark).",
                    allowedValues: ColorScheme.allCases.map(\.rawValue)),
                CommandOptions.shard,
                .option(
                    "at", valueName: "date",
                    help:
                        "The date the widgets are drawn at, as ISO 8601 (needed to record a new folder; verifying uses the recorded one)."
                ),
                .option(
                    "scale", valueName: "n",
                    help:
                        "Pixels a point of the pictures, from 1 to 4 (recording; default 3: the recorded one when verifying)."
                ),
                .option(
                    "tolerance", valueName: "n",
                    help:
                        "Verifying: a pixel counts as changed only when a channel moved by more than N (0 to 255; default 0: any change)."
                ),
                .option(
                    "junit", valueName: "file", help: "Also write a JUnit XML report to this file.",
                    completion: .file(extensions: ["xml"])),
                .option(
                    "failures", valueName: "folder",
                    help: "Where a failure's files go (default: the snapshot folder's 'failures').",
                    completion: .directory),
            ] + CommandOptions.hostOptions
        )

        /// What the options ask for, checked.
        private struct Request {
            var folder: SnapshotFolder
            var record: Bool
            var selection: RunPlan.Selection
            var schemes: [ColorScheme]
            var tolerance: Int
            var junit: String?
            var failures: URL
            /// Whether every snapshot the configuration makes is drawn (no --widget, --family,
            /// --color-scheme or --shard): only then are recorded ones no widget draws found.
            var isWhole: Bool
        }

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            guard let dir = try values.string("dir"), !dir.isEmpty else {
                throw values.validationError(
                    "snapshot needs the folder of its snapshots: give it with --dir FOLDER.")
            }
            let record = try values.flag("record")
            var selection = try CommandOptions.selection(values, allFamilies: true, sharded: true)
            let familyGiven = selection.family != nil && selection.family != .all
            if selection.family == nil { selection.family = .all }
            let scheme = try CommandOptions.colorScheme(values)
            let tolerance = try values.int("tolerance", in: 0...255)
            if record, tolerance != nil {
                throw values.validationError("--tolerance is for verifying; --record writes what is drawn.")
            }
            let folder = SnapshotFolder(url: URL(fileURLWithPath: dir, isDirectory: true))
            let request = Request(
                folder: folder, record: record, selection: selection,
                schemes: scheme.map { [$0] } ?? [.light, .dark], tolerance: tolerance ?? 0,
                junit: try values.string("junit"),
                failures: URL(
                    fileURLWithPath: try values.string("failures")
                        ?? folder.url.appendingPathComponent("failures").path,
                    isDirectory: true),
                isWhole: try values.strings("widget").isEmpty && !familyGiven && scheme == nil
                    && selection.shard == nil)
            // The folder first: a verify without recorded snapshots runs nothing.
            let manifest: SnapshotFolder.Manifest
            switch try settle(request, values: values) {
            case .manifest(let settled): manifest = settled
            case .refused(let status): return status
            }
            let renderer: PNGRenderer
            do throws(PNGRenderingError) {
                renderer = try PNGRenderer(scale: manifest.scale)
            } catch {
                throw values.validationError("--scale: \(error.message).")
            }
            return try await SessionOptions.withSession(values, clock: PluginClock(date: manifest.date)) {
                session throws(ParseError) in
                try await run(
                    values, request: request, manifest: manifest, renderer: renderer, session: session)
            }
        }

        /// What settling the folder came to: the manifest the run uses, or the exit status of a
        /// refusal already reported.
        private enum Settled {
            case manifest(SnapshotFolder.Manifest)
            case refused(Int32)
        }

        /// The date and scale of the run, from the options and the folder's manifest: recording
        /// makes the folder and takes --at (or keeps the recorded date); verifying needs a
        /// recorded folder and its date.
        private static func settle(_ request: Request, values: ParsedValues) throws(ParseError) -> Settled {
            let path = request.folder.url.path
            let date = try values.string("at") != nil ? try CommandOptions.date(values) : nil
            var scale: Double?
            if let text = try values.string("scale") {
                guard let number = Double(text), number.isFinite, PNGRenderer.scales.contains(number) else {
                    throw values.validationError(
                        "--scale is pixels a point, a number from 1 to 4, not '\(text)'.")
                }
                scale = number
            }
            let recorded: SnapshotFolder.Manifest?
            do throws(SnapshotFolderError) {
                recorded = try request.folder.manifest()
            } catch .missing(_) where request.record {
                recorded = nil  // made below, once the options are known to be right
            } catch {
                var message = TerminalText.visible(error.description)
                if case .missing = error {
                    message +=
                        "; record snapshots into it first: widgethost snapshot --record --dir "
                        + TerminalText.visible(path) + " --at DATE"
                }
                return refuse(message)
            }
            let device = Device.reference.name
            guard request.record else {
                guard let recorded else {
                    return refuse(
                        "'\(TerminalText.visible(path))' holds no recorded snapshots (no "
                            + "\(SnapshotFolder.manifestName)); record them first with --record --at DATE")
                }
                if let date, date != recorded.date {
                    throw values.validationError(
                        "The snapshots in '\(path)' were taken at \(ISO8601.string(from: recorded.date)), not "
                            + "\(ISO8601.string(from: date)): leave out --at, or record them again at that date."
                    )
                }
                if let scale, scale != recorded.scale {
                    throw values.validationError(
                        "The snapshots in '\(path)' were drawn at scale \(Self.number(recorded.scale)): leave out "
                            + "--scale, or record them again at that scale.")
                }
                guard recorded.device == device else {
                    return refuse(
                        "the snapshots in '\(TerminalText.visible(path))' were laid out for the device '"
                            + TerminalText.visible(recorded.device)
                            + "', this widgethost lays out for '\(device)': record them again")
                }
                return .manifest(recorded)
            }
            guard let chosen = date ?? recorded?.date else {
                throw values.validationError(
                    "--record needs --at DATE: snapshots are taken at a fixed date, so that they can be "
                        + "verified on any day (for example --at 2026-01-05T09:00:00Z).")
            }
            let manifest = SnapshotFolder.Manifest(
                date: chosen, scale: scale ?? recorded?.scale ?? Double(Device.reference.scale),
                device: device)
            // Some of the snapshots recorded again must be drawn as the others were.
            if let recorded, !request.isWhole, recorded != manifest {
                throw values.validationError(
                    "The snapshots in '\(path)' were taken at \(ISO8601.string(from: recorded.date)), scale "
                        + "\(Self.number(recorded.scale)), on '\(recorded.device)'; recording only some of them "
                        + "(--widget, --family, --color-scheme, --shard) keeps those: leave out --at and --scale, "
                        + "or record them all.")
            }
            if let problem = CommandOptions.makeFolder(path) {
                return refuse("cannot make the snapshot folder '\(TerminalText.visible(path))': \(problem)")
            }
            return .manifest(manifest)
        }

        /// Loads, plans and evaluates the widgets at the manifest's date, and records or verifies
        /// each one's snapshots as it is evaluated.
        private static func run(
            _ values: ParsedValues, request: Request, manifest: SnapshotFolder.Manifest,
            renderer: PNGRenderer,
            session: HostSession
        ) async throws(ParseError) -> Int32 {
            let started = Date()
            let plan: RunPlan
            switch try await CommandOptions.loadAndPlan(
                values, session: session, selection: request.selection)
            {
            case .plan(let planned): plan = planned
            case .refused(let status): return status
            }
            if request.record {
                do throws(SnapshotFolderError) {
                    try request.folder.write(manifest)
                } catch {
                    return refusal(TerminalText.visible(error.description))
                }
            } else {
                Snapshotter.prepareFailureFolder(request.failures)
            }
            let snapshotter = Snapshotter(
                folder: request.folder, failureFolder: request.failures,
                mode: request.record ? .record : .verify(tolerance: request.tolerance),
                colorSchemes: request.schemes, renderer: renderer)
            var outcomes: [SnapshotOutcome] = []
            let warnings = await session.evaluate(
                plan.instances, options: RunOptions(date: manifest.date, family: plan.family),
                prepare: { result, _ in snapshotter.check(result) },
                deliver: { checked, _ in
                    for outcome in checked { StandardStream.output.write(line(outcome)) }
                    outcomes += checked
                })
            CommandOptions.report(session.takePluginDiagnostics())
            for problem in warnings {
                StandardStream.error.write(
                    "warning: reload requests were not checked: \(TerminalText.visible(problem))\n")
            }
            // Pictures with symbols recorded or compared without librsvg have outlines for them.
            if let missing = PNGRenderer.symbolsDrawnAsOutlines {
                StandardStream.error.write("warning: \(TerminalText.visible(missing))\n")
            }
            if request.isWhole { tidy(request, drawn: Set(outcomes.map(\.name))) }
            var status = outcomes.contains { $0.status.isFailure } ? ExitStatus.failure : ExitStatus.success
            if let junit = request.junit {
                let xml = JUnitReport.xml(outcomes, suite: "widgethost snapshot", date: started)
                do {
                    try Data(xml.utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
                } catch {
                    StandardStream.error.write(
                        "error: cannot write the JUnit report '\(TerminalText.visible(junit))': "
                            + TerminalText.visible((error as NSError).localizedDescription) + "\n")
                    status = ExitStatus.failure
                }
            }
            StandardStream.output.write(summary(outcomes, request: request))
            return status
        }

        /// The lines of one outcome: its status and name, then what failed, indented.
        static func line(_ outcome: SnapshotOutcome) -> String {
            let label: String =
                switch outcome.status {
                case .recorded: "recorded"
                case .unchanged: "unchanged"
                case .passed: "ok"
                case .failed: "FAILED"
                case .missing: "MISSING"
                case .error: "ERROR"
                }
            var text =
                label.padding(toLength: 10, withPad: " ", startingAt: 0) + TerminalText.visible(outcome.name)
            switch outcome.status {
            case .recorded, .unchanged, .passed:
                return text + "\n"
            case .missing:
                return text + ": no recorded snapshot (record it with --record)\n"
            case .failed, .error:
                let shown = 8
                text += ": " + TerminalText.visible(outcome.details.first ?? "") + "\n"
                for detail in outcome.details.dropFirst().prefix(shown) {
                    text += "    " + TerminalText.visible(detail) + "\n"
                }
                if outcome.details.count > shown + 1 {
                    text += "    ... \(outcome.details.count - shown - 1) more in the .changes.txt file\n"
                }
                for file in outcome.files where file.hasSuffix(".diff.png") {
                    text += "    diff: " + TerminalText.visible(file) + "\n"
                }
                return text
            }
        }

        /// The closing line: how many of each.
        private static func summary(_ outcomes: [SnapshotOutcome], request: Request) -> String {
            let counts: [(SnapshotOutcome.Status, String)] = [
                (.recorded, "recorded"), (.unchanged, "unchanged"), (.passed, "passed"), (.failed, "failed"),
                (.missing, "missing"), (.error, "errors"),
            ]
            let parts = counts.compactMap { status, word -> String? in
                let count = outcomes.filter { $0.status == status }.count
                return count > 0 || status == .failed && !request.record ? "\(count) \(word)" : nil
            }
            var text =
                "\(outcomes.count) snapshot\(outcomes.count == 1 ? "" : "s"): "
                + parts.joined(separator: ", ")
            if outcomes.contains(where: { $0.status == .failed }) {
                text += "; the failures' files are in " + TerminalText.visible(request.failures.path)
            }
            return text + "\n"
        }

        /// The recorded snapshots no widget drew: removed when recording everything, reported
        /// when verifying (they would otherwise be kept and never checked).
        private static func tidy(_ request: Request, drawn: Set<String>) {
            let names = request.folder.fileNames()
            let stale = SnapshotFolder.snapshotBaseNames(in: names).subtracting(drawn).sorted()
            for base in stale {
                if request.record {
                    for name in [base + ".json", base + ".png"] where names.contains(name) {
                        try? FileManager.default.removeItem(
                            at: request.folder.url.appendingPathComponent(name))
                    }
                    StandardStream.output.write("removed   " + TerminalText.visible(base) + "\n")
                } else {
                    StandardStream.error.write(
                        "warning: '\(TerminalText.visible(base))' is recorded but no widget of the "
                            + "configuration draws it; record again (--record) to remove it\n")
                }
            }
        }

        /// Reports `message` as an error and refuses to run (65: the snapshot folder is input).
        private static func refuse(_ message: String) -> Settled {
            .refused(refusal(message))
        }

        /// Reports `message` as an error; 65.
        private static func refusal(_ message: String) -> Int32 {
            StandardStream.error.write("error: \(message)\n")
            return ExitStatus.dataError
        }

        /// `3`, or `2.5`.
        private static func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }
}
