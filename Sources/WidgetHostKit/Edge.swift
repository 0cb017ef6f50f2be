/// An edge of a view, as SwiftUI's `Edge`.
public enum Edge: String, Sendable, Hashable, CaseIterable {
    /// The top edge.
    case top
    /// The leading edge.
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing edge.
    case trailing

    /// A set of edges, as `padding(.horizontal, 8)` takes.
    public typealias Set = OptionBits<Edge>

    fileprivate var bit: Int {
        switch self {
        case .top: return 0
        case .leading: return 1
        case .bottom: return 2
        case .trailing: return 3
        }
    }
}

extension OptionBits where Kind == Edge {
    /// The top edge.
    public static var top: Self { Self(rawValue: 1) }
    /// The leading edge.
    public static var leading: Self { Self(rawValue: 2) }
    /// The bottom edge.
    public static var bottom: Self { Self(rawValue: 4) }
    /// The trailing edge.
    public static var trailing: Self { Self(rawValue: 8) }
    /// Leading and trailing.
    public static var horizontal: Self { [.leading, .trailing] }
    /// Top and bottom.
    public static var vertical: Self { [.top, .bottom] }
    /// Every edge.
    public static var all: Self { [.top, .leading, .bottom, .trailing] }

    /// The set's name (`all`, `horizontal`, `top` ...), or the list of its edges when it has none.
    var json: JSONValue {
        if let name = edgeSetNames.first(where: { $0.0 == rawValue })?.1 { return .string(name) }
        return .array(
            Edge.allCases.filter { contains(Self(rawValue: 1 << $0.bit)) }.map { .string($0.rawValue) })
    }
}

/// The edge sets that have a name, by their bits.
private let edgeSetNames: [(Int, String)] = [
    (15, "all"), (10, "horizontal"), (5, "vertical"), (1, "top"), (2, "leading"), (4, "bottom"),
    (8, "trailing"),
]
