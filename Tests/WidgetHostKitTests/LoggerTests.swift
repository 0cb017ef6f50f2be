import OSLog
import Testing

@Suite struct LoggerTests {
    @Test func aMessagesInterpolationsAreWrittenAsTheyAre() {
        let count = 3
        let ratio = 0.5
        let message: OSLogMessage =
            "Read \(count, privacy: .public) tasks, \(ratio, format: .fixed(precision: 2)) done, \("x", align: .left(columns: 4))"
        #expect(message.text == "Read 3 tasks, 0.5 done, x")
        // The calls of widget code compile and write to standard error, never the protocol stream.
        let logger = Logger(subsystem: "com.example.tasks", category: "Provider")
        logger.info("loaded \(count)")
        os_log(
            "%{public}@ has %d tasks", log: OSLog(subsystem: "s", category: "c"), type: .info, "Inbox", count)
    }
}
