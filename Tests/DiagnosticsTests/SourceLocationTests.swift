import Diagnostics
import Testing

@Suite struct SourceLocationTests {
    @Test func description() {
        #expect(SourceLocation(line: 6, column: 17).description == "6:17")
    }

    @Test func orderedByLineThenColumn() {
        let locations = [
            SourceLocation(line: 2, column: 1),
            SourceLocation(line: 1, column: 9),
            SourceLocation(line: 1, column: 2),
            SourceLocation(line: 10, column: 1),
        ]
        #expect(locations.sorted().map(\.description) == ["1:2", "1:9", "2:1", "10:1"])
        #expect(SourceLocation(line: 1, column: 2) == SourceLocation(line: 1, column: 2))
        #expect(!(SourceLocation(line: 1, column: 2) < SourceLocation(line: 1, column: 2)))
    }
}
