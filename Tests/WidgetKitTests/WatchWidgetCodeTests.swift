import Testing
@_spi(WidgetHost) import WidgetHostKit
import WidgetKit

/// Widget code for watchOS (a watch face's corner, closure buttons), as public watch widgets write
/// it: it compiles; the corner is the circular family here, and a closure button draws as a button
/// that runs nothing, recorded as ignored.
@Suite struct WatchWidgetCodeTests {
    /// A watch widget's view, switching on the family as watch widgets do.
    struct CornerView: View {
        let family: WidgetFamily

        var body: some View {
            switch family {
            case .accessoryCorner:
                Text("C")
            case .accessoryRectangular:
                Button(action: { print("open the door") }, label: { Image(systemName: "house") })
            default:
                Button("Ring") { print("ring") }
            }
        }
    }

    @Test func theCornerIsTheCircularFamily() {
        #expect(WidgetFamily.accessoryCorner == .accessoryCircular)
        #expect(
            ViewRenderer.root(of: CornerView(family: .accessoryCircular)).json.description
                == #"{"type":"text","text":"C"}"#)
        #expect(!WidgetFamily.allCases.map(\.rawValue).contains("accessoryCorner"))
    }

    @Test func aClosureButtonDrawsAsAButtonThatRunsNothing() {
        let json = ViewRenderer.root(of: CornerView(family: .accessoryRectangular)).json.description
        #expect(
            json == #"{"type":"button","modifiers":[{"type":"ignored","api":"Button(action:) (a closure; "#
                + #"a widget's button runs only an AppIntent)"}],"children":[{"type":"image","systemName":"house"}]}"#
        )
        let titled = ViewRenderer.root(of: CornerView(family: .systemSmall)).json.description
        #expect(titled.contains(#""children":[{"type":"text","text":"Ring"}]"#), "\(titled)")
        #expect(!titled.contains("intent"))
    }
}
