/// A column of a `LazyVGrid` or a row of a `LazyHGrid`, as SwiftUI's `GridItem`.
public struct GridItem: Sendable, Hashable {
    /// How long the column (or row) is.
    public enum Size: Sendable, Hashable {
        /// `length` points.
        case fixed(Double)
        /// A share of the room, between the bounds.
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        /// As many as fit, each at least `minimum` points.
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    /// The column's length.
    public var size: Size
    /// The space after it (the system's default, 8, when `nil`).
    public var spacing: Double?
    /// Where its views sit in their cells (recorded nowhere: a cell's view is centred).
    public var alignment: Alignment?

    /// A column (or row).
    public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// The views a scroll view pins (SwiftUI's `PinnedScrollableViews`): a widget does not scroll.
public typealias PinnedScrollableViews = OptionBits<PinnedScrollableView>

extension OptionBits where Kind == PinnedScrollableView {
    /// Section headers.
    public static var sectionHeaders: Self { Self(rawValue: 1) }
    /// Section footers.
    public static var sectionFooters: Self { Self(rawValue: 2) }
}

/// A grid filled row by row (`LazyVGrid(columns:)`): a `vstack` of rows, each an `hstack` of as
/// many cells as there are columns (an adaptive column, as many as fit the family's content
/// width), each cell in a frame of its column's width, or sharing the room.
public struct LazyVGrid: PrimitiveView {
    private let grid: GridLayout

    /// A grid of `columns`, its rows `spacing` points apart.
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> ViewGroup
    ) {
        grid = GridLayout(
            lines: columns, axis: .vertical, alignment: alignment == .center ? nil : alignment.rawValue,
            spacing: spacing, cells: content().nodes)
    }

    /// The rows.
    public func makeNodes() -> [ViewNode] { [grid.node] }
}

/// A grid filled column by column (`LazyHGrid(rows:)`): an `hstack` of columns, each a `vstack` of
/// as many cells as there are rows.
public struct LazyHGrid: PrimitiveView {
    private let grid: GridLayout

    /// A grid of `rows`, its columns `spacing` points apart.
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Double? = nil,
        pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> ViewGroup
    ) {
        grid = GridLayout(
            lines: rows, axis: .horizontal, alignment: alignment == .center ? nil : alignment.rawValue,
            spacing: spacing, cells: content().nodes)
    }

    /// The columns.
    public func makeNodes() -> [ViewNode] { [grid.node] }
}

/// A grid of rows written out (`Grid { GridRow { ... } }`): a `vstack` of the rows, each an
/// `hstack` whose cells share its width (SwiftUI sizes a column to its widest cell).
public struct Grid: PrimitiveView {
    private let rows: ViewGroup
    private let alignment: Alignment
    private let verticalSpacing: Double?

    /// A grid of the rows `content` writes.
    public init(
        alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil,
        @ViewBuilder content: () -> ViewGroup
    ) {
        self.alignment = alignment
        self.verticalSpacing = verticalSpacing
        self.rows = content()
    }

    /// The `vstack` of rows.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .vstack, children: rows.nodes, spacing: ViewNode.spacing(verticalSpacing))]
    }
}

/// A row of a ``Grid``: an `hstack` of its cells, each sharing the row's width.
public struct GridRow: PrimitiveView {
    private let cells: ViewGroup
    private let alignment: VerticalAlignment

    /// A row of the cells `content` writes, lined up at `alignment`.
    public init(alignment: VerticalAlignment = .center, @ViewBuilder content: () -> ViewGroup) {
        self.cells = content()
        self.alignment = alignment
    }

    /// The `hstack` of cells.
    public func makeNodes() -> [ViewNode] {
        [
            ViewNode(
                type: .hstack,
                children: cells.nodes.map { GridLayout.cell($0, in: .flexible(), axis: .vertical) },
                alignment: alignment == .center ? nil : alignment.rawValue)
        ]
    }
}

/// The stacks a lazy grid is drawn as.
private struct GridLayout: Sendable {
    /// The columns of a vertical grid, the rows of a horizontal one.
    let lines: [GridItem]
    /// `.vertical`: rows of cells one below the other.
    let axis: Axis
    let alignment: String?
    let spacing: Double?
    let cells: [ViewNode]

    /// The grid's stack of lines of cells.
    var node: ViewNode {
        let lines = self.lines.isEmpty ? [GridItem()] : self.lines
        let sizes = expanded(lines)
        let lineSpacing = ViewNode.spacing(lines[0].spacing)
        var groups: [ViewNode] = []
        var start = 0
        while start < cells.count {
            let end = min(start + sizes.count, cells.count)
            var members = (start..<end).map { Self.cell(cells[$0], in: sizes[$0 - start], axis: axis) }
            // The last line's empty cells keep its columns where the lines above have them.
            for size in sizes.dropFirst(end - start) {
                members.append(Self.cell(ViewNode(type: .spacer), in: size, axis: axis))
            }
            groups.append(
                ViewNode(type: axis == .vertical ? .hstack : .vstack, children: members, spacing: lineSpacing)
            )
            start = end
        }
        return ViewNode(
            type: axis == .vertical ? .vstack : .hstack, children: groups, alignment: alignment,
            spacing: ViewNode.spacing(spacing))
    }

    /// The lines' sizes, an adaptive one as many times as fit the family's content across (down,
    /// for a horizontal grid).
    private func expanded(_ lines: [GridItem]) -> [GridItem.Size] {
        let family = EnvironmentValues.current.widgetFamily
        let size = family.displaySize
        let room = (axis == .vertical ? size.width : size.height) - 2 * family.contentMargin
        return lines.flatMap { line -> [GridItem.Size] in
            guard case .adaptive(let minimum, let maximum) = line.size else { return [line.size] }
            let spacing = line.spacing ?? 8
            let fits = Int(((room + spacing) / (max(minimum, 1) + spacing)).rounded(.down))
            return Array(
                repeating: .flexible(minimum: minimum, maximum: maximum), count: min(max(fits, 1), 100))
        }
    }

    /// `cell` in a frame of its line's length: fixed, or as much of the room as it gets.
    static func cell(_ cell: ViewNode, in size: GridItem.Size, axis: Axis) -> ViewNode {
        var cell = cell
        let across = axis == .vertical ? "width" : "height"
        switch size {
        case .fixed(let length):
            cell.modifiers.append(ViewModifierNode(.frame, [.init(across, JSONValue(points: length))]))
        case .flexible(_, let maximum), .adaptive(_, let maximum):
            let name = axis == .vertical ? "maxWidth" : "maxHeight"
            cell.modifiers.append(ViewModifierNode(.frame, [.init(name, JSONValue(points: maximum))]))
        }
        return cell
    }
}
