import AppGroup
import Diagnostics
import Foundation
import PluginHosting
import TaskStore
import Testing
import WidgetEngine
import WidgetHost
import WidgetServer
import YAML

/// The failure codes are declared once each, and the README's table lists every one with the exit
/// status its category gives.
@Suite struct FailureCodeTests {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every code declared in the sources (`FailureCode+*.swift` of each domain), with the exit
    /// status of its category, read from the declarations themselves: a code added to a domain is
    /// checked without being listed anywhere else.
    static func declared() throws -> [(code: String, exit: String)] {
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        var codes: [(String, String)] = []
        for case let file as URL in walker where file.lastPathComponent.hasPrefix("FailureCode+") {
            let text = try String(contentsOf: file, encoding: .utf8)
            let declarations = text.matches(of: /static let \w+ = FailureCode\(/).count
            let read = text.matches(of: /FailureCode\(\s*"([^"]+)",\s*\.(invalidInput|runtime|usage)\)/)
            #expect(
                read.count == declarations, "\(file.lastPathComponent): a declaration the test cannot read")
            for match in read {
                let exit = ["invalidInput": "65", "runtime": "1", "usage": "64"][String(match.2)] ?? "?"
                codes.append((String(match.1), exit))
            }
        }
        return codes
    }

    @Test func everyCodeIsDeclaredOnce() throws {
        let names = try Self.declared().map(\.code)
        #expect(names.count > 100)
        #expect(
            names.contains(FailureCode.storeBusy.rawValue)
                && names.contains(FailureCode.serveNotFound.rawValue))
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.wholeMatch(of: /[a-z]+\.[a-z0-9-]+/) != nil })
    }

    @Test func theReadmeListsEveryCodeWithItsExitStatus() throws {
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("docs/reference.md"), encoding: .utf8)
        for (code, exit) in try Self.declared() {
            #expect(text.contains("| `\(code)` | \(exit) | "), "docs/reference.md: no row for \(code)")
        }
    }

    @Test func theCategoryDecidesTheExitStatusNotTheText() {
        #expect(FailureCode.intentInvalidValue.isInvalidInput)
        #expect(FailureCode.pluginInvalidParams.isInvalidInput)
        #expect(!FailureCode.intentFailed.isInvalidInput)
        #expect(!FailureCode.storeBusy.isInvalidInput)
        // Equal by text: a code read back from JSON is the declared one.
        #expect(FailureCode("store.busy", .invalidInput) == .storeBusy)
    }
}
