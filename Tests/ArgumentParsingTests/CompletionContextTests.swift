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
}
