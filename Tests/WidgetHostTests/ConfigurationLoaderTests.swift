import Diagnostics
import Foundation
import TestSupport
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// A configurable widget with parameters that have no default, which configuration must give.
private struct SignIntent: WidgetConfigurationIntent {
    static let title = "Sign"
    @Parameter(title: "Style", default: "plain") var style: String
    @Parameter(title: "Text") var text: String
    @Parameter(title: "Until") var until: Date?
    @Parameter(title: "Lines", minimum: 1) var lines: Int
}

private struct SignEntry: TimelineEntry {
    let date: Date
}

private struct SignProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> SignEntry { SignEntry(date: context.date) }

    func snapshot(for configuration: SignIntent, in context: Context) async throws -> SignEntry {
        SignEntry(date: context.date)
    }

    func timeline(for configuration: SignIntent, in context: Context) async throws -> Timeline<SignEntry> {
        Timeline(entries: [SignEntry(date: context.date)], policy: .never)
    }
}

private struct SignBundle: WidgetBundle {
    var widgets: [any WidgetConfiguration] {
        [
            AppIntentConfiguration(kind: "Sign", intent: SignIntent.self, provider: SignProvider()) { _ in
                Text("")
            }
        ]
    }
}

@Suite struct ConfigurationLoaderTests {
    @Test func parametersWithoutDefaultsMustBeGiven() throws {
        let directory = try Fixture.files([
            "widgets.yaml": """
            widgets:
              - id: full
                kind: Sign
                configuration: {lines: 2, style: bold, text: Hi, until: 2026-12-01}
              - id: text-first
                kind: Sign
                configuration:
                  text: Yo
                  style: thin
                  lines: 1
              - id: none
                kind: Sign
              - id: no-lines
                kind: Sign
                configuration:
                  text: Hey
              - id: bad-lines
                kind: Sign
                configuration: {text: Hm, lines: 0}
            """
        ])
        let registry = try WidgetRegistry(bundles: [SignBundle()])
        let loaded = ConfigurationLoader(registry: registry).load([directory.path("widgets.yaml")])
        #expect(loaded.instances.map(\.id) == ["full", "text-first"])
        #expect(
            loaded.instances.map(\.configuration) == [
                [
                    "style": .string("bold"), "text": .string("Hi"), "until": .string("2026-12-01"),
                    "lines": .int(2),
                ],
                ["style": .string("thin"), "text": .string("Yo"), "until": .null, "lines": .int(1)],
            ]
        )
        #expect(
            loaded.diagnostics.map { "\($0.location?.description ?? ""): \($0.message)" } == [
                "11:5: 'Sign' needs the parameter 'text' (Text), which has no default",
                "11:5: 'Sign' needs the parameter 'lines' (Lines), which has no default",
                "16:7: 'Sign' needs the parameter 'lines' (Lines), which has no default",
                "19:38: 'lines' must be an integer of at least 1, not 0",
            ]
        )
    }

    /// A date parameter is read strictly; a field out of range is named in words.
    @Test(arguments: [
        (
            "tomorrow",
            "'until' must be an ISO 8601 date such as 2026-11-29 or 2026-11-29T12:00:00Z, not 'tomorrow'"
        ),
        (
            "2026-02-29",
            "'until' must be an ISO 8601 date such as 2026-11-29 or 2026-11-29T12:00:00Z, not '2026-02-29': "
                + "February 2026 has 28 days"
        ),
    ])
    func aDateParameterIsReadStrictly(until: String, message: String) throws {
        let directory = try Fixture.files([
            "widgets.yaml":
                "widgets:\n  - {id: s, kind: Sign, configuration: {text: a, lines: 1, until: \(until)}}\n"
        ])
        let registry = try WidgetRegistry(bundles: [SignBundle()])
        let loaded = ConfigurationLoader(registry: registry).load([directory.path("widgets.yaml")])
        #expect(loaded.instances.isEmpty)
        #expect(loaded.diagnostics.map(\.message) == [message])
    }

    /// Widgets configured alike share one copy of their configuration, and only when it is the
    /// same byte for byte: a string written in another Unicode form keeps its own bytes.
    @Test func configurationsAlikeKeepWhatEachWidgetWrote() throws {
        let directory = try Fixture.files([
            "widgets.yaml": """
            widgets:
              - {id: a, kind: Sign, configuration: {text: "\u{E9}", lines: 1}}
              - {id: b, kind: Sign, configuration: {text: "e\u{301}", lines: 1}}
              - {id: c, kind: Sign, configuration: {lines: 1, text: "\u{E9}"}}
              - {id: d, kind: Sign, configuration: {text: "\u{E9}", lines: 2}}
              - {id: e, kind: Sign, configuration: {text: "e\u{301}", lines: 1}}
            """
        ])
        let registry = try WidgetRegistry(bundles: [SignBundle()])
        let loaded = ConfigurationLoader(registry: registry).load([directory.path("widgets.yaml")])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.instances.map(\.id) == ["a", "b", "c", "d", "e"])
        #expect(
            loaded.instances.map { Array(($0.configuration["text"]?.stringValue ?? "").utf8) } == [
                [0xC3, 0xA9], [0x65, 0xCC, 0x81], [0xC3, 0xA9], [0xC3, 0xA9], [0x65, 0xCC, 0x81],
            ])
        #expect(
            loaded.instances.map { $0.configuration["lines"] } == [
                .int(1), .int(1), .int(1), .int(2), .int(1),
            ])
        #expect(loaded.instances.allSatisfy { $0.configuration["style"] == .string("plain") })
    }

    @Test func theSampleShapeLoadsWithDefaults() throws {
        let (loaded, diagnostics) = try Fixture.load(
            """
            appGroup: group.test
            widgets:
              - id: work
                kind: TaskWidget
                family: systemLarge
                configuration:
                  priorityFilter: high
                  showCompleted: false
                  maxTasks: 4
                  category: work
              - kind: TaskWidget
              - kind: FocusWidget
              - kind: Quickmenu
              - kind: TaskWidget
                configuration:
            """
        )
        #expect(diagnostics == [])
        #expect(
            loaded.instances.map(\.id) == [
                "work", "TaskWidget-2", "FocusWidget-1", "Quickmenu-1", "TaskWidget-3",
            ])
        let work = try #require(loaded.instances.first)
        #expect(work.family == .systemLarge)
        #expect(work.appGroup == "group.test")
        #expect(work.location == SourceLocation(line: 3, column: 5))
        #expect(
            work.configuration == [
                "priorityFilter": .string("high"), "showCompleted": .bool(false), "maxTasks": .int(4),
                "category": .string("work"), "rowStyle": .string("button"),
            ]
        )
        let defaults = loaded.instances[1]
        #expect(defaults.family == .systemMedium)
        #expect(
            defaults.configuration == [
                "priorityFilter": .string("all"), "showCompleted": .null, "maxTasks": .int(3),
                "category": .string("all"), "rowStyle": .string("button"),
            ]
        )
        #expect(loaded.instances[4].configuration == defaults.configuration)
        #expect(loaded.instances[2].configuration.isEmpty)
    }

    @Test func everyProblemOfTheFileIsReportedAtItsLocation() throws {
        let (loaded, diagnostics) = try Fixture.load(
            """
            appGroup: group.test
            widget: []
            widgets:
              - id: work
                kind: TaskWidgt
              - id: work
                kind: TaskWidget
                family: systemHuge
                configuration:
                  priorityFilter: urgent
                  showCompleted: yes
                  maxTasks: 0
                  categry: work
              - kind: FocusWidget
                family: accessoryCircular
                configuration:
                  isOn: true
              - kind: Quickmenu
                id: work
              - family: systemSmall
              - kind: TaskWidget
                configuration: [1, 2]
            """
        )
        #expect(loaded.hasErrors)
        #expect(
            diagnostics == [
                "widgets.yaml:2:1: error: unknown key 'widget' in 'widgets.yaml'; did you mean 'widgets'?",
                "widgets.yaml:5:11: error: unknown widget kind 'TaskWidgt'; did you mean 'TaskWidget'?",
                "widgets.yaml:6:9: error: duplicate widget id 'work': already used by the widget at line 4\n"
                    + "widgets.yaml:4:5: note: the first widget with id 'work'",
                "widgets.yaml:8:13: error: 'systemHuge' is not a widget family; expected one of systemMedium, "
                    + "systemSmall, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, "
                    + "accessoryInline; did you mean 'systemLarge'?",
                "widgets.yaml:10:23: error: 'urgent' is not a priority filter; expected one of all, high, medium, low",
                "widgets.yaml:11:22: error: 'showCompleted' must be true or false, not a string 'yes' "
                    + "('yes' is a string in YAML 1.2; write true)",
                "widgets.yaml:12:17: error: 'maxTasks' must be an integer of at least 1, not 0",
                "widgets.yaml:13:7: error: unknown key 'categry' in 'configuration'; did you mean 'category'?",
                "widgets.yaml:15:13: error: 'FocusWidget' does not support the family 'accessoryCircular'; "
                    + "it supports systemSmall, systemMedium, systemLarge, systemExtraLarge",
                "widgets.yaml:16:5: error: 'FocusWidget' takes no configuration: it is a StaticConfiguration widget",
                "widgets.yaml:19:9: error: duplicate widget id 'work': already used by the widget at line 4\n"
                    + "widgets.yaml:4:5: note: the first widget with id 'work'",
                "widgets.yaml:20:5: error: 'widget' is missing the required key 'kind'",
                "widgets.yaml:22:20: error: 'configuration' must be a mapping, not a list",
            ]
        )
    }

    @Test func defaultIDsThatClashAskForAnID() throws {
        let (_, diagnostics) = try Fixture.load(
            """
            widgets:
              - id: FocusWidget-1
                kind: Quickmenu
              - kind: FocusWidget
            """
        )
        #expect(
            diagnostics == [
                "widgets.yaml:4:5: error: this widget's default id 'FocusWidget-1' is already the id of the "
                    + "widget at line 2; give it an 'id'\nwidgets.yaml:2:5: note: the first widget with id 'FocusWidget-1'"
            ]
        )
    }

    @Test func quotedFlowAndTaggedScalarsReadAsPlainOnes() throws {
        let (loaded, diagnostics) = try Fixture.load(
            """
            widgets:
              - {id: "a", kind: 'TaskWidget', family: "systemLarge", configuration: {priorityFilter: "high", showCompleted: !!bool false, maxTasks: +4, category: !!str 2024}}
              - id: !!str b
                kind: !!str TaskWidget
                family: !!str accessoryInline
                configuration:
                  maxTasks: 0x5
                  priorityFilter: !!str low
              - kind: "Quickmenu"
                family: 'systemSmall'
            """
        )
        #expect(diagnostics == [])
        #expect(loaded.instances.map(\.id) == ["a", "b", "Quickmenu-1"])
        #expect(loaded.instances.map(\.family) == [.systemLarge, .accessoryInline, .systemSmall])
        #expect(
            loaded.instances[0].configuration == [
                "priorityFilter": .string("high"), "showCompleted": .bool(false), "maxTasks": .int(4),
                "category": .string("2024"), "rowStyle": .string("button"),
            ]
        )
        #expect(
            loaded.instances[1].configuration == [
                "priorityFilter": .string("low"), "showCompleted": .null, "maxTasks": .int(5),
                "category": .string("all"), "rowStyle": .string("button"),
            ]
        )
    }

    @Test func scalarsOfTheWrongTypeAreReportedWhereTextIsExpected() throws {
        let (loaded, diagnostics) = try Fixture.load(
            """
            widgets:
              - kind: true
              - kind: TaskWidget
                id: 12
                family: 12
                configuration:
                  priorityFilter: null
                  category: ~
                  showCompleted: 'true'
                  maxTasks: 99999999999999999999
              - kind: [TaskWidget]
                configuration: {1: x, "priorityFilter": true}
            """
        )
        #expect(loaded.instances.isEmpty)
        #expect(
            diagnostics == [
                "widgets.yaml:2:11: error: 'kind' must be a string, not a boolean 'true' (write '\"true\"' for the text)",
                "widgets.yaml:5:13: error: '12' is not a widget family; expected one of systemMedium, systemSmall, "
                    + "systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, accessoryInline",
                "widgets.yaml:7:23: error: 'priorityFilter' must be one of all, high, medium, low, not null",
                "widgets.yaml:8:17: error: 'category' must be a string, not null",
                "widgets.yaml:9:22: error: 'showCompleted' must be true or false, not a string 'true'",
                "widgets.yaml:10:17: error: 'maxTasks' must be an integer of at least 1, not 99999999999999999999, "
                    + "which is over the largest integer, 9223372036854775807",
                "widgets.yaml:11:11: error: 'kind' must be a string, not a list",
            ]
        )
    }

    @Test func validWidgetsKeepTheirOrderAmongInvalidOnes() throws {
        let (loaded, diagnostics) = try Fixture.load(
            """
            widgets:
              - kind: FocusWidget
              - id: x
                kind: TaskWidget
                family: systemHuge
              - kind: Quickmenu
              - id: x
                kind: FocusWidget
              - kind: TaskWidget
                id: y
              - 12
              - kind: FocusWidget
            """
        )
        #expect(diagnostics.count == 3)
        #expect(loaded.instances.map(\.id) == ["FocusWidget-1", "Quickmenu-1", "y", "FocusWidget-3"])
        #expect(loaded.instances.map(\.location.line) == [2, 6, 9, 12])
    }

    @Test(arguments: [
        ("a b", true), ("a\tb", true), ("x\u{A0}y", true), ("caf\u{E9}\u{2003}", true), ("caf\u{E9}", false),
        ("w-1", false),
    ])
    func idsWithWhiteSpaceAreRefused(id: String, refused: Bool) throws {
        let (loaded, diagnostics) = try Fixture.load("widgets:\n  - id: \"\(id)\"\n    kind: FocusWidget\n")
        #expect(loaded.instances.map(\.id) == (refused ? [] : [id]))
        #expect(
            diagnostics
                == (refused
                    ? [
                        // A tab is quoted as its control picture, so it shows.
                        "widgets.yaml:2:9: error: a widget id must be non-empty and without spaces, not "
                            + "'\(id.replacingOccurrences(of: "\t", with: "␉"))'"
                    ]
                    : []))
    }

    /// An id with a control or formatting character (ESC, NUL, C1, a bidi override) could never
    /// be typed or tapped through `serve`, and would act on a terminal or reverse a caption.
    @Test(arguments: [
        ("c\u{1B}[2J", "U+001B", "c␛[2J"), ("a\u{202E}b", "U+202E", "a\\u{202E}b"),
        ("x\u{9B}31m", "U+009B", "x\\u{9B}31m"), ("n\u{0}", "U+0000", "n␀"),
    ])
    func idsWithControlsAreRefused(id: String, control: String, shown: String) throws {
        let yaml = id.unicodeScalars.map {
            $0.value < 0x20 || $0.value > 0x7E ? String(format: "\\U%08X", $0.value) : String($0)
        }.joined()
        let (loaded, diagnostics) = try Fixture.load(
            "widgets:\n  - id: \"\(yaml)\"\n    kind: FocusWidget\n  - id: \"👨‍👩‍👧\"\n    kind: FocusWidget\n")
        #expect(loaded.instances.map(\.id) == ["👨‍👩‍👧"])
        #expect(
            diagnostics == [
                "widgets.yaml:2:9: error: a widget id must not hold control or formatting characters (it holds "
                    + "\(control)), not '\(shown)'"
            ])
    }

    @Test func fileLevelProblems() throws {
        let cases: [(String, String)] = [
            ("", "widgets.yaml: error: contains no YAML document"),
            ("- a\n", "widgets.yaml:1:1: error: 'widgets.yaml' must be a mapping, not a list"),
            (
                "appGroup: x\n",
                "widgets.yaml:1:1: error: 'widgets.yaml' is missing the required key 'widgets'"
            ),
            ("widgets: {a: 1}\n", "widgets.yaml:1:10: error: 'widgets' must be a list, not a mapping"),
            (
                "widgets: []\n---\nwidgets: []\n",
                "widgets.yaml:3:1: error: a configuration file holds one YAML document; this is document 2 of 2"
            ),
            (
                "widgets: [\n",
                "widgets.yaml:2:1: error: did not find expected node content\nwidgets.yaml:2:1: note: while parsing a flow node"
                    + "\nnote: the file ends where a value was expected, inside a '[' or '{' that is never closed"
            ),
            ("appGroup: ''\nwidgets: []\n", "widgets.yaml:1:11: error: 'appGroup' must not be empty"),
        ]
        for (text, expected) in cases {
            let (loaded, diagnostics) = try Fixture.load(text)
            #expect(loaded.hasErrors, "\(text)")
            #expect(diagnostics.first == expected, "\(text)")
        }
    }

    @Test func filesAndDirectories() throws {
        let directory = try Fixture.files([
            "b.yaml": "widgets:\n  - kind: FocusWidget\n",
            "a.yml": "widgets:\n  - kind: Quickmenu\n",
            "notes.txt": "not a config",
        ])
        let registry = try Fixture.registry()
        let loaded = ConfigurationLoader(registry: registry).load([directory.url.path])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.yml", "b.yaml"])
        #expect(loaded.instances.map(\.id) == ["Quickmenu-1", "FocusWidget-1"])

        let missing = ConfigurationLoader(registry: registry).load([directory.path("nope.yaml")])
        #expect(missing.diagnostics.map(\.message) == ["no such file or directory"])
        let empty = try TemporaryDirectory()
        let none = ConfigurationLoader(registry: registry).load([empty.url.path])
        #expect(none.diagnostics.map(\.code.rawValue) == ["config.empty-directory"])
    }

    @Test func duplicateIDsAcrossFilesNameTheOtherFile() throws {
        let directory = try Fixture.files([
            "a.yaml": "widgets:\n  - id: x\n    kind: Quickmenu\n",
            "b.yaml": "widgets:\n  - id: x\n    kind: FocusWidget\n",
        ])
        let loaded = ConfigurationLoader(registry: try Fixture.registry()).load([directory.url.path])
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.location == SourceLocation(line: 2, column: 9))
        #expect(
            diagnostic.message
                == "duplicate widget id 'x': already used by the widget at \(directory.path("a.yaml")):2:5")
    }

    @Test func pluginsAreWarnedAboutNotSilentlyIgnored() throws {
        let (loaded, diagnostics) = try Fixture.load(
            "widgets: []\nplugins:\n  - ./Plugins/Examples/countdown\n")
        #expect(!loaded.hasErrors)
        #expect(
            diagnostics == [
                "widgets.yaml:3:5: warning: plugin folders are not loaded by this version of widgethost; "
                    + "'./Plugins/Examples/countdown' is ignored"
            ]
        )
    }
}

