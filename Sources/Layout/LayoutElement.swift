import WidgetHostKit

/// One view of the tree being laid out, as SwiftUI has it: a vocabulary view, or a modifier that
/// places or draws (`padding`, `frame`, `background`, `clipShape`, `fixedSize`) wrapping the view
/// it modifies. Built once from the view, sized for each proposal a parent makes (each size kept,
/// so a stack that asks twice measures once), then placed.
final class LayoutElement {
    /// What the element is.
    enum Kind {
        /// The widget: its content inside the family's margins, on its background.
        case widget(margins: EdgeInsets, background: Paint, shape: LayoutShape)
        case text(String)
        /// An image: an SF Symbol sized to its font.
        case image(systemName: String?)
        /// A spacer: flexible along its stack's axis from its minimum length.
        case spacer(minLength: Double?, axis: Axis?)
        case stack(Axis, alignment: AlignmentPosition, spacing: Double?)
        case zstack(alignment: Alignment)
        case padding(EdgeInsets)
        case fixedFrame(width: Double?, height: Double?, alignment: Alignment)
        case flexibleFrame(FlexibleFrame, alignment: Alignment)
        /// A fill behind the content (its first child), in a shape, sized to it.
        case background(Paint, LayoutShape)
        /// A view drawn over the content (`overlay`) or behind it (`background` with a view),
        /// offered the content's size and aligned in it: the content is the first child.
        case layer(alignment: Alignment, isOverlay: Bool)
        /// The content clipped to a shape.
        case clip(LayoutShape)
        case fixedSize(horizontal: Bool, vertical: Bool)
        /// A button, toggle or link: its children, the tappable area, numbered as `tap` counts.
        case control(type: String, number: Int?)
        /// A toggle's switch.
        case toggleSwitch(isOn: Bool, tint: Paint)
        /// A progress view's bar (with a value) or spinner (without).
        case progress(value: Double?, tint: Paint)
        /// A view that draws nothing and takes no room (`EmptyView`).
        case empty
        /// A drawing effect (`scaleEffect`, `rotationEffect`, `offset`, `shadow`, by its name)
        /// that the element it modifies could not take in its own order: the content, sized and
        /// placed as it is.
        case effect(String)
    }

    /// A `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:)`'s bounds.
    struct FlexibleFrame {
        var minWidth: Double?
        var idealWidth: Double?
        var maxWidth: Double?
        var minHeight: Double?
        var idealHeight: Double?
        var maxHeight: Double?
    }

    let kind: Kind
    let children: [LayoutElement]
    /// The inherited values a text, symbol or control draws with.
    var environment: LayoutEnvironment
    /// The stack's order of offering room: higher first (`layoutPriority`).
    var priority = 0.0
    /// The opacity the element's subtree is drawn at.
    var opacity = 1.0
    /// How the element's subtree is drawn scaled, turned and moved, and the shadow it casts
    /// (``Effects``): kept out of line, as few elements have any.
    var effects: Effects {
        get { boxedEffects?.value ?? Effects() }
        set { boxedEffects = newValue == Effects() ? nil : Box(newValue) }
    }
    /// The effects, when the element has any.
    private(set) var boxedEffects: Box<Effects>?

    /// The drawing effects of an element, in the one order a node keeps: its shadow cast, then
    /// scaled and turned, both about `anchor`, then moved. A modifier that would apply in another
    /// order wraps the element in one of its own (``LayoutBuilder``), as SwiftUI's
    /// `ModifiedContent` does.
    struct Effects: Equatable, Sendable {
        /// The factors across and down (`scaleEffect`).
        var scale = Size(width: 1, height: 1)
        /// Clockwise (`rotationEffect`), within a whole turn.
        var degrees = 0.0
        /// The point of the frame the element is scaled and turned about.
        var anchor = UnitPoint.center
        /// How far it is moved (`offset`).
        var offset = Size.zero
        /// The shadow it casts (`shadow`), its colour in both schemes.
        var shadow: Shadow?

        /// A `shadow` as the modifier gave it.
        struct Shadow: Equatable, Sendable {
            var paint: Paint
            var radius: Double
            var x: Double
            var y: Double
        }

        /// Whether the element is scaled or turned (about ``anchor``).
        var isScaledOrTurned: Bool { scale != Size(width: 1, height: 1) || degrees != 0 }
        /// Whether it is moved.
        var isMoved: Bool { offset != .zero }
    }

