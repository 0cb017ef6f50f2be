/// The sizes a widget comes in, as WidgetKit names them.
public enum WidgetFamily: String, Sendable, Hashable, CaseIterable, Codable {
    /// A small square on the home screen.
    case systemSmall
    /// A wide rectangle on the home screen.
    case systemMedium
    /// A large square on the home screen.
    case systemLarge
    /// An extra-large rectangle (iPad).
    case systemExtraLarge
    /// A small circle on the lock screen or a watch face.
    case accessoryCircular
    /// A small rectangle on the lock screen.
    case accessoryRectangular
    /// One line of text above the clock.
    case accessoryInline

    /// The size WidgetKit gives this family on widgethost's reference device, in points: the
    /// 430-point-wide iPhones of Apple's Human Interface Guidelines ("Widgets"; systemExtraLarge
    /// as on a 12.9-inch iPad's narrower column). The layout lays a widget out at this size, and
    /// `context.displaySize` reads it, so the two agree.
    public var displaySize: DisplaySize {
        switch self {
        case .systemSmall: return DisplaySize(width: 170, height: 170)
        case .systemMedium: return DisplaySize(width: 364, height: 170)
        case .systemLarge: return DisplaySize(width: 364, height: 382)
        case .systemExtraLarge: return DisplaySize(width: 768, height: 382)
        case .accessoryCircular: return DisplaySize(width: 76, height: 76)
        case .accessoryRectangular: return DisplaySize(width: 172, height: 76)
        case .accessoryInline: return DisplaySize(width: 257, height: 26)
        }
    }

    /// The margin WidgetKit puts around a widget's content on each side in this family, in points
    /// (iOS 17's content margins: 16 on the home screen's families, none on the lock screen's),
    /// unless the configuration says `.contentMarginsDisabled()`.
    public var contentMargin: Double {
        isAccessory ? 0 : 16
    }

    /// A corner of a watch face (watchOS): here the ``accessoryCircular`` family, its circle of
    /// content (widgethost draws no watch face). A static member, not a case, as on iOS, where
    /// it is unavailable: an iOS widget's exhaustive `switch family` needs no case for it, and a
    /// watch widget's `.supportedFamilies([.accessoryCorner])` and `case .accessoryCorner:` compile.
    public static var accessoryCorner: WidgetFamily { .accessoryCircular }

    /// Whether this is a lock-screen (accessory) family, which shows compact content.
    public var isAccessory: Bool {
        switch self {
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: return true
        default: return false
        }
    }
}

/// A width and height in points: a family's ``WidgetFamily/displaySize``, which widgets read and
/// only the family makes.
public struct DisplaySize: Sendable, Hashable, Codable {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double
}

extension WidgetFamily: CustomStringConvertible {
    /// The family's name (`systemSmall`).
    public var description: String { rawValue }
}
