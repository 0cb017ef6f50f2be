import AppGroup
import Foundation
import Testing
import WidgetKit

@testable import WidgetHostPlugin

/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` in widget code from iOS: the
/// App Group's folder the host named in its last request, else the one it would give it.
@Suite struct AppGroupFolderTests {
    @Test func theContainerIsTheFolderTheHostNamedElseTheOneItWouldGive() throws {
        let group = "group.test.folders-\(UUID().uuidString)"
        let resolved = try AppGroupContainer.resolve(
            appGroup: group, environment: ProcessInfo.processInfo.environment
        ).directory
        #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) == resolved)
        let named = URL(fileURLWithPath: "/tmp/widgethost-named-\(UUID().uuidString)")
        AppGroupFolders.note(group, named)
        #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) == named)
        // A name no folder can have has no container.
        #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "a/b") == nil)
    }
}
