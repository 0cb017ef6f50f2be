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
    public struct Set: OptionSet, Sendable, Hashable {
        /// The bits, one per edge.
        public let rawValue: Int

        /// Creates a set from its bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The leading edge.
        public static let leading = Set(rawValue: 2)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 4)
        /// The trailing edge.
        public static let trailing = Set(rawValue: 8)
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]

        private static let names: [(Set, String)] = [
            (.all, "all"), (.horizontal, "horizontal"), (.vertical, "vertical"), (.top, "top"),
            (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing"),
        ]

        /// The set's name (`all`, `horizontal`, `top` ...), or the list of its edges when it has none.
        var json: JSONValue {
            if let name = Self.names.first(where: { $0.0 == self })?.1 { return .string(name) }
            return .array(
                Edge.allCases.filter { contains(Set(rawValue: 1 << $0.bit)) }.map { .string($0.rawValue) })
        }
    }

    private var bit: Int {
        switch self {
        case .top: return 0
        case .leading: return 1
        case .bottom: return 2
        case .trailing: return 3
        }
    }
}
