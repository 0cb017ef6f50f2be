import Diagnostics
import Testing
import YAML

/// Loading inline fixtures in tests: every fixture is named `test.yaml` in diagnostics.
enum Loading {
    static let fileName = "test.yaml"

    static func source(_ text: String) -> SourceText {
        SourceText(name: fileName, bytes: Array(text.utf8))
    }

    /// Every document of `text`.
    static func documents(_ text: String, limits: YAMLLimits = YAMLLimits()) throws -> [Node] {
        try YAMLLoader(limits: limits).load(source(text))
    }

    /// The only document of `text`.
    static func document(_ text: String, limits: YAMLLimits = YAMLLimits()) throws -> Node {
        let documents = try documents(text, limits: limits)
        try #require(documents.count == 1, "expected exactly one document, got \(documents.count)")
        return documents[0]
    }

    /// The only document of `text` as JSON.
    static func json(_ text: String, limits: YAMLLimits = YAMLLimits()) throws -> String {
        JSONWriter.json(try document(text, limits: limits))
    }

    /// The diagnostic loading `bytes` throws, or `nil` when it loads.
    static func error(bytes: [UInt8], limits: YAMLLimits = YAMLLimits()) -> Diagnostic? {
        do {
            _ = try YAMLLoader(limits: limits).load(SourceText(name: fileName, bytes: bytes))
            return nil
        } catch {
            return error
        }
    }

    /// The diagnostic loading `text` throws, or `nil` when it loads.
    static func error(_ text: String, limits: YAMLLimits = YAMLLimits()) -> Diagnostic? {
        error(bytes: Array(text.utf8), limits: limits)
    }

    /// Expects loading `bytes` to throw the diagnostic `code` in `test.yaml` at `line`:`column`,
    /// saying `message`.
    static func expectError(
        bytes: [UInt8], limits: YAMLLimits = YAMLLimits(), code: String, line: Int, column: Int,
        message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let diagnostic = try #require(error(bytes: bytes, limits: limits), sourceLocation: sourceLocation)
        #expect(diagnostic.code.rawValue == code, sourceLocation: sourceLocation)
        #expect(diagnostic.file == fileName, sourceLocation: sourceLocation)
        #expect(
            diagnostic.location == SourceLocation(line: line, column: column), sourceLocation: sourceLocation)
        #expect(diagnostic.message == message, sourceLocation: sourceLocation)
    }

    /// Expects loading `text` to throw the diagnostic `code` in `test.yaml` at `line`:`column`,
    /// saying `message`.
    static func expectError(
        _ text: String, limits: YAMLLimits = YAMLLimits(), code: String, line: Int, column: Int,
        message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try expectError(
            bytes: Array(text.utf8), limits: limits, code: code, line: line, column: column, message: message,
            sourceLocation: sourceLocation)
    }
}

/// Swift Testing has a `SourceLocation` of its own; in these tests the name means the diagnostics one.
typealias SourceLocation = Diagnostics.SourceLocation
/// Swift Testing has a `Tag` of its own; in these tests the name means the YAML one.
typealias Tag = YAML.Tag
