import Dispatch
import PluginHosting
import Synchronization
import WidgetHost

#if canImport(Glibc)
    import Glibc
#endif

/// What a command that may start plugins does on SIGINT, SIGTERM or SIGHUP (Ctrl-C, `kill`, a
/// closed terminal) before its session closes: it kills the plugin processes it started (each in a
/// group of its own, so the terminal's signal does not reach them) and what they started, then
/// dies of the signal as it would have, so its parent sees the same status. `watch` and `serve`
/// end in steps of their own instead (``LiveHost``).
enum TerminationSignals {
    /// The signals' sources, kept for the life of the process.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// Whether a handler has begun to end the process.
    private static let ending = Mutex(false)

    /// Blocks for good when a signal's handler is ending the process (the command's own end, its
    /// plugins killed under it, must not exit with another status first); returns at once
    /// otherwise.
    static func waitIfEnding() {
        guard ending.withLock({ $0 }) else { return }
        while true { pause() }
    }

    /// Installs the handlers (once; later calls do nothing).
    static func endPluginsWithTheProcess() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            sources = [SIGINT, SIGTERM, SIGHUP].map(source)
        }
    }

    private static func source(_ number: Int32) -> any DispatchSourceSignal {
        // Dispatch delivers a signal only when its default action is off.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
            ending.withLock { $0 = true }
            PluginHost.killAllPluginProcesses()
            signal(number, SIG_DFL)
            // To the process, not this thread (a dispatch thread may block the signal).
            kill(getpid(), number)
        }
        source.resume()
        return source
    }
}
