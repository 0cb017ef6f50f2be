/// Where a view sits in its frame, as SwiftUI's `Alignment`: recorded by name (`topLeading` ...).
public struct Alignment: Sendable, Hashable {
    /// The name the JSON view writes.
    public var name: String

    private init(name: String) {
        self.name = name
    }

    /// The centre.
    public static let center = Alignment(name: "center")
    /// The leading edge, centred vertically.
    public static let leading = Alignment(name: "leading")
    /// The trailing edge, centred vertically.
    public static let trailing = Alignment(name: "trailing")
    /// The top edge, centred horizontally.
    public static let top = Alignment(name: "top")
    /// The bottom edge, centred horizontally.
    public static let bottom = Alignment(name: "bottom")
    /// The top leading corner.
    public static let topLeading = Alignment(name: "topLeading")
    /// The top trailing corner.
    public static let topTrailing = Alignment(name: "topTrailing")
    /// The bottom leading corner.
    public static let bottomLeading = Alignment(name: "bottomLeading")
    /// The bottom trailing corner.
    public static let bottomTrailing = Alignment(name: "bottomTrailing")
}
