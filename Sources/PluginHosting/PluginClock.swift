import Diagnostics
public import Foundation
import JSON
import WidgetHostKit

/// The clock a plugin's code reads when the host's clock is not the wall clock (`run --at DATE`,
/// `tap --at`, `perform --at`): `Date()` in Swift, `time.time()` and `datetime.now()` in Python,
/// `time(2)` and `clock_gettime(CLOCK_REALTIME)` in any language read DATE, as the host does for the
/// whole run, so a run at a given date prints the same whatever the wall clock says.
///
/// The plugin is started under Debian's libfaketime (`LD_PRELOAD`), with its wall clock stopped at
/// DATE (`FAKETIME` an absolute date: two runs print the same, to the millisecond) and its monotonic
/// clock left real (`FAKETIME_DONT_FAKE_MONOTONIC`), so timers, sleeps and timeouts in the plugin,
/// which wait on the monotonic clock, still run in real time. libfaketime 0.9.10 rewrites a timer
/// set on a monotonic clock with an absolute deadline as if it were on the wall clock (Dispatch's
/// timerfd timers, which Swift's `Task.sleep` uses; the `clock_nanosleep` of Python's
/// `time.sleep`), so widgethost's own `libWidgetHostPluginClock.so` (Sources/CPluginClock), built
/// and installed beside the executable, is preloaded before it and sends those calls to the C
/// library. A running clock (`FAKETIME="@DATE"`) was not chosen: an entry dated `Date()` would be a
/// few milliseconds after DATE, in the future of the host, whose now is DATE, and no two runs would
/// agree.
public struct PluginClock: Sendable, Hashable {
    /// What the plugin reads as now (or, for a running clock, read at ``origin``).
    public var date: Date
    /// For a running clock (`watch --at`, `serve --at`: the host lives from DATE at the wall
    /// clock's pace), when it read ``date`` on the monotonic clock; `nil` for a stopped one.
    public var origin: ContinuousClock.Instant?

    /// A clock stopped at `date`.
    public init(date: Date) {
        self.date = date
        self.origin = nil
    }

    /// A clock that read `date` at `origin` and runs from there, as the live host's does: a plugin
    /// started later starts at `date` plus the time since `origin` (libfaketime's `@DATE`), so
    /// its clock and the host's agree.
    public init(runningFrom date: Date, origin: ContinuousClock.Instant) {
        self.date = date
        self.origin = origin
    }

    /// What the clock reads now.
    public var now: Date {
        guard let origin else { return date }
        return date.addingTimeInterval(origin.duration(to: .now) / .seconds(1))
    }

    /// The variable naming libfaketime's library, instead of the places Debian installs it.
    public static let libraryVariable = "WIDGETHOST_LIBFAKETIME"

    /// The variable that tells a plugin (and its SDK) the host's clock: the ISO 8601 date.
    public static let clockVariable = "WIDGETHOST_CLOCK"

    /// Where Debian's `libfaketime` package puts the library (the thread-safe build, for plugins
    /// that run threads, as every Swift plugin does), by architecture.
    static let libraryPlaces = [
        "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1",
        "/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1",
        "/usr/lib/arm-linux-gnueabihf/faketime/libfaketimeMT.so.1",
        "/usr/lib/i386-linux-gnu/faketime/libfaketimeMT.so.1",
        "/usr/lib/riscv64-linux-gnu/faketime/libfaketimeMT.so.1",
        "/usr/lib/faketime/libfaketimeMT.so.1",
        "/usr/local/lib/faketime/libfaketimeMT.so.1",
    ]

    /// The name of the library that keeps a plugin's monotonic timers real under libfaketime.
    static let timerFixName = "libWidgetHostPluginClock.so"

    /// Where the timer fix is: beside the executable (`swift build` puts it there), or in
    /// `../lib/widgethost` from it (an installation in a prefix).
    static func timerFix() -> String? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent()
        let places = [
            folder.appendingPathComponent(timerFixName),
            folder.deletingLastPathComponent().appendingPathComponent("lib/widgethost/\(timerFixName)"),
        ]
        return places.map(\.path).first(where: FileManager.default.isReadableFile(atPath:))
    }

    /// `environment` with what starts a plugin on this clock: libfaketime preloaded after the timer
    /// fix, its stopped wall clock, its real monotonic clock, and ``clockVariable``.
    ///
    /// - Throws: ``PluginFailure`` `plugin.clock-unavailable` when libfaketime is not installed (or
    ///   ``libraryVariable`` names no file), or the timer fix is not installed with widgethost: the
    ///   plugin would read the wall clock, or its timers would not fire, so it is not started.
    package func environment(for plugin: String, adding environment: [String: String]) throws(PluginFailure)
        -> [String: String]
    {
        let library: String
        if let named = environment[Self.libraryVariable] {
            guard FileManager.default.isReadableFile(atPath: named) else {
                throw unavailable(
                    plugin: plugin,
                    because: "\(Self.libraryVariable) names '\(named)', which is not a readable file")
            }
            library = named
        } else {
            guard let found = Self.libraryPlaces.first(where: FileManager.default.isReadableFile(atPath:))
            else {
                throw unavailable(
                    plugin: plugin,
                    because: "libfaketime is not installed (install Debian's package 'libfaketime', as "
                        + "scripts/setup does, or name its libfaketimeMT.so.1 in \(Self.libraryVariable))")
            }
            library = found
        }
        guard let fix = Self.timerFix() else {
            throw unavailable(
                plugin: plugin,
                because:
                    "\(Self.timerFixName), which keeps the plugin's timers running under libfaketime, is "
                    + "not beside the widgethost executable; install it with widgethost")
        }
        var environment = environment
        let preloaded = environment["LD_PRELOAD"].map { $0.isEmpty ? "" : " " + $0 } ?? ""
        environment["LD_PRELOAD"] = fix + " " + library + preloaded
        environment["FAKETIME_FMT"] = "%s"
        // A running clock starts where the host's is now (`@`: from there, at the real pace).
        let now = self.now
        environment["FAKETIME"] = (origin == nil ? "" : "@") + Self.epochText(now)
        environment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        environment[Self.clockVariable] = ISO8601.string(from: now)
        return environment
    }

    /// `date` as seconds since 1970, to the millisecond: `1796040000`, or `1796040000.250` with a
    /// fraction (libfaketime reads `.` as the fraction's mark in the C locale; a whole second, what
    /// `--at` is nearly always given, has none).
    package static func epochText(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let sign = milliseconds < 0 ? "-" : ""
        let whole = milliseconds.magnitude / 1000
        let fraction = milliseconds.magnitude % 1000
        guard fraction != 0 else { return "\(sign)\(whole)" }
        let digits = String(fraction)
        return "\(sign)\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    private func unavailable(plugin: String, because reason: String) -> PluginFailure {
        PluginFailure(
            code: .pluginClockUnavailable, plugin: plugin,
            what: "could not be started on the host's clock (\(ISO8601.string(from: date))): \(reason); "
                + "without it the plugin would read the wall clock")
    }
}
