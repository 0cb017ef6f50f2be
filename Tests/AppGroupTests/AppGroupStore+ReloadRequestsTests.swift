import Foundation
import TestSupport
import Testing

@testable import AppGroup

@Suite struct AppGroupStoreReloadRequestsTests {
    @Test func requestsAreNumberedByOneGrowingGeneration() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        #expect(try store.currentReloadGeneration() == 0)
        #expect(try store.reloadGeneration(ofKind: "TaskWidget") == 0)
        #expect(try store.requestReload(ofKind: "TaskWidget") == 1)
        #expect(try store.requestReload(ofKind: "FocusWidget") == 2)
        #expect(try store.requestReload(ofKind: "TaskWidget") == 3)
        #expect(try store.reloadGeneration(ofKind: "TaskWidget") == 3)
        #expect(try store.reloadGeneration(ofKind: "FocusWidget") == 2)
        #expect(try store.reloadGeneration(ofKind: "Quickmenu") == 0)
        #expect(try store.requestReload(ofKind: nil) == 4)
        #expect(try store.reloadGeneration(ofKind: "Quickmenu") == 4)
        #expect(try store.currentReloadGeneration() == 4)
    }

    @Test func theStampFileHoldsTheLatestGeneration() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let stamp = directory.path(AppGroupStore.reloadStampFileName)
        #expect(!FileManager.default.fileExists(atPath: stamp))
        try store.requestReload(ofKind: "TaskWidget")
        #expect(try String(contentsOfFile: stamp, encoding: .utf8) == "1\n")
        try store.requestReload(ofKind: nil)
        #expect(try String(contentsOfFile: stamp, encoding: .utf8) == "2\n")
    }

    @Test func aWidgetSeesRequestsMadeSinceItsLastEvaluation() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.requestReload(ofKind: "TaskWidget")
        // Never evaluated by a live host: every request ever made counts.
        #expect(try store.isReloadRequested(forWidget: "work", kind: "TaskWidget"))
        #expect(try !store.isReloadRequested(forWidget: "focus", kind: "FocusWidget"))
        try store.recordEvaluations([("work", "TaskWidget"), ("focus", "FocusWidget")])
        #expect(try !store.isReloadRequested(forWidget: "work", kind: "TaskWidget"))
        try store.requestReload(ofKind: "TaskWidget")
        #expect(try store.isReloadRequested(forWidget: "work", kind: "TaskWidget"))
        #expect(try !store.isReloadRequested(forWidget: "focus", kind: "FocusWidget"))
        try store.recordEvaluations([("work", "TaskWidget")])
        #expect(try !store.isReloadRequested(forWidget: "work", kind: "TaskWidget"))
        try store.requestReload(ofKind: nil)
        #expect(try store.isReloadRequested(forWidget: "work", kind: "TaskWidget"))
        #expect(try store.isReloadRequested(forWidget: "focus", kind: "FocusWidget"))
    }

    @Test func requestsAreSeenByAnotherConnection() throws {
        let directory = try TemporaryDirectory()
        let writer = try AppGroupStore(directory: directory.url)
        let reader = try AppGroupStore(directory: directory.url)
        try writer.requestReload(ofKind: "TaskWidget")
        #expect(try reader.reloadGeneration(ofKind: "TaskWidget") == 1)
    }

    @Test func aVersionOneStoreGainsTheReloadTables() throws {
        let directory = try TemporaryDirectory()
        try VersionOneStore.create(in: directory)
        let store = try AppGroupStore(directory: directory.url)
        #expect(try store.requestReload(ofKind: "TaskWidget") == 1)
        let database = try SQLiteDatabase(path: directory.path("widgethost.sqlite"), mode: .readOnly)
        #expect(try database.scalar("PRAGMA user_version") == .integer(2))
    }

    /// The stamp is created once, then rewritten in place (no new file, no rename: those take the
    /// directory's lock), and an older generation never replaces a newer one.
    @Test func theStampIsRewrittenInPlaceAndNeverGoesBack() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.requestReload(ofKind: "TaskWidget")
        let path = directory.path("reload-requests")
        func inode() throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        }
        let first = try inode()
        for _ in 0..<10 { try store.requestReload(ofKind: "TaskWidget") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "11\n")
        #expect(try inode() == first)
        store.writeStamp(5)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "11\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
                $0.hasSuffix(".tmp")
            }.isEmpty)
    }
}
