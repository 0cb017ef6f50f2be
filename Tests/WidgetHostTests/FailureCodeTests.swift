import AppGroup
import Diagnostics
import Foundation
import TaskStore
import Testing
import WidgetHost
import YAML

/// The failure codes are declared once each, and the README's table lists every one with the exit
/// status its category gives.
@Suite struct FailureCodeTests {
    static let all =
        FailureCode.hostCodes + FailureCode.storeCodes + FailureCode.taskStoreCodes
        + FailureCode.yamlCodes + FailureCode.serveCodes

    @Test func everyCodeIsDeclaredOnce() {
        let names = Self.all.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.wholeMatch(of: /[a-z]+\.[a-z0-9-]+/) != nil })
    }

    @Test func theReadmeListsEveryCodeWithItsExitStatus() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        for code in Self.all {
            let exit: String
            switch code.category {
            case .invalidInput: exit = "65"
            case .runtime: exit = "1"
            case .usage: exit = "64"
            }
            #expect(text.contains("| `\(code.rawValue)` | \(exit) | "), "README: no row for \(code.rawValue)")
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
