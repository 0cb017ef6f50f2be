import Testing
import UIKit
@_spi(WidgetHost) import WidgetHostKit

/// `import UIKit` in widget code from iOS: its colours, images and fonts become the views SwiftUI
/// would draw, and the screen and device read as the reference iPhone's.
@Suite struct UIKitTests {
    /// A view as widget code writes it with UIKit's types.
    struct Badge: View {
        var body: some View {
            VStack {
                Image(uiImage: UIImage(systemName: "star.fill")!)
                Image(uiImage: UIImage(named: "Logo")!)
                Text("Done")
                    .font(Font(UIFont.preferredFont(forTextStyle: .headline)))
                    .foregroundStyle(Color(uiColor: .secondaryLabel))
                Text("Late")
                    .font(Font(UIFont.systemFont(ofSize: 13, weight: .bold)))
                    .foregroundStyle(Color(UIColor.systemRed.withAlphaComponent(0.5)))
            }
            .background(Color(.systemBackground))
        }
    }

    @Test func uiKitsTypesDrawAsSwiftUIsDo() {
        let json = ViewRenderer.root(of: Badge()).json.description
        #expect(json.contains(#"{"type":"image","systemName":"star.fill"}"#), "\(json)")
        #expect(json.contains(#""systemName":"photo""#) && json.contains("Logo"), "\(json)")
        #expect(json.contains(#"{"type":"font","style":"headline"}"#), "\(json)")
        #expect(json.contains(#"{"type":"foregroundStyle","style":"secondary"}"#), "\(json)")
        #expect(json.contains(#"{"type":"font","size":13,"weight":"bold"}"#), "\(json)")
        #expect(json.contains(#"{"type":"foregroundStyle","style":"red","opacity":0.5}"#), "\(json)")
        #expect(json.contains(#"{"type":"background","style":"systemBackground"}"#), "\(json)")
    }

    @Test func theScreenAndDeviceAreTheReferenceIPhones() {
        #expect(UIScreen.main.bounds.width == 430 && UIScreen.main.scale == 3)
        #expect(UIDevice.current.userInterfaceIdiom == .phone)
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIImage(data: Data()) == nil)
        #expect(Color(UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)).name == "#FF8000")
    }

    /// UIFontMetrics at the default text size: values and fonts as they are (Mastodon's hashtag
    /// widget scales its spacing with it).
    @Test func fontMetricsScaleNothingAtTheDefaultSize() {
        #expect(UIFontMetrics.default.scaledValue(for: 12) == 12)
        let font = UIFont.systemFont(ofSize: 13, weight: .bold)
        #expect(UIFontMetrics(forTextStyle: .headline).scaledFont(for: font) == font)
    }
}
