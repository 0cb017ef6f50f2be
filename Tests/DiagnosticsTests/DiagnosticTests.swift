import Diagnostics
import Testing

@Suite struct DiagnosticTests {
    @Test func defaults() {
        let diagnostic = Diagnostic(file: "a.yaml", code: FailureCode("c", .invalidInput), message: "m")
        #expect(diagnostic.location == nil)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.notes.isEmpty)
        #expect(diagnostic.sourceLine == nil)
        #expect(Diagnostic.Note("n").location == nil)
    }

    @Test func severityNames() {
        #expect(Diagnostic.Severity.error.rawValue == "error")
        #expect(Diagnostic.Severity.warning.rawValue == "warning")
        #expect(Diagnostic.Severity.note.rawValue == "note")
    }

    @Test func descriptionIsTheHeaderWithoutSnippetOrColour() {
        let diagnostic = Diagnostic(
            file: "config/widgets.yaml",
            location: SourceLocation(line: 6, column: 17),
            code: FailureCode("config.priority", .invalidInput),
            message: "'urgent' is not a priority filter",
            sourceLine: "  priorityFilter: urgent"
        )
        #expect(
            diagnostic.description == "config/widgets.yaml:6:17: error: 'urgent' is not a priority filter")
        #expect("\(diagnostic)" == diagnostic.description)
    }

    @Test func descriptionListsNotesOnTheirOwnLines() {
        let diagnostic = Diagnostic(
            file: "a.yaml",
            location: SourceLocation(line: 3, column: 1),
            code: FailureCode("yaml.duplicate-key", .invalidInput),
            message: "duplicate key 'a'",
            notes: [Diagnostic.Note("'a' first defined here", at: SourceLocation(line: 1, column: 1))],
            sourceLine: "a: 3"
        )
        #expect(
            diagnostic.description
                == "a.yaml:3:1: error: duplicate key 'a'\na.yaml:1:1: note: 'a' first defined here"
        )
    }

    @Test func descriptionWithoutFileOrLocation() {
        #expect(
            Diagnostic(file: nil, code: FailureCode("c", .invalidInput), message: "m").description
                == "error: m")
        #expect(
            Diagnostic(file: "f", code: FailureCode("c", .invalidInput), message: "m").description
                == "f: error: m")
        #expect(
            Diagnostic(
                file: nil, location: SourceLocation(line: 2, column: 3), severity: .warning,
                code: FailureCode("c", .invalidInput),
                message: "m"
            )
            .description == "2:3: warning: m"
        )
    }

    @Test func diagnosticsAreErrorsAndValues() {
        let one = Diagnostic(file: "f", code: FailureCode("c", .invalidInput), message: "m")
        var other = one
        #expect(one == other)
        other.notes.append(Diagnostic.Note("n"))
        #expect(one != other)
        let error: any Error = one
        #expect(error as? Diagnostic == one)
    }
}
