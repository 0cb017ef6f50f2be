import Foundation
import Synchronization
import Testing
import WidgetHostKit

/// What a plugin attaches: an expensive resource, one per container.
private final class Connection: Sendable {
    let serial: Int

    init(serial: Int) {
        self.serial = serial
    }
}

private final class OtherResource: Sendable {}

private struct OpenFailure: Error {}

/// How many times `make` ran, shared with concurrent tasks.
private final class MakeCounter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func increment() { count.withLock { $0 += 1 } }
}

@Suite struct SharedContainerTests {
    @Test func keepsItsURLAndDiscardsReloadsByDefault() throws {
        let url = URL(fileURLWithPath: "/tmp/widgethost-container")
        let container = SharedContainer(url: url)
        #expect(container.url == url)
        #expect(container.reloads is DiscardingReloadRecorder)
        try container.reloads.requestReload(ofKind: "Anything")
    }

    @Test func anAttachmentIsMadeOnceAndCached() throws {
        let container = Fixtures.container()
        let made = Mutex(0)
        func open() throws -> Connection {
            try container.attachment(Connection.self) {
                Connection(
                    serial: made.withLock { count in
                        count += 1
                        return count
                    })
            }
        }
        let first = try open()
        let second = try open()
        #expect(first === second)
        #expect(first.serial == 1)
        #expect(made.withLock { $0 } == 1)
    }

    @Test func eachTypeHasItsOwnAttachment() throws {
        let container = Fixtures.container()
        let connection = try container.attachment { Connection(serial: 1) }
        let other = try container.attachment(OtherResource.self) { OtherResource() }
        #expect(try container.attachment(Connection.self) { Connection(serial: 2) } === connection)
        #expect(try container.attachment(OtherResource.self) { OtherResource() } === other)
        #expect(try container.attachment(Int.self) { 42 } == 42)
        #expect(try container.attachment(Int.self) { 43 } == 42)
    }

    @Test func containersDoNotShareAttachments() throws {
        let first = try Fixtures.container().attachment { Connection(serial: 1) }
        let second = try Fixtures.container().attachment { Connection(serial: 2) }
        #expect(first.serial == 1)
        #expect(second.serial == 2)
    }

    @Test func aThrowingMakeAttachesNothingAndTheNextCallTriesAgain() throws {
        let container = Fixtures.container()
        #expect(throws: OpenFailure.self) {
            try container.attachment(Connection.self) { throw OpenFailure() }
        }
        let attempts = Mutex(0)
        let connection = try container.attachment(Connection.self) {
            attempts.withLock { $0 += 1 }
            return Connection(serial: 2)
        }
        #expect(connection.serial == 2)
        #expect(attempts.withLock { $0 } == 1)
        #expect(try container.attachment(Connection.self) { throw OpenFailure() } === connection)
    }

    @Test func concurrentCallsMakeItExactlyOnce() async throws {
        let container = Fixtures.container()
        let made = MakeCounter()
        let serials = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let connection = try container.attachment(Connection.self) {
                        made.increment()
                        return Connection(serial: 1)
                    }
                    return ObjectIdentifier(connection)
                }
            }
            var identifiers = Set<ObjectIdentifier>()
            for try await identifier in group { identifiers.insert(identifier) }
            return identifiers
        }
        #expect(made.value == 1)
        #expect(serials.count == 1)
    }
}
