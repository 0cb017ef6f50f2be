// `import UIKit` in widget code from iOS: the SDK (with its `UIColor`) and Foundation, which
// Apple's UIKit brings, and what widget code reads of UIKit: images, fonts, the screen, the device.
@_exported import Foundation
@_exported import WidgetHostKit

/// An image, as widget code makes one to show with `Image(uiImage:)`: a symbol is drawn as the
/// symbol; any other image (of the app's assets, a file, data) as the `photo` symbol, and the host
/// says so, as it does for `Image("name")`.
public struct UIImage: Sendable, Hashable {
    /// The SF Symbol, for `UIImage(systemName:)`.
    public let systemName: String?
    /// What the image was made from, otherwise (an asset's name, a file, "data").
    public let source: String

    /// A symbol.
    public init?(systemName: String) {
        self.systemName = systemName
        self.source = systemName
    }

    /// An image of the app's asset catalog.
    public init?(named name: String) {
        self.systemName = nil
        self.source = name
    }

    /// An image in a file (read nowhere: drawn as `photo`).
    public init?(contentsOfFile path: String) {
        self.systemName = nil
        self.source = (path as NSString).lastPathComponent
    }

    /// An image from encoded data (decoded nowhere: drawn as `photo`); `nil` for no bytes, as
    /// UIKit gives for data that is not an image.
    public init?(data: Data) {
        guard !data.isEmpty else { return nil }
        self.systemName = nil
        self.source = "UIImage(data:)"
    }
}

extension Image {
    /// A UIKit image: its symbol, or an image widgethost cannot draw, drawn as `photo`.
    public init(uiImage: UIImage) {
        if let symbol = uiImage.systemName {
            self.init(systemName: symbol)
        } else {
            self.init(uiImage.source)
        }
    }
}

/// A font, as widget code asks UIKit for one: a text style, or a size and weight.
public struct UIFont: Sendable, Hashable {
    /// UIKit's text styles, as SwiftUI's.
    public typealias TextStyle = Font.TextStyle

    /// UIKit's weights, as SwiftUI's.
    public typealias Weight = Font.Weight

    /// The font as SwiftUI draws it.
    public let font: Font
    /// Its size in points (Apple's text styles at the default Dynamic Type size).
    public let pointSize: Double

    /// The font of a text style at the default Dynamic Type size.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(font: .system(style), pointSize: style.pointSize)
    }

    /// The system font at `size` points and `weight`.
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> UIFont {
        UIFont(font: .system(size: size, weight: weight), pointSize: size)
    }

    /// The bold system font at `size` points.
    public static func boldSystemFont(ofSize size: Double) -> UIFont {
        systemFont(ofSize: size, weight: .bold)
    }

    /// The system font with digits of one width, at `size` points and `weight`.
    public static func monospacedDigitSystemFont(ofSize size: Double, weight: Weight) -> UIFont {
        systemFont(ofSize: size, weight: weight)
    }
}

extension Font.TextStyle {
    /// The style's size in points at the default Dynamic Type size (Apple's Human Interface
    /// Guidelines, "Typography").
    var pointSize: Double {
        switch self {
        case .largeTitle: 34
        case .title: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption: 12
        case .caption2: 11
        }
    }
}

extension Font {
    /// A UIKit font, as SwiftUI's `Font(_:)` takes one.
    public init(_ font: UIFont) {
        self = font.font
    }
}

/// The screen, as widget code reads it: the reference device's (a 430 x 932-point iPhone at @3x,
/// whose family sizes widgethost lays widgets out at).
public struct UIScreen: Sendable {
    /// The device's screen.
    public static let main = UIScreen()

    /// The screen's bounds in points.
    public let bounds = CGRect(x: 0, y: 0, width: 430, height: 932)
    /// Pixels a point.
    public let scale: Double = 3
    /// Pixels a point of the panel.
    public let nativeScale: Double = 3
}

/// The device, as widget code reads it: an iPhone.
public struct UIDevice: Sendable {
    /// The device the code runs on.
    public static let current = UIDevice()

    /// The kinds of device.
    public enum UserInterfaceIdiom: Sendable, Hashable {
        /// An iPhone.
        case phone
        /// An iPad.
        case pad
        /// A Mac (Catalyst).
        case mac
        /// An Apple TV.
        case tv
        /// A CarPlay screen.
        case carPlay
        /// Apple Vision Pro.
        case vision
        /// Not known.
        case unspecified
    }

    /// An iPhone.
    public let userInterfaceIdiom = UserInterfaceIdiom.phone
    /// The system's name.
    public let systemName = "iOS"
    /// The system's version the SDK follows.
    public let systemVersion = "17.0"
    /// The model.
    public let model = "iPhone"
    /// The device's name.
    public let name = "iPhone"
}

/// The app, as widget code names it: only its constants (a widget extension cannot reach
/// `UIApplication.shared`).
public enum UIApplication {
    /// The URL that opens the app's settings.
    public static let openSettingsURLString = "app-settings:"
}

/// How a text style's sizes scale with the person's text size (UIKit's `UIFontMetrics`):
/// widgethost draws at the default size, so a value is what it is.
public struct UIFontMetrics: Sendable {
    /// The metrics of the body style.
    public static let `default` = UIFontMetrics()

    /// The metrics of `style`.
    public init(forTextStyle style: UIFont.TextStyle = .body) {}

    /// `value`, scaled to the text size: the same at the default size.
    public func scaledValue(for value: Double) -> Double { value }

    /// `font`, scaled to the text size: the same at the default size.
    public func scaledFont(for font: UIFont) -> UIFont { font }
}
