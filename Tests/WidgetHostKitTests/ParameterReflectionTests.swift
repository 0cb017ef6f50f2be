import Testing
@_spi(WidgetHost) import WidgetHostKit

private struct TwoParameters: AppIntent {
    static let title = "Two"
    var note = "not a parameter"
    @Parameter(title: "Count", default: 1) var count: Int
    var other = 42
    @Parameter(title: "Name", default: "x") var name: String

    func perform() async throws -> some IntentResult { .result() }
}

/// An intent that is a class: its parameters are not stored in the value, so it is reflected
/// with `Mirror` every time.
private final class ClassIntent: AppIntent, @unchecked Sendable {
    static let title = "Class"
    @Parameter(title: "Flag", default: false) var flag: Bool

    func perform() async throws -> some IntentResult { .result() }
}

/// Parameters are found once per type (where the struct stores them), then read from each
/// instance: every instance gives its own parameters, in declaration order.
@Suite struct ParameterReflectionTests {
    @Test func eachInstanceGivesItsOwnParametersInOrder() {
        for value in 0..<3 {
            let intent = TwoParameters()
            intent.count = value
            intent.name = "n\(value)"
            let found = ParameterReflection.parameters(of: intent)
            #expect(found.map(\.name) == ["count", "name"])
            #expect(found[0].parameter === intent.$count)
            #expect(found[1].parameter === intent.$name)
            #expect(
                ParameterReflection.values(of: intent)
                    == .object([.init("count", .int(value)), .init("name", .string("n\(value)"))]))
        }
    }

    @Test func aClassIntentIsReflectedAsBefore() {
        let intent = ClassIntent()
        intent.flag = true
        let found = ParameterReflection.parameters(of: intent)
        #expect(found.map(\.name) == ["flag"])
        #expect(found.first?.parameter === intent.$flag)
        #expect(ParameterReflection.values(of: ClassIntent()) == .object([.init("flag", .bool(false))]))
    }
}
