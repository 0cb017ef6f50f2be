import Diagnostics
import Testing

@testable import ArgumentParsing

@Suite struct EditDistanceTests {
    @Test func optionSuggestionIsTheClosestBelow4() {
        let candidates = ["--format", "--family", "--help"]
        #expect(EditDistance.suggestion(forOption: "--fromat", among: candidates) == "--format")
        #expect(EditDistance.suggestion(forOption: "--famly", among: candidates) == "--family")
        #expect(EditDistance.suggestion(forOption: "--output", among: candidates) == nil)
    }

    @Test func optionSuggestionTiesGoToTheFirstDeclared() {
        #expect(EditDistance.suggestion(forOption: "--ab", among: ["--ax", "--xb"]) == "--ax")
    }

    @Test(arguments: [
        ("yml", "yaml"),
        ("stor", "store"),
        ("exprot", "export"),
        ("Run", "run"),
    ])
    func subcommandSuggestions(typed: String, expected: String) {
        let names = ["run", "yaml", "store", "export"]
        #expect(EditDistance.suggestion(forSubcommand: typed, among: names) == expected)
    }

    @Test(arguments: ["foo", "ya", "x", ""])
    func subcommandSuggestionNeedsMostCharactersRight(typed: String) {
        #expect(EditDistance.suggestion(forSubcommand: typed, among: ["run", "yaml", "store"]) == nil)
    }
}