    /// A value kept out of line, behind a reference.
    final class Box<Value: Sendable>: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    /// The children that take part in layout (not `EmptyView`s), in order.
    let visible: [LayoutElement]

    // What was answered, by proposal: a parent asks each child a few times (a stack asks for
    // the smallest and largest sizes, then for its share), so a short list searched in order
    // beats a dictionary. The lists are read, then appended to, never both at once (no access
    // to one spans a call that could reach it again), so they are not checked for
    // overlapping accesses at run time: the check cost more than the lookup.
    /// The sizes already answered: the first four inline, the rest in a list.
    @exclusivity(unchecked) private var sizes = AnswerCache()
    /// A text's unbroken measure when it is one line (no line break in it), measured once.
    private lazy var naturalText: TextLayout? = {
        guard case .text(let string) = kind, !string.containsLineBreak else { return nil }
        let natural = Typesetter.shared.layout(
            string, font: environment.resolvedFont, width: nil, maxLines: 0)
        return natural.lines.count == 1 && !natural.truncated ? natural : nil
    }()

    /// A stack's answers: each child's proposal and size.
    @exclusivity(unchecked) private var arrangements: [Arrangement] = []
    /// A text's drawn forms.
    @exclusivity(unchecked) private var texts: [KeptText] = []

    /// A stack's arrangement for a proposal.
    struct Arrangement {
        /// The proposal the stack was given.
        var proposal: ProposedSize
        /// What each child was offered and chose.
        var offers: [Offer]
        /// Whether it holds for every height at the proposal's width.
        var isHeightFree: Bool
    }

    /// A text drawn for a proposal.
    struct KeptText {
        /// The proposal the text was given.
        var proposal: ProposedSize
        /// The text as drawn for it.
        var text: DrawnText
        /// Whether it is drawn so for every height at the proposal's width.
        var isHeightFree: Bool
    }

    /// What a stack offered a child and the size the child chose.
    struct Offer {
        var proposal: ProposedSize
        var size: Size
    }

    /// A text as drawn for a proposal: its lines and the font (smaller under
    /// `minimumScaleFactor`).
    struct DrawnText {
        var layout: TextLayout
        var font: FontSpec
    }

    /// A size the element chose, and whether it chose it whatever height it was offered.
    ///
    /// A parent asks a child for several proposals that differ only in height: a vertical stack
    /// asks each child for its smallest, largest and offered height at one width, and a stack
    /// inside it arranges its own children again for each. An answer that is ``isHeightFree``
    /// holds for every proposal of its width (any height, or none), and so does all that is
    /// placed under it: it is kept and given again for those, and the subtree is measured once.
    /// An element is height free when what it takes from its proposal is the width alone (a
    /// symbol, a horizontal spacer, a frame of a fixed height, a text of one line that fits or
    /// of `lineLimit(1)`) and every answer its children gave for it is.
    struct Answer {
        /// The size chosen.
        var size: Size
        /// Whether it is chosen for every height at this width (and all under it placed alike).
        var isHeightFree: Bool
    }

    init(_ kind: Kind, children: [LayoutElement] = [], environment: LayoutEnvironment) {
        self.kind = kind
        self.children = children
        self.environment = environment
        self.visible = children.contains(where: \.isEmpty) ? children.filter { !$0.isEmpty } : children
    }

    /// Whether the element takes part in a stack's layout (an `EmptyView` does not).
    var isEmpty: Bool {
        if case .empty = kind { return true }
        return false
    }

    var isSpacer: Bool {
        if case .spacer = kind { return true }
        return false
    }

    // MARK: - Sizing

    /// The size the element chooses for `proposal` (SwiftUI's `sizeThatFits`).
    func size(for proposal: ProposedSize) -> Size {
        answer(for: proposal).size
    }

    /// The size the element chooses for `proposal`, and whether it chooses it for every height.
    func answer(for proposal: ProposedSize) -> Answer {
        if let known = sizes[proposal] { return known }
        let answer = computeAnswer(for: proposal)
        sizes.insert(answer, for: proposal)
        return answer
    }

