import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import AppGroup

/// Where the container directory comes from: `--store`, `WIDGETHOST_STORE`, `XDG_DATA_HOME`, `HOME`,
/// in that order, and how the directory is created.
@Suite struct AppGroupContainerTests {
    /// One row of the resolution table.
    struct Resolution: Sendable, CustomTestStringConvertible {
        var option: String?
        var environment: [String: String]
        var directory: String
        var source: AppGroupContainer.Source
        var testDescription: String {
            "\(option ?? "-") \(environment.sorted { $0.key < $1.key }) -> \(directory)"
        }
    }

    static let everything = [
        "WIDGETHOST_STORE": "/env/store", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ana",
    ]

    static let resolutions: [Resolution] = [
        Resolution(option: "/opt/store", environment: everything, directory: "/opt/store", source: .option),
        Resolution(
            option: "rel/store", environment: everything, directory: "/work/dir/rel/store", source: .option),
        Resolution(option: "", environment: everything, directory: "/env/store", source: .storeVariable),
        Resolution(option: nil, environment: everything, directory: "/env/store", source: .storeVariable),
        Resolution(
            option: nil, environment: ["WIDGETHOST_STORE": "here", "HOME": "/h"], directory: "/work/dir/here",
            source: .storeVariable),
        Resolution(
            option: nil, environment: ["WIDGETHOST_STORE": "", "XDG_DATA_HOME": "/xdg", "HOME": "/h"],
            directory: "/xdg/widgethost/group.com.example.taskapp", source: .dataHome),
        Resolution(
            option: nil, environment: ["XDG_DATA_HOME": "/xdg/", "HOME": "/h"],
            directory: "/xdg/widgethost/group.com.example.taskapp", source: .dataHome),
        // The XDG specification: an empty or relative XDG_DATA_HOME is ignored.
        Resolution(
            option: nil, environment: ["XDG_DATA_HOME": "", "HOME": "/home/ana"],
            directory: "/home/ana/.local/share/widgethost/group.com.example.taskapp", source: .home),
        Resolution(
            option: nil, environment: ["XDG_DATA_HOME": "relative/data", "HOME": "/home/ana"],
            directory: "/home/ana/.local/share/widgethost/group.com.example.taskapp", source: .home),
        Resolution(
            option: nil, environment: ["HOME": "/home/ana"],
            directory: "/home/ana/.local/share/widgethost/group.com.example.taskapp", source: .home),
    ]

    @Test(arguments: resolutions)
    func resolvesTheDirectoryInOrderOfPrecedence(_ resolution: Resolution) throws {
        let container = try AppGroupContainer.resolve(
            storeOption: resolution.option,
            environment: resolution.environment,
            currentDirectory: "/work/dir"
        )
        #expect(container.directory.path == resolution.directory)
        #expect(container.source == resolution.source)
        #expect(container.appGroup == "group.com.example.taskapp")
        #expect(container.databaseURL.path == resolution.directory + "/widgethost.sqlite")
    }

    @Test func theAppGroupNamesTheDirectory() throws {
        let container = try AppGroupContainer.resolve(
            appGroup: "group.org.example.notes", environment: ["XDG_DATA_HOME": "/data"])
        #expect(container.directory.path == "/data/widgethost/group.org.example.notes")
    }

    /// Empty or relative (a relative HOME would put the store below the current directory).
    @Test(arguments: [["HOME": "", "XDG_DATA_HOME": "rel"], ["HOME": "home/ana", "XDG_DATA_HOME": ""]])
    func noPlaceToKeepTheStoreIsAnError(environment: [String: String]) throws {
        let error = try #require(throws: AppGroupError.self) {
            try AppGroupContainer.resolve(environment: environment)
        }
        #expect(error.code.rawValue == "store.no-location")
        #expect(
            error.message
                == "cannot find where to keep the store of 'group.com.example.taskapp': "
                + "pass --store DIR, or set WIDGETHOST_STORE, XDG_DATA_HOME or HOME")
    }

    @Test(arguments: ["", ".", "..", "group/../../etc"])
    func anAppGroupThatCannotNameADirectoryIsRefused(appGroup: String) throws {
        let error = try #require(throws: AppGroupError.self) {
            try AppGroupContainer.resolve(appGroup: appGroup, environment: ["HOME": "/home/ana"])
        }
        #expect(error.code.rawValue == "store.invalid-app-group")
        #expect(error.message.hasPrefix("'\(appGroup)' is not a valid app group identifier"))
    }

    @Test func anExplicitDirectoryNeedsNoValidAppGroup() throws {
        let container = try AppGroupContainer.resolve(appGroup: "", storeOption: "/s", environment: [:])
        #expect(container.directory.path == "/s")
    }

    @Test func openingForWritingCreatesTheDirectoryAndItsParents() throws {
        let temporary = try TemporaryDirectory()
        let container = try AppGroupContainer.resolve(environment: ["XDG_DATA_HOME": temporary.url.path])
        #expect(!FileManager.default.fileExists(atPath: container.directory.path))
        let store = try container.openStore()
        #expect(store.databaseURL == container.databaseURL)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: container.directory.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(FileManager.default.fileExists(atPath: container.databaseURL.path))
    }

    @Test func openingForReadingCreatesNothing() throws {
        let temporary = try TemporaryDirectory()
        let container = AppGroupContainer(directory: temporary.url.appendingPathComponent("a/b"))
        let error = try #require(throws: AppGroupError.self) { try container.openStore(readOnly: true) }
        #expect(error.code.rawValue == "store.not-found")
        #expect(!FileManager.default.fileExists(atPath: container.directory.path))
    }

    @Test func aFileInTheWayOfTheDirectoryIsNamed() throws {
        let temporary = try TemporaryDirectory()
        try temporary.file("file", bytes: Array("x".utf8))
        let target = temporary.path("file") + "/store/deeper"
        let error = try #require(throws: AppGroupError.self) {
            try AppGroupContainer.createDirectory(atPath: target)
        }
        #expect(error.code.rawValue == "store.unwritable")
        #expect(
            error.message
                == "cannot create the store directory '\(target)': '\(temporary.path("file"))' is a file, not a directory"
        )
        let itself = try #require(throws: AppGroupError.self) {
            try AppGroupContainer.createDirectory(atPath: temporary.path("file"))
        }
        #expect(
            itself.message
                == "cannot create the store directory '\(temporary.path("file"))': it is a file, not a directory"
        )
    }
}
