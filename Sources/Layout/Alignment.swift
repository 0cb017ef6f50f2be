/// Where a view goes along one axis of the room it is placed in: SwiftUI's alignment names read
/// once, when the tree is built, rather than compared as strings at every placement.
enum AlignmentPosition: Sendable, Hashable {
    /// `leading`, `top` (and `firstTextBaseline`, laid out as `top`).
    case start
    /// Centred.
    case center
    /// `trailing`, `bottom` (and `lastTextBaseline`, laid out as `bottom`).
    case end

    /// A stack's alignment across its axis, by its name (`leading`, `top`, `center`, ...); a
    /// name it does not know, or none, is `center`.
    init(_ name: String?) {
        switch name {
        case "leading", "top", "firstTextBaseline": self = .start
        case "trailing", "bottom", "lastTextBaseline": self = .end
        default: self = .center
        }
    }

    /// Where a child of `length` starts in `room`.
    func offset(_ length: Double, in room: Double) -> Double {
        switch self {
        case .start: return 0
        case .end: return room - length
        case .center: return (room - length) / 2
        }
    }
}

/// A SwiftUI `Alignment` (`topLeading`, `center`, ...): a position along each axis.
struct Alignment: Sendable, Hashable {
    /// Where along the width: `leading`, `center`, `trailing`.
    var horizontal: AlignmentPosition
    /// Where along the height: `top`, `center`, `bottom`.
    var vertical: AlignmentPosition

    /// Centred both ways (SwiftUI's default).
    static let center = Alignment(horizontal: .center, vertical: .center)
    /// At the top-left corner.
    static let topLeading = Alignment(horizontal: .start, vertical: .start)

    /// The alignment of those positions.
    init(horizontal: AlignmentPosition, vertical: AlignmentPosition) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The alignment a name gives (`leading` is centred vertically, `top` horizontally); a
    /// name it does not know, or none, is `center`.
    init(_ name: String?) {
        switch name {
        case "leading": self.init(horizontal: .start, vertical: .center)
        case "trailing": self.init(horizontal: .end, vertical: .center)
        case "top": self.init(horizontal: .center, vertical: .start)
        case "bottom": self.init(horizontal: .center, vertical: .end)
        case "topLeading": self.init(horizontal: .start, vertical: .start)
        case "topTrailing": self.init(horizontal: .end, vertical: .start)
        case "bottomLeading": self.init(horizontal: .start, vertical: .end)
        case "bottomTrailing": self.init(horizontal: .end, vertical: .end)
        default: self = .center
        }
    }

    /// The origin of a child of `size` aligned in `area`.
    func origin(of size: Size, in area: Rect) -> (x: Double, y: Double) {
        (
            area.x + horizontal.offset(size.width, in: area.width),
            area.y + vertical.offset(size.height, in: area.height)
        )
    }
}