    private func computeAnswer(for proposal: ProposedSize) -> Answer {
        switch kind {
        case .widget(let margins, _, _):
            return Answer(
                size: proposal.replacingUnspecified(
                    with: Size(width: margins.horizontal, height: margins.vertical)),
                isHeightFree: false)
        case .text:
            let drawn = textAnswer(for: proposal)
            return Answer(size: drawn.text.layout.size, isHeightFree: drawn.isHeightFree)
        case .image:
            let side = symbolSide
            return Answer(size: Size(width: side, height: side), isHeightFree: true)
        case .spacer(let minLength, let axis):
            let minimum = minLength ?? 8
            guard let axis else {
                return Answer(
                    size: Size(width: max(0, proposal.width ?? 0), height: max(0, proposal.height ?? 0)),
                    isHeightFree: false)
            }
            // Along its axis it takes what it is offered, down to its minimum; offered
            // everything (a stack measuring how flexible it is), it takes everything.
            var size = Size.zero
            size[axis] = max(minimum, proposal[axis] ?? minimum)
            return Answer(size: size, isHeightFree: axis == .horizontal)
        case .stack(let axis, _, _):
            let arrangement = arrangeAnswer(for: proposal, along: axis)
            var size = Size.zero
            size[axis] = arrangement.offers.reduce(0) { $0 + $1.size[axis] } + totalSpacing
            size[axis.cross] = arrangement.offers.map { $0.size[axis.cross] }.max() ?? 0
            return Answer(size: size, isHeightFree: arrangement.isHeightFree)
        case .zstack:
            var isHeightFree = true
            let sizes = visible.map {
                let answer = $0.answer(for: proposal)
                isHeightFree = isHeightFree && answer.isHeightFree
                return answer.size
            }
            return Answer(
                size: Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0),
                isHeightFree: isHeightFree)
        case .padding(let insets):
            guard let child = children.first else {
                return Answer(
                    size: Size(width: insets.horizontal, height: insets.vertical), isHeightFree: true)
            }
            let inner = child.answer(for: proposal.inset(width: insets.horizontal, height: insets.vertical))
            return Answer(
                size: Size(
                    width: inner.size.width + insets.horizontal, height: inner.size.height + insets.vertical),
                isHeightFree: inner.isHeightFree)
        case .fixedFrame(let width, let height, _):
            let inner = children.first?.answer(
                for: ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height))
            return Answer(
                size: Size(width: width ?? inner?.size.width ?? 0, height: height ?? inner?.size.height ?? 0),
                // A frame's own height is what its child is offered whatever the frame is.
                isHeightFree: height != nil || (inner?.isHeightFree ?? true))
        case .flexibleFrame(let frame, _):
            return Answer(size: flexibleSize(frame, for: proposal), isHeightFree: false)
        case .background, .clip, .control, .layer, .effect:
            // A layer (an overlay's view) is offered the content's size, not the proposal.
            return children.first?.answer(for: proposal) ?? Answer(size: .zero, isHeightFree: true)
        case .fixedSize(let horizontal, let vertical):
            var inner = proposal
            if horizontal { inner.width = nil }
            if vertical { inner.height = nil }
            guard let answer = children.first?.answer(for: inner) else {
                return Answer(size: .zero, isHeightFree: true)
            }
            return Answer(size: answer.size, isHeightFree: vertical || answer.isHeightFree)
        case .toggleSwitch:
            return Answer(size: Size(width: 51, height: 31), isHeightFree: true)
        case .progress(let value, _):
            guard value != nil else { return Answer(size: Size(width: 20, height: 20), isHeightFree: true) }
            return Answer(size: Size(width: max(0, proposal.width ?? 100), height: 4), isHeightFree: true)
        case .empty:
            return Answer(size: .zero, isHeightFree: true)
        }
    }

    /// The side of a symbol's square: 1.2 times its font's size, as SF Symbols are drawn at a
    /// text style (a `title3` symbol is 24 points).
    var symbolSide: Double { (environment.font.size * 1.2).rounded() }

    // MARK: - Text

    /// The text broken for `proposal`: wrapped at its width, cut to its line limit and to the
    /// lines its height holds, and scaled down to `minimumScaleFactor` before it is cut.
    func textLayout(for proposal: ProposedSize) -> DrawnText {
        textAnswer(for: proposal).text
    }

    /// The text broken for `proposal` (``textLayout(for:)``), and whether it is broken so for
    /// every height: offered no width, one line that fits whatever the height, or one line at
    /// most (`lineLimit(1)`) that is always cut by the typesetter.
    private func textAnswer(for proposal: ProposedSize) -> (text: DrawnText, isHeightFree: Bool) {
        for kept in texts where proposal.isAnswered(by: kept.proposal, heightFree: kept.isHeightFree) {
            return (kept.text, kept.isHeightFree)
        }
        guard case .text(let string) = kind else {
            let empty = DrawnText(
                layout: TextLayout(lines: [], truncated: false, width: 0, lineHeight: 0, ascent: 0),
                font: environment.font)
            return (empty, true)
        }
        var font = environment.resolvedFont
        let measured: DrawnText
        var isHeightFree = false
        if let width = proposal.width, width <= 0 {
            isHeightFree = true
            // Nothing fits: SwiftUI's text takes no width (its smallest size, for stacks).
            measured = DrawnText(
                layout: TextLayout(
                    lines: [""], truncated: !string.isEmpty, width: 0, lineHeight: font.lineHeight, ascent: 0),
                font: font)
        } else if let natural = naturalText, Self.isNatural(natural, for: proposal) {
            // A one-line text offered its width (and a line's height) or more is its unbroken
            // self: the typesetter is not asked again.
            measured = DrawnText(layout: natural, font: font)
            isHeightFree = Self.isNatural(natural, for: ProposedSize(width: proposal.width, height: 0))
        } else {
            let width = proposal.width.flatMap { $0.isFinite ? $0 : nil }
            // One line at most, whatever the height, and never the unbroken measure at this width
            // (which a height of a line or more would give).
            isHeightFree =
                environment.lineLimit == 1
                && (naturalText.map { natural in width.map { $0 < natural.width } ?? false } ?? true)
            var layout = Self.typeset(
                string, font: font, width: width, height: proposal.height, limit: environment.lineLimit)
            let factor = environment.minimumScaleFactor
            if layout.truncated, factor < 1 {
                // The largest size from the font's down to its minimum at which nothing is cut.
                var low = factor
                var high = 1.0
                var best: (TextLayout, FontSpec)?
                for _ in 0..<7 {
                    let middle = (low + high) / 2
                    var scaled = font
                    scaled.size = font.size * middle
                    let candidate = Self.typeset(
                        string, font: scaled, width: width, height: proposal.height,
                        limit: environment.lineLimit)
                    if candidate.truncated {
                        high = middle
                    } else {
                        low = middle
                        best = (candidate, scaled)
                    }
                }
                if best == nil {
                    font.size *= factor
                    best = (
                        Self.typeset(
                            string, font: font, width: width, height: proposal.height,
                            limit: environment.lineLimit),
                        font
                    )
                }
                if let best {
                    layout = best.0
                    font = best.1
                }
            }
            measured = DrawnText(layout: layout, font: font)
        }
        if texts.isEmpty { texts.reserveCapacity(3) }
        texts.append(KeptText(proposal: proposal, text: measured, isHeightFree: isHeightFree))
        return (measured, isHeightFree)
    }

    /// Whether a one-line text whose unbroken measure is `natural` is drawn as that for
    /// `proposal`: offered its width and a line's height or more; or offered less than a line's
    /// height, so cut to one line, at a width the typesetter finds it fits (its width in Pango's
    /// 1/1024 of a point; no width at all: one line and nothing to cut), where the typesetter
    /// answers with the unbroken measure itself.
    private static func isNatural(_ natural: TextLayout, for proposal: ProposedSize) -> Bool {
        guard let width = proposal.width, width.isFinite else { return true }
        if proposal.height.map({ $0 + 0.01 >= natural.lineHeight }) ?? true {
            return width >= natural.width
        }
        return Typesetter.breakingWidth(width) >= natural.width
    }

    /// `string` in `font` at `width`, with at most `limit` lines and no more than `height` holds.
    private static func typeset(
        _ string: String, font: FontSpec, width: Double?, height: Double?, limit: Int?
    )
        -> TextLayout
    {
        var lines = limit ?? 0
        if let height, height.isFinite {
            let fitting = max(1, Int((height + 0.01) / font.lineHeight))
            lines = lines == 0 ? fitting : min(lines, fitting)
        }
        return Typesetter.shared.layout(string, font: font, width: width, maxLines: lines)
    }

    // MARK: - Stacks

    /// The spacing before each child but the first (SwiftUI's: the stack's own, else 8 points
    /// between views and none beside a spacer), worked out once.
    private(set) lazy var stackSpacings: [Double] = {
        guard case .stack(_, _, let spacing) = kind, visible.count > 1 else { return [] }
        return (1..<visible.count).map { index in
            if let spacing { return max(0, spacing) }
            return visible[index - 1].isSpacer || visible[index].isSpacer ? 0 : 8
        }
    }()

    /// The sum of ``stackSpacings``.
    private(set) lazy var totalSpacing: Double = stackSpacings.reduce(0, +)

    /// A stack's children's proposals and sizes for `proposal` (SwiftUI's stack layout): the room
    /// along the axis goes first to the children of highest priority, and within a priority to
    /// the least flexible, each offered an equal share of what is left; the room the lower
    /// priorities need at least is kept for them. A spacer is offered what the views of its
    /// priority leave (its minimum kept for it), so a title beside a spacer takes the room it
    /// needs, as it does in SwiftUI.
    func arrange(for proposal: ProposedSize, along axis: Axis) -> [Offer] {
        arrangeAnswer(for: proposal, along: axis).offers
    }

    /// A stack's arrangement (``arrange(for:along:)``), and whether every child's answer in it
    /// holds for every height: then so does the arrangement, each child's size in it and all that
    /// is placed under it.
    private func arrangeAnswer(for proposal: ProposedSize, along axis: Axis) -> (
        offers: [Offer], isHeightFree: Bool
    ) {
        for kept in arrangements where proposal.isAnswered(by: kept.proposal, heightFree: kept.isHeightFree) {
            return (kept.offers, kept.isHeightFree)
        }
        let count = visible.count
        var result = [Offer](repeating: Offer(proposal: .unspecified, size: .zero), count: count)
        var isHeightFree = true
        guard let available = proposal[axis] else {
            var offer = proposal
            offer[axis] = nil
            for index in 0..<count {
                let answer = visible[index].answer(for: offer)
                isHeightFree = isHeightFree && answer.isHeightFree
                result[index] = Offer(proposal: offer, size: answer.size)
            }
            if arrangements.isEmpty { arrangements.reserveCapacity(3) }
            arrangements.append(Arrangement(proposal: proposal, offers: result, isHeightFree: isHeightFree))
            return (result, isHeightFree)
        }
        var remaining = max(0, available - totalSpacing)
        var low = proposal
        low[axis] = 0
        var high = proposal
        high[axis] = .infinity
        // Each child's smallest length, flexibility and rank (priority, then spacers after), and
        // the order children are offered room in: on the stack, as a stack has a few children.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * count) { numbers in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { buffer in
                var order = buffer
                for index in 0..<count {
                    let child = visible[index]
                    let lowAnswer = child.answer(for: low)
                    let highAnswer = child.answer(for: high)
                    isHeightFree = isHeightFree && lowAnswer.isHeightFree && highAnswer.isHeightFree
                    let smallest = lowAnswer.size[axis]
                    numbers.initializeElement(at: index, to: smallest)
                    numbers.initializeElement(at: count + index, to: highAnswer.size[axis] - smallest)
                    numbers.initializeElement(
                        at: 2 * count + index, to: child.priority * 2 + (child.isSpacer ? 0 : 1))
                    order.initializeElement(at: index, to: index)
                }
                // Highest rank first, within a rank the least flexible first, then in order.
                order.sort { left, right in
                    let (a, b) = (numbers[2 * count + left], numbers[2 * count + right])
                    if a != b { return a > b }
                    let (x, y) = (numbers[count + left], numbers[count + right])
                    if x != y { return x < y }
                    return left < right
                }
                var start = 0
                while start < count {
                    let groupRank = numbers[2 * count + order[start]]
                    var end = start
                    while end < count, numbers[2 * count + order[end]] == groupRank { end += 1 }
                    var reserved = 0.0
                    for later in end..<count { reserved += numbers[order[later]] }
                    var room = max(0, remaining - reserved)
                    for position in start..<end {
                        let index = order[position]
                        var offer = proposal
                        offer[axis] = room / Double(end - position)
                        let answer = visible[index].answer(for: offer)
                        isHeightFree = isHeightFree && answer.isHeightFree
                        let size = answer.size
                        result[index] = Offer(proposal: offer, size: size)
                        room = max(0, room - size[axis])
                        remaining = max(0, remaining - size[axis])
                    }
                    start = end
                }
            }
        }
        if arrangements.isEmpty { arrangements.reserveCapacity(3) }
        arrangements.append(Arrangement(proposal: proposal, offers: result, isHeightFree: isHeightFree))
        return (result, isHeightFree)
    }

    // MARK: - Frames

    /// A flexible frame's size: its child offered the proposal within the frame's bounds (its
    /// ideal size where the proposal is unspecified), then the proposal clamped to the bounds,
    /// where a bound not given is the child's size.
    private func flexibleSize(_ frame: FlexibleFrame, for proposal: ProposedSize) -> Size {
        let child = children.first?.size(for: childProposal(for: proposal)) ?? .zero
        func resolve(
            _ proposed: Double?, _ minimum: Double?, _ ideal: Double?, _ maximum: Double?, _ child: Double
        ) -> Double {
            if minimum == nil, maximum == nil { return proposed == nil ? (ideal ?? child) : child }
            let target = proposed ?? ideal ?? child
            let low = minimum ?? min(child, maximum ?? child)
            let high = maximum ?? max(child, low)
            return min(max(target, low), max(high, low))
        }
        return Size(
            width: resolve(proposal.width, frame.minWidth, frame.idealWidth, frame.maxWidth, child.width),
            height: resolve(
                proposal.height, frame.minHeight, frame.idealHeight, frame.maxHeight, child.height))
    }

    /// The proposal a frame makes to its child.
    func childProposal(for proposal: ProposedSize) -> ProposedSize {
        switch kind {
        case .widget(let margins, _, _):
            let size = proposal.replacingUnspecified(with: .zero)
            return ProposedSize(
                width: max(0, size.width - margins.horizontal), height: max(0, size.height - margins.vertical)
            )
        case .padding(let insets):
            return proposal.inset(width: insets.horizontal, height: insets.vertical)
        case .fixedFrame(let width, let height, _):
            return ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height)
        case .flexibleFrame(let frame, _):
            func offer(_ proposed: Double?, _ minimum: Double?, _ ideal: Double?, _ maximum: Double?)
                -> Double?
            {
                guard var length = proposed ?? ideal else { return nil }
                if let maximum { length = min(length, maximum) }
                if let minimum { length = max(length, minimum) }
                return length
            }
            return ProposedSize(
                width: offer(proposal.width, frame.minWidth, frame.idealWidth, frame.maxWidth),
                height: offer(proposal.height, frame.minHeight, frame.idealHeight, frame.maxHeight))
        case .fixedSize(let horizontal, let vertical):
            return ProposedSize(
                width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        default:
            return proposal
        }
    }
}

