import SwiftUI
import Testing
@_spi(WidgetHost) import WidgetHostKit

/// `import SwiftUI` alone gives widget code UIKit's types, as Apple's SwiftUI does on iOS: an
/// entry holding a `UIImage` (IceCubesApp's `AccountWidgetEntry`) compiles without `import UIKit`.
@Suite struct SwiftUIBringsUIKitTests {
    struct AvatarEntry: TimelineEntry {
        let date: Date
        let avatar: UIImage?
    }

    struct AvatarView: View {
        let entry: AvatarEntry

        var body: some View {
            if let avatar = entry.avatar {
                Image(uiImage: avatar)
                    .font(Font(UIFont.preferredFont(forTextStyle: .headline)))
            }
        }
    }

    @Test func uiKitsTypesAreThereWithSwiftUI() {
        let entry = AvatarEntry(
            date: Date(timeIntervalSince1970: 0), avatar: UIImage(systemName: "person.circle"))
        let image = ViewRenderer.root(of: AvatarView(entry: entry))
        #expect(image.type == .image && image.systemName == "person.circle")
        #expect(UIScreen.main.scale == 3)
        #expect(UIFont.preferredFont(forTextStyle: .headline).pointSize == 17)
    }
}