/// An unknown widget key that is a parameter of the widget's kind gets a fix-it note.
@Suite struct MisplacedParameterTests {
    @Test(arguments: [
        // `configuration:` with the parameter at its own indentation.
        (
            "widgets:\n  - kind: TaskWidget\n    configuration:\n    maxTasks: 3\n",
            "widgets.yaml:4:5: error: unknown key 'maxTasks' in 'widget'; expected one of id, kind, family, "
                + "configuration\nnote: 'maxTasks' is a parameter of TaskWidget: indent it under "
                + "'configuration:', to column 7"
        ),
        // Beside a `configuration:` that has parameters: indent to theirs.
        (
            "widgets:\n  - kind: TaskWidget\n    configuration:\n        category: work\n    maxTasks: 3\n",
            "widgets.yaml:5:5: error: unknown key 'maxTasks' in 'widget'; expected one of id, kind, family, "
                + "configuration\nnote: 'maxTasks' is a parameter of TaskWidget: indent it under "
                + "'configuration:', to column 9"
        ),
        // No `configuration:` at all, the parameter before the kind.
        (
            "widgets:\n  - maxTasks: 3\n    kind: TaskWidget\n",
            "widgets.yaml:2:5: error: unknown key 'maxTasks' in 'widget'; expected one of id, kind, family, "
                + "configuration\nnote: 'maxTasks' is a parameter of TaskWidget: add 'configuration:' to the "
                + "widget and indent it under that, to column 7"
        ),
        // A flow `configuration: {...}`.
        (
            "widgets:\n  - {kind: TaskWidget, configuration: {category: work}, maxTasks: 2}\n",
            "widgets.yaml:2:57: error: unknown key 'maxTasks' in 'widget'; expected one of id, kind, family, "
                + "configuration\nnote: 'maxTasks' is a parameter of TaskWidget: move it into the mapping of "
                + "'configuration:'"
        ),
        // Not a parameter of this kind: no note.
        (
            "widgets:\n  - kind: FocusWidget\n    maxTasks: 3\n",
            "widgets.yaml:3:5: error: unknown key 'maxTasks' in 'widget'; expected one of id, kind, family, "
                + "configuration"
        ),
    ])
    func aParameterBesideConfigurationGetsAFixIt(text: String, expected: String) throws {
        let (loaded, diagnostics) = try Fixture.load(text)
        #expect(loaded.hasErrors)
        #expect(diagnostics == [expected])
    }
}
