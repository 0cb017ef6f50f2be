import Testing

@testable import LiveHost
@testable import WidgetHost

/// ``IncludeIndex`` answers as trying every ``IncludeWatch`` would, for plain entries, globs at
/// any level, hidden names and paths of other depths.
struct IncludeIndexTests {
    static let patterns = [
        "/c/main.yaml", "/c/shared/*.yaml", "/c/d/*/w.yaml", "/c/[ab]?/x.yml", "/c/more/f.yaml",
        "/e/*/deep/*.json",
    ]

    @Test(arguments: [
        "/c", "/c/main.yaml", "/c/shared", "/c/shared/a.yaml", "/c/shared/a.yml", "/c/shared/.h.yaml",
        "/c/shared/x/a.yaml", "/c/d", "/c/d/7", "/c/d/7/w.yaml", "/c/d/7/v.yaml", "/c/d/.h/w.yaml",
        "/c/a1", "/c/a1/x.yml", "/c/c1/x.yml", "/c/more", "/c/more/f.yaml", "/c/more/g.yaml", "/e",
        "/e/q", "/e/q/deep", "/e/q/deep/z.json", "/e/q/shallow/z.json", "/f", "/", "/c/main.yaml/x",
    ])
    func answersAsEveryEntryTried(path: String) {
        let includes = Self.patterns.map(IncludeWatch.init(pattern:))
        let expected = includes.contains { $0.concerns(path) }
        #expect(IncludeIndex(includes).concerns(path) == expected)
    }
}
