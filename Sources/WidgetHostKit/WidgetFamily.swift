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

    /// The size WidgetKit gives this family on a 6.1-inch iPhone, in points.
    public var displaySize: DisplaySize {
        switch self {
        case .systemSmall: return DisplaySize(width: 158, height: 158)
        case .systemMedium: return DisplaySize(width: 338, height: 158)
        case .systemLarge: return DisplaySize(width: 338, height: 354)
        case .systemExtraLarge: return DisplaySize(width: 715, height: 354)
        case .accessoryCircular: return DisplaySize(width: 72, height: 72)
        case .accessoryRectangular: return DisplaySize(width: 160, height: 72)
        case .accessoryInline: return DisplaySize(width: 234, height: 26)
        }
    }

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
