import Diagnostics
import Foundation
import TestSupport
import Testing
import YAML

@Suite struct YAMLLoaderTests {
    @Test func loadsAFileByPath() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("widgets.yaml", "a: 1\n---\nb: [x]\n").path
        let (source, documents) = try YAMLLoader().load(path: path)
        #expect(source.name == path)
        #expect(documents.map(JSONWriter.json) == [#"{"a":1}"#, #"{"b":["x"]}"#])
    }

    @Test func pathErrorsNameTheFile() throws {
        let path = "/nonexistent-widgethost-directory/widgets.yaml"
        do {
            _ = try YAMLLoader().load(path: path)
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.code.rawValue == "file.unreadable")
            #expect(error.file == path)
        }
    }

    /// The size limit applies while reading, before libyaml sees anything.
    @Test func inputSizeLimitAppliesToFiles() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("widgets.yaml", "a: 12345678").path
        do {
            _ = try YAMLLoader(limits: YAMLLimits(maxInputSize: 10)).load(path: path)
            Issue.record("loaded a file over the size limit")
        } catch {
            #expect(error.code.rawValue == "yaml.input-too-large")
            #expect(error.file == path)
            #expect(error.message == "input is 11 bytes, over the limit of 10 bytes")
        }
    }

    @Test func errorsInFilesCarryTheFileNameAndSourceLine() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("widgets.yaml", "a: 1\nb: *missing\n").path
        do {
            _ = try YAMLLoader().load(path: path)
            Issue.record("loaded an undefined alias")
        } catch {
            #expect(error.file == path)
            #expect(error.location == SourceLocation(line: 2, column: 4))
            #expect(error.sourceLine == "b: *missing")
        }
    }
}
