import Diagnostics
import Foundation
import Testing
import YAML

/// Runs every case of the YAML test suite (release data-2022-01-17) through the YAML module.
///
/// Valid cases must compose to what `in.json` says; error cases must be rejected. The only cases
/// left out are those in `LIBYAML-0.2.5-KNOWN-FAILURES.txt`, where libyaml itself is wrong.
@Suite struct ConformanceTests {
    static let suiteDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/yaml-test-suite")

    struct Case {
        var id: String
        var directory: URL
        var isError: Bool
    }

    static func cases() throws -> [Case] {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: suiteDirectory.path) else { return [] }
        var cases: [Case] = []
        for case let path as String in enumerator where path.hasSuffix("in.yaml") {
            let directory = suiteDirectory.appendingPathComponent(path).deletingLastPathComponent()
            let id = String(path.dropLast("/in.yaml".count))
            let isError = manager.fileExists(atPath: directory.appendingPathComponent("error").path)
            cases.append(Case(id: id, directory: directory, isError: isError))
        }
        return cases.sorted { $0.id < $1.id }
    }

    static func knownFailures() throws -> Set<String> {
        let text = try String(
            contentsOf: suiteDirectory.appendingPathComponent("LIBYAML-0.2.5-KNOWN-FAILURES.txt"),
            encoding: .utf8
        )
        return Set(text.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    @Test func everyCaseOutsideTheKnownFailuresPasses() throws {
        let cases = try Self.cases()
        let known = try Self.knownFailures()
        #expect(cases.count == 402, "the suite has 402 cases")
        var failures: [String] = []
        var passedValid = 0
        var passedError = 0
        var comparedJSON = 0
        var skipped = 0
        for testCase in cases {
            if known.contains(testCase.id) {
                skipped += 1
                continue
            }
            let bytes = try [UInt8](Data(contentsOf: testCase.directory.appendingPathComponent("in.yaml")))
            let source = SourceText(name: testCase.id + "/in.yaml", bytes: bytes)
            let result = Result { () throws(Diagnostic) in try YAMLLoader().load(source) }
            if testCase.isError {
                if case .success = result {
                    failures.append("\(testCase.id): accepted, but the case must be rejected")
                } else {
                    passedError += 1
                }
                continue
            }
            switch result {
            case .failure(let diagnostic):
                failures.append("\(testCase.id): rejected: \(diagnostic)")
            case .success(let documents):
                let jsonURL = testCase.directory.appendingPathComponent("in.json")
                guard FileManager.default.fileExists(atPath: jsonURL.path) else {
                    passedValid += 1
                    continue
                }
                let expected = try JSONValue.parseAll(String(contentsOf: jsonURL, encoding: .utf8))
                let actualText = documents.map(JSONWriter.json).joined(separator: "\n")
                let actual = try JSONValue.parseAll(actualText)
                if actual == expected {
                    passedValid += 1
                    comparedJSON += 1
                } else {
                    failures.append("\(testCase.id): expected \(expected), got \(actualText)")
                }
            }
        }
        print(
            "yaml-test-suite: \(passedValid) valid cases passed (\(comparedJSON) compared with in.json), "
                + "\(passedError) error cases rejected, \(skipped) known libyaml failures skipped, "
                + "\(failures.count) failed"
        )
        #expect(
            failures.isEmpty,
            Comment(rawValue: "\(failures.count) failures:\n" + failures.joined(separator: "\n")))
        #expect(passedValid + passedError + skipped == cases.count)
    }
}
