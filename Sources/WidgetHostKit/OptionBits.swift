/// A set of options of one kind, as SwiftUI's option sets are (`Edge.Set`, `Axis.Set`,
/// `RedactionReasons`, `SafeAreaRegions`, `PinnedScrollableViews`: each is this type of its own
/// kind, its options in a constrained extension): one bit per option.
public struct OptionBits<Kind>: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int

    /// Options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}

/// One reason a view is redacted: the kind of ``RedactionReasons``.
public enum RedactionReason: Sendable {}

/// One region of the safe area: the kind of ``SafeAreaRegions``.
public enum SafeAreaRegion: Sendable {}

/// One kind of view a scroll view pins: the kind of ``PinnedScrollableViews``.
public enum PinnedScrollableView: Sendable {}
