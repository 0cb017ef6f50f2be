import Testing
@_spi(WidgetHost) import WidgetHostKit

/// Internal, not private: test arguments are of this type.
enum RowBadge {
    case none
    case count(Int)
    case done
}

/// A row as a plugin author writes one: an image and a text side by side.
private struct Row: View {
    let title: String
    let isDone: Bool

    var body: some View {
        HStack {
            Image(systemName: isDone ? "checkmark.circle.fill" : "circle")
            Text(title)
        }
    }
}

/// A custom view made of custom views.
private struct List: View {
    let titles: [String]

    var body: some View {
        VStack {
            ForEach(titles) { title in
                Row(title: title, isDone: title.hasPrefix("x"))
            }
        }
    }
}

/// Several views at the top of a body.
private struct Header: View {
    var body: some View {
        Text("Title")
        Spacer()
        Text("Subtitle")
    }
}

/// Reads the family and preview flag from the environment.
private struct FamilyLabel: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isPreview) var isPreview

    var body: some View {
        Text(family.rawValue + (isPreview ? " preview" : ""))
    }
}

/// Reads the environment two custom views down, and decides with it.
private struct Adaptive: View {
    @Environment(\.widgetFamily) var family

    var body: some View {
        VStack {
            if family.isAccessory {
                Text("compact")
            } else {
                List(titles: ["a"])
                FamilyLabel()
            }
        }
    }
}

@Suite struct ViewBuilderTests {
    private func text(_ string: String) -> ViewNode { ViewNode(type: .text, text: string) }

    @Test(arguments: [true, false])
    func ifWithoutElse(_ condition: Bool) {
        let view = VStack {
            Text("always")
            if condition {
                Text("sometimes")
            }
        }
        let expected = condition ? [text("always"), text("sometimes")] : [text("always")]
        #expect(ViewRenderer.root(of: view) == ViewNode(type: .vstack, children: expected))
    }

    @Test(arguments: [true, false])
    func ifElse(_ condition: Bool) {
        let view = HStack {
            if condition {
                Text("yes")
            } else {
                Image(systemName: "xmark")
                Text("no")
            }
        }
        let expected = condition ? [text("yes")] : [ViewNode(type: .image, systemName: "xmark"), text("no")]
        #expect(ViewRenderer.root(of: view) == ViewNode(type: .hstack, children: expected))
    }

    @Test func ifLet() {
        func view(_ subtitle: String?) -> VStack {
            VStack {
                if let subtitle {
                    Text(subtitle)
                }
            }
        }
        #expect(ViewRenderer.root(of: view("sub")).children == [text("sub")])
        #expect(ViewRenderer.root(of: view(nil)).children == [])
    }

    @Test(arguments: [
        (RowBadge.none, [ViewNode]()),
        (.count(3), [ViewNode(type: .text, text: "3")]),
        (.done, [ViewNode(type: .image, systemName: "checkmark"), ViewNode(type: .text, text: "done")]),
    ])
    func switchOverCases(_ badge: RowBadge, _ expected: [ViewNode]) {
        let view = VStack {
            switch badge {
            case .none:
                EmptyView()
            case .count(let count):
                Text(String(count))
            case .done:
                Image(systemName: "checkmark")
                Text("done")
            }
        }
        #expect(ViewRenderer.root(of: view).children == expected)
    }

    @Test func forLoop() {
        let view = VStack {
            for index in 1...3 {
                Text("row \(index)")
            }
        }
        #expect(ViewRenderer.root(of: view).children == [text("row 1"), text("row 2"), text("row 3")])
    }

    @Test func forLoopOverNothing() {
        let view = VStack {
            for title in [String]() {
                Text(title)
            }
        }
        #expect(ViewRenderer.root(of: view) == ViewNode(type: .vstack))
    }

