import Testing

@testable import ArgumentParsing

@Suite struct UsageGeneratorTests {
    @Test(arguments: [
        (ArgumentSpec.positional("file"), "<file>"),
        (.positional("file", isOptional: true), "[<file>]"),
        (.positional("config", isOptional: true, isRepeating: true), "[<config> ...]"),
        (.positional("config", isRepeating: true), "<config> ..."),
        (.positional("config", defaultValue: "config"), "[<config>]"),
        (.option("format", defaultValue: "text"), "[--format <format>]"),
        (.option("widget", short: "w", valueName: "id", isRepeatable: true), "[--widget <id> ...]"),
        (.option("widget", valueName: "id", isRequired: true), "--widget <id>"),
        (.flag("timeline", short: "t"), "[--timeline]"),
    ])
    func synopsis(argument: ArgumentSpec, expected: String) {
        #expect(UsageGenerator.synopsis(of: argument) == expected)
    }

    @Test(arguments: [
        (ArgumentSpec.positional("file"), "<file>"),
        (.option("widget", short: "w", valueName: "id", isRepeatable: true), "-w, --widget <id>"),
        (.option("format"), "--format <format>"),
        (.flag("timeline", short: "t"), "-t, --timeline"),
    ])
    func helpLabel(argument: ArgumentSpec, expected: String) {
        #expect(UsageGenerator.helpLabel(of: argument) == expected)
    }

    @Test func moreThan12ArgumentsKeepOnlyTheRequiredOnes() {
        let flags = (1...12).map { ArgumentSpec.flag("flag\($0)") }
        let tool = CommandSpec(name: "tool", arguments: flags + [.positional("file")])
        #expect(UsageGenerator.usage(for: [tool]) == "tool [<options>] <file>")
        let onlyOptional = CommandSpec(name: "tool", arguments: flags + [.flag("flag13")])
        #expect(UsageGenerator.usage(for: [onlyOptional]) == "tool <options>")
    }

    @Test func subcommandsAddAPlaceholder() {
        #expect(UsageGenerator.usage(for: [WidgetHostSpec.root]) == "widgethost <subcommand>")
        #expect(
            UsageGenerator.usage(for: [WidgetHostSpec.root, WidgetHostSpec.store])
                == "widgethost store <subcommand>")
    }

    @Test func multiLineUsageOverrideHangsInTheErrorUsage() {
        let tool = CommandSpec(name: "tool", usage: "tool a\ntool b")
        #expect(
            UsageGenerator.usageMessage(for: [tool]) == """
                Usage: tool a
                       tool b
                  See 'tool --help' for more information.
                """
        )
    }
}
