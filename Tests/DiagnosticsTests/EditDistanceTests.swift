import Diagnostics
import Testing

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("kitten", "sitting", 3),
        ("", "", 0),
        ("", "abc", 3),
        ("abc", "", 3),
        ("same", "same", 0),
        ("showComplete", "showCompleted", 1),
        ("flaw", "lawn", 2),
        ("abc", "cab", 2),
        ("é😀", "e😀", 1),
        ("Case", "case", 1),
        ("bar", "baz", 1),
        ("--fromat", "--format", 2),
        ("yml", "yaml", 1),
    ])
    func between(source: String, target: String, distance: Int) {
        #expect(EditDistance.between(source, target) == distance)
        #expect(EditDistance.between(target, source) == distance)
    }

    @Test func suggestionIsTheNearestCloseName() {
        let keys = ["showCompleted", "priorityFilter", "maxTasks", "category"]
        #expect(EditDistance.suggestion(for: "showComplete", among: keys) == "showCompleted")
        #expect(EditDistance.suggestion(for: "priortyFilter", among: keys) == "priorityFilter")
        #expect(EditDistance.suggestion(for: "maxtasks", among: keys) == "maxTasks")
        #expect(EditDistance.suggestion(for: "foo", among: keys) == nil)
        #expect(EditDistance.suggestion(for: "", among: keys) == nil)
        #expect(EditDistance.suggestion(for: "showCompleted", among: []) == nil)
    }

    /// At most half the typed characters may change, and never four or more.
    @Test func suggestionBoundaries() {
        // Distance 2 for 4 typed characters: accepted; distance 2 for 3: refused.
        #expect(EditDistance.suggestion(for: "abxy", among: ["abcd"]) == "abcd")
        #expect(EditDistance.suggestion(for: "axy", among: ["abc"]) == nil)
        // Distance 3 for 20 characters: accepted; distance 4: refused.
        let name = "abcdefghijklmnopqrst"
        #expect(EditDistance.suggestion(for: "xyzdefghijklmnopqrst", among: [name]) == name)
        #expect(EditDistance.suggestion(for: "wxyzefghijklmnopqrst", among: [name]) == nil)
        #expect(EditDistance.suggestion(for: "exact", among: ["exact"]) == "exact")
    }

    /// A name that only begins one candidate (a kind without its `Widget`) suggests it; one that
    /// begins several, or is shorter than four characters, suggests nothing.
    @Test func aNameBeginningOneCandidateSuggestsIt() {
        let kinds = [
            "TaskWidget", "FocusWidget", "WeatherWidget", "ToggleTaskIntent", "ToggleFocusModeIntent",
        ]
        #expect(EditDistance.suggestion(for: "Weather", among: kinds) == "WeatherWidget")
        #expect(EditDistance.suggestion(for: "focus", among: kinds) == "FocusWidget")
        #expect(EditDistance.suggestion(for: "ToggleTask", among: kinds) == "ToggleTaskIntent")
        #expect(EditDistance.suggestion(for: "Toggle", among: kinds) == nil)
        #expect(EditDistance.suggestion(for: "Tas", among: kinds) == nil)
        // The nearest name still comes first.
        #expect(
            EditDistance.suggestion(for: "TaskWidge", among: ["TaskWidget", "TaskWidgetExtra"])
                == "TaskWidget")
    }

    @Test func tiesGoToTheFirstCandidate() {
        #expect(EditDistance.suggestion(for: "abcx", among: ["abcy", "abcz"]) == "abcy")
        #expect(EditDistance.suggestion(for: "abcx", among: ["abcz", "abcy"]) == "abcz")
        #expect(EditDistance.suggestion(for: "abcx", among: ["ab", "abcz"]) == "abcz")
    }

    @Test func closestWithACustomThreshold() {
        let names = ["alpha", "beta", "gamma"]
        #expect(EditDistance.closest(to: "bata", among: names) { $0 <= 1 } == "beta")
        #expect(EditDistance.closest(to: "zzzz", among: names) { _ in true } == "beta")
        #expect(EditDistance.closest(to: "zzzz", among: names) { _ in false } == nil)
    }
}
