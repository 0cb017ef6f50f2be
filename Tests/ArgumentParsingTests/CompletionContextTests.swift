import Testing

@testable import ArgumentParsing

@Suite struct CompletionContextTests {
    private func context(_ words: [String]) -> CompletionContext {
        CompletionContext(words: words, root: WidgetHostSpec.root)
    }

    @Test func readsTheCommandPathValuesAndCurrentWord() {
        let read = context([
            "run", "a.yaml", "-w", "x", "--format=json", "--timeline", "b.yaml", "--widget", "y", "wo",
        ])
        #expect(read.subcommandPath == ["run"])
        #expect(read.values["config"] == ["a.yaml", "b.yaml"])
        #expect(read.values["widget"] == ["x", "y"])
        #expect(read.values["format"] == ["json"])
        #expect(read.current == "wo")
    }

    @Test func descendsIntoNestedSubcommands() {
        let read = context(["store", "import", ""])
        #expect(read.subcommandPath == ["store", "import"])
        #expect(read.values.isEmpty)
        #expect(read.current == "")
    }

    @Test func neverFailsOnWhatTheParserRejects() {
        let read = context(["--bogus", "run", "--widget", "--", "--format", "x", "y", "z"])
        #expect(read.subcommandPath == ["run"])
        #expect(read.values["widget"] == ["--"])
        #expect(read.values["format"] == ["x"])
        #expect(read.values["config"] == ["y"])
        #expect(context([]).current == "")
    }

    /// A negative number after an option that takes a value is its value, as the parser reads it
    /// (issues 17 and 20): what follows is completed as the next argument, not as that value.
    @Test func aNegativeNumberAfterAnOptionIsItsValue() {
        let read = context(["run", "--at", "-1", "a.yaml", "--family", "-0.5", ""])
        #expect(read.values["at"] == ["-1"])
        #expect(read.values["family"] == ["-0.5"])
        #expect(read.values["config"] == ["a.yaml"])
        #expect(read.current == "")
    }

    /// A negative number where a positional argument is due is that argument, as the parser
    /// reads it: the next word is completed as the one after it.
    @Test func aNegativeNumberFillsAPositional() {
        let read = context(["run", "-2", "a.yaml", ""])
        #expect(read.values["config"] == ["-2", "a.yaml"])
        let yaml = context(["yaml", "-1", ""])
        #expect(yaml.values["file"] == ["-1"])
    }
}
