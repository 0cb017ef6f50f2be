import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store another user could tamper with, on the binary: a link planted where a store's file
/// belongs, and a store folder others can write, are refused by every command that uses the store
/// (`store.insecure`, exit 1), naming the path and the fix; nothing is read or changed, and no link's
/// target is written.
@Suite struct StoreSafetyTests {
    /// The red team's reproduction: `ln -s /tmp/victim $S/reload-requests` made an intent write its
    /// reload stamp over the start of the link's target.
    @Test func anIntentDoesNotWriteThroughALinkPlantedAsTheStamp() throws {
        let scratch = try StoreFailureTests.scratchWithConfig()
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 3))
        let before = try scratch.exportJSON()
        try scratch.file("victim", "precious data\n")
        let stamp = scratch.path("store/reload-requests")
        try? FileManager.default.removeItem(atPath: stamp)
        #expect(symlink(scratch.path("victim"), stamp) == 0)

        let message =
            "cannot open the store at '\(scratch.path("store/widgethost.sqlite"))': '\(stamp)' is a symbolic "
            + "link to '\(scratch.path("victim"))', and a store's files are never opened through a link: "
            + "remove it (rm '\(stamp)'); nothing was read or changed"
        let perform = try scratch.widgethost([
            "perform", "ToggleFocusModeIntent", "value=true", "--store", "store",
        ])
        #expect(perform.status == 1, "\(perform.standardError)")
        #expect(perform.standardError == "error: \(message)\n")
        let json = try scratch.widgethost([
            "perform", "AddTaskIntent", "taskName=x", "--store", "store", "--format", "json",
        ])
        #expect(json.status == 1)
        let error = try JSONText.object(json.standardOutput)["error"] as? [String: Any]
        #expect(error?["code"] as? String == "store.insecure")
        let export = try scratch.widgethost(["store", "export", "--store", "store"])
        #expect(export.status == 1)
        #expect(export.standardError == "Error: \(message)\n")

        #expect(try String(contentsOfFile: scratch.path("victim"), encoding: .utf8) == "precious data\n")
        #expect(unlink(stamp) == 0)
        #expect(try scratch.exportJSON() == before)
    }

    /// A store folder its group can write: every intent, `run`'s store widgets and `store export`
    /// are refused, saying how to fix it; once fixed, the store is as it was.
    @Test func aStoreFolderOthersCanWriteIsRefused() throws {
        let scratch = try StoreFailureTests.scratchWithConfig()
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 3))
        let before = try scratch.exportJSON()
        let folder = scratch.path("store")
        #expect(chmod(folder, 0o770) == 0)
        let message =
            "cannot open the store at '\(folder)/widgethost.sqlite': '\(folder)' can be written by its group "
            + "(mode 0770); make it writable by its owner alone (chmod go-w '\(folder)'); nothing was read "
            + "or changed"
        try StoreFailureTests.expectEveryCommandFails(store: "store", message: message) {
            try scratch.launchWidgetHost($0)
        }
        let export = try scratch.widgethost(["store", "export", "--store", "store"])
        #expect(export.status == 1)
        #expect(export.standardError == "Error: \(message)\n")

        #expect(chmod(folder, 0o700) == 0)
        #expect(try scratch.exportJSON() == before)
    }
}
