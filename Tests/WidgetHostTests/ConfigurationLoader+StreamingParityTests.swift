import Diagnostics
import Foundation
import TestSupport
import Testing
import WidgetHostKit
import YAML

@testable import WidgetEngine
@testable import WidgetHost

/// A file's widgets load alike whether its `widgets:` items are read as they are parsed, from
/// memory or from the file, or once the file is composed whole: the same widgets, the same
/// diagnostics with the same notes and quoted lines.
@Suite struct ConfigurationLoaderStreamingParityTests {
    static let configurations: [String] = [
        // Anchors across items: merged, a whole item aliased, an anchor inside a kept item.
        """
        appGroup: group.example.a
        widgets:
          - id: base
            kind: TaskWidget
            configuration: &c {maxTasks: 3, priorityFilter: high}
          - {id: merged, kind: TaskWidget, configuration: {<<: *c, maxTasks: 5}}
          - &q {kind: Quickmenu}
          - *q
          - {kind: FocusWidget, family: &f systemSmall}
          - {kind: FocusWidget, family: *f}
        """,
        // A problem in a value merged into several widgets is one diagnostic naming each user.
        """
        widgets:
          - id: a
            kind: TaskWidget
            configuration: &bad {maxTasks: 99}
          - {id: b, kind: TaskWidget, configuration: {<<: *bad}}
          - {id: c, kind: TaskWidget, configuration: {<<: *bad, category: work}}
        """,
        // Variables: in items, in an anchored value merged later, failing, in the header.
        """
        appGroup: ${GROUP:-group.example.v}
        widgets:
          - id: w-${WHO:-x}
            kind: TaskWidget
            configuration: &v {maxTasks: "${N:-2}", category: "${CAT}"}
          - {id: v2, kind: TaskWidget, configuration: {<<: *v}}
          - {id: v3, kind: TaskWidget, configuration: {maxTasks: ${N}}}
        """,
        // Every kind of problem an item can have, and duplicate and default ids.
        """
        widgets:
          - kind: TaskWidgit
          - {kind: TaskWidget, family: systemHuge}
          - {kind: FocusWidget, configuration: {a: 1}}
          - {id: x, kind: Quickmenu}
          - {id: x, kind: FocusWidget}
          - {id: "has space", kind: Quickmenu}
          - just a scalar
          - [a, list]
          - {kind: TaskWidget, maxTasks: 3}
          - {kind: Quickmenu, family: systemMedium, bogus: 1}
          - {kind: TaskWidget, configuration: {maxTasks: 0, maxTasks: 1}}
        """,
        // Keys after the widgets, unknown keys, a flow list on one line, comments.
        """
        # a comment
        widgets: [{kind: Quickmenu}, {kind: FocusWidget}]  # and another
        extra: 1
        appGroup: group.example.late
        """,
        // A second document; an empty list; widgets not a list; a null list.
        "widgets:\n  - kind: Quickmenu\n---\nwidgets: []\n",
        "widgets: []\n",
        "widgets: {kind: Quickmenu}\n",
        "widgets:\n",
        "appGroup: group.example.only\n",
        // YAML errors before, inside and after the list.
        "widgets:\n  - {kind: Quickmenu}\n  - {kind: FocusWidget\n",
        "widgets:\n  - kind: Quickmenu\nwidgets:\n  - kind: FocusWidget\n",
        "widgets:\n  - *nothing\n",
        "appGroup: [\nwidgets:\n  - kind: Quickmenu\n",
        "widgets:\n  - {kind: Quickmenu, kind: FocusWidget}\n",
        // A merge at the top level, an anchored list, and a list used through an alias.
        "<<: {appGroup: group.example.m}\nwidgets:\n  - kind: Quickmenu\n",
        "widgets: &all\n  - kind: Quickmenu\n",
        "widgets:\n  - &one {kind: Quickmenu, id: one}\n  - {<<: *one, id: two}\n  - *one\n",
    ]

    struct Loaded: Equatable {
        var widgets: [String]
        var diagnostics: [String]
    }

    static func load(_ path: String, streams: Bool, inMemoryUpTo: Int) throws -> Loaded {
        var loader = ConfigurationLoader(registry: try Fixture.registry())
        loader.streamsWidgets = streams
        loader.limits.inMemoryInputSize = inMemoryUpTo
        loader.environment = ["N": "4", "CAT": "work"]
        loader.recordsOrigins = true
        let loaded = loader.load([path])
        return Loaded(
            widgets: loaded.instances.map { instance in
                let origins = (instance.origins ?? [:]).sorted { $0.key < $1.key }.map { "\($0)=\($1)" }
                return [
                    instance.id, instance.kind, instance.family.rawValue,
                    instance.configuration.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }
                        .joined(separator: ","),
                    instance.appGroup, "\(instance.location)", origins.joined(separator: ","),
                ].joined(separator: " | ")
            },
            diagnostics: loaded.diagnostics.map { diagnostic in
                let notes = diagnostic.notes.map { "\($0.message) @ \(String(describing: $0.location))" }
                return "\(String(describing: diagnostic.location)) \(diagnostic.code.rawValue) "
                    + "\(diagnostic.message) [\(diagnostic.sourceLine ?? "-")] "
                    + notes.joined(separator: "; ")
            })
    }

    @Test(arguments: configurations)
    func streamedAndWholeLoadAlike(text: String) throws {
        let directory = try Fixture.files(["widgets.yaml": text])
        let path = directory.path("widgets.yaml")
        let whole = try Self.load(path, streams: false, inMemoryUpTo: .max)
        let streamed = try Self.load(path, streams: true, inMemoryUpTo: .max)
        let fromFile = try Self.load(path, streams: true, inMemoryUpTo: 0)
        #expect(streamed == whole)
        #expect(fromFile == whole)
    }
}
