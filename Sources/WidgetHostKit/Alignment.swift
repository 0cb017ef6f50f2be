/// Where a view sits in its frame, as SwiftUI's `Alignment`: recorded by name (`topLeading` ...),
/// the case's raw value.
public enum Alignment: String, Sendable {
    /// The centre.
    case center
    /// The leading edge, centred vertically.
    case leading
    /// The trailing edge, centred vertically.
    case trailing
    /// The top edge, centred horizontally.
    case top
    /// The bottom edge, centred horizontally.
    case bottom
    /// The top leading corner.
    case topLeading
    /// The top trailing corner.
    case topTrailing
    /// The bottom leading corner.
    case bottomLeading
    /// The bottom trailing corner.
    case bottomTrailing
}