extension ProposedSize {
    /// Whether an answer given for `kept` answers this proposal: given for it, or for its width
    /// at any height (`heightFree`).
    func isAnswered(by kept: ProposedSize, heightFree: Bool) -> Bool {
        kept.width == width && (heightFree || kept.height == height)
    }
}

/// Sizes kept by proposal, the first four inline and without an allocation (most elements are
/// asked for one to four): plain values, so an element is freed without visiting them. An answer
/// kept as height free is given for every proposal of its width.
struct AnswerCache {
    /// An answer and the proposal it was given for.
    private struct Entry {
        /// The proposal the answer was given for.
        var proposal: ProposedSize
        /// The answer.
        var answer: LayoutElement.Answer

        /// Whether the answer holds for `other`.
        func answers(_ other: ProposedSize) -> Bool {
            other.isAnswered(by: proposal, heightFree: answer.isHeightFree)
        }
    }

    /// The first four answers, in the order they were given.
    private var first: Entry?
    private var second: Entry?
    private var third: Entry?
    private var fourth: Entry?
    /// The answers after the fourth.
    private var more: [Entry] = []

    /// The answer kept for `proposal`, if one holds for it.
    subscript(proposal: ProposedSize) -> LayoutElement.Answer? {
        if let first, first.answers(proposal) { return first.answer }
        if let second, second.answers(proposal) { return second.answer }
        if let third, third.answers(proposal) { return third.answer }
        if let fourth, fourth.answers(proposal) { return fourth.answer }
        for known in more where known.answers(proposal) { return known.answer }
        return nil
    }

    /// Keeps `answer`, given for `proposal`.
    mutating func insert(_ answer: LayoutElement.Answer, for proposal: ProposedSize) {
        let entry = Entry(proposal: proposal, answer: answer)
        if first == nil {
            first = entry
        } else if second == nil {
            second = entry
        } else if third == nil {
            third = entry
        } else if fourth == nil {
            fourth = entry
        } else {
            more.append(entry)
        }
    }
}
