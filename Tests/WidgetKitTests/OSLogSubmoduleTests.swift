import Testing
import os.log

/// `import os.log`, as widget code from iOS writes it (Apple's submodule of `os`): the `os`
/// module's `Logger`, `OSLog` and `os_log` come with it.
@Suite struct OSLogSubmoduleTests {
    @Test func importingTheLogSubmoduleBringsTheLogger() {
        let count = 2
        let message: OSLogMessage = "Loaded \(count, privacy: .public) entries"
        #expect(message.text == "Loaded 2 entries")
        Logger(subsystem: "com.example.widget", category: "Provider").debug("timeline of \(count)")
        os_log("%d entries", log: .default, type: .debug, count)
    }
}