    @Test func forEachOverArraysAndRanges() {
        let array = VStack {
            ForEach(["a", "b"]) { title in
                Text(title)
                Spacer()
            }
        }
        #expect(
            ViewRenderer.root(of: array).children == [
                text("a"), ViewNode(type: .spacer), text("b"), ViewNode(type: .spacer),
            ]
        )
        let range = HStack {
            ForEach(0..<3) { Text(String($0)) }
        }
        #expect(ViewRenderer.root(of: range).children == [text("0"), text("1"), text("2")])
        let closed = HStack {
            ForEach(1...2) { Text(String($0)) }
        }
        #expect(ViewRenderer.root(of: closed).children == [text("1"), text("2")])
        let empty = HStack {
            ForEach(0..<0) { Text(String($0)) }
        }
        #expect(ViewRenderer.root(of: empty).children == [])
    }

    @Test func groupsFlattenIntoTheirParent() {
        let view = VStack {
            Group {
                Text("a")
                Group {
                    Text("b")
                }
            }
            Text("c")
            Group {}
        }
        #expect(ViewRenderer.root(of: view).children == [text("a"), text("b"), text("c")])
    }

    @Test func emptyViewsDrawNothing() {
        let view = VStack {
            EmptyView()
            Text("a")
            EmptyView()
        }
        #expect(ViewRenderer.root(of: view).children == [text("a")])
        #expect(ViewRenderer.nodes(of: EmptyView()) == [])
        #expect(ViewRenderer.root(of: VStack {}) == ViewNode(type: .vstack))
    }

    @Test func nestedCustomViews() {
        #expect(
            ViewRenderer.root(of: List(titles: ["milk", "xbread"]))
                == ViewNode(
                    type: .vstack,
                    children: [
                        ViewNode(
                            type: .hstack,
                            children: [ViewNode(type: .image, systemName: "circle"), text("milk")]),
                        ViewNode(
                            type: .hstack,
                            children: [
                                ViewNode(type: .image, systemName: "checkmark.circle.fill"), text("xbread"),
                            ]),
                    ]
                )
        )
    }

    @Test func rootKeepsASingleNode() {
        #expect(ViewRenderer.root(of: Text("one")) == text("one"))
        #expect(ViewRenderer.root(of: Group { Text("one") }) == text("one"))
        #expect(ViewRenderer.root(of: Row(title: "r", isDone: false)).type == .hstack)
    }

    @Test func rootWrapsSeveralNodesInAVStack() {
        #expect(
            ViewRenderer.nodes(of: Header()) == [text("Title"), ViewNode(type: .spacer), text("Subtitle")])
        #expect(
            ViewRenderer.root(of: Header())
                == ViewNode(
                    type: .vstack, children: [text("Title"), ViewNode(type: .spacer), text("Subtitle")])
        )
        #expect(ViewRenderer.root(of: EmptyView()) == ViewNode(type: .vstack))
    }

    @Test(arguments: WidgetFamily.allCases)
    func environmentReadsTheFamilyItIsDrawnIn(_ family: WidgetFamily) {
        let root = ViewRenderer.root(of: FamilyLabel(), in: EnvironmentValues(widgetFamily: family))
        #expect(root == text(family.rawValue))
    }

    @Test func environmentReadsThePreviewFlag() {
        let root = ViewRenderer.root(
            of: FamilyLabel(), in: EnvironmentValues(widgetFamily: .systemMedium, isPreview: true))
        #expect(root == text("systemMedium preview"))
    }

    @Test func environmentDefaultsToSmallOutsideARender() {
        #expect(ViewRenderer.root(of: FamilyLabel()) == text("systemSmall"))
        #expect(EnvironmentValues().widgetFamily == .systemSmall)
        #expect(EnvironmentValues().isPreview == false)
    }

    @Test func environmentReachesNestedViewsAndDecidesTheLayout() {
        let compact = ViewRenderer.root(of: Adaptive(), in: EnvironmentValues(widgetFamily: .accessoryInline))
        #expect(compact == ViewNode(type: .vstack, children: [text("compact")]))
        let large = ViewRenderer.root(of: Adaptive(), in: EnvironmentValues(widgetFamily: .systemLarge))
        #expect(large.children.last == text("systemLarge"))
        #expect(large.children.count == 2)
    }
}
