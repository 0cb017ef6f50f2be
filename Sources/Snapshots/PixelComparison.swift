/// How two pictures of a widget differ: which pixels changed beyond the tolerance, and a picture
/// that shows where.
public struct PixelComparison: Sendable, Equatable {
    /// The pixels whose colour or alpha moved by more than the tolerance on some channel (with a
    /// difference in size, every pixel that only one of them has counts too).
    public let changedPixels: Int
    /// The smallest rectangle holding every changed pixel (x, y, width, height), if any changed.
    public let changedBounds: (x: Int, y: Int, width: Int, height: Int)?
    /// The largest difference on one channel of one pixel, from 0 to 255.
    public let largestDifference: Int
    /// Whether the two differ in size.
    public let sizesDiffer: Bool

    /// Whether the pictures count as equal.
    public var matches: Bool { changedPixels == 0 && !sizesDiffer }

    /// Compares `recorded` with `current`: a pixel is changed when one of its four channels
    /// (premultiplied alpha, red, green, blue) differs by more than `tolerance` (0 to 255; 0:
    /// any difference counts).
    public init(recorded: RasterImage, current: RasterImage, tolerance: Int) {
        let width = max(recorded.width, current.width)
        let height = max(recorded.height, current.height)
        var changed = 0
        var largest = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let difference: Int
                if x < recorded.width, y < recorded.height, x < current.width, y < current.height {
                    difference = Self.difference(recorded[x, y], current[x, y])
                } else {
                    difference = 256  // a pixel only one picture has: changed at any tolerance
                }
                guard difference > tolerance else { continue }
                changed += 1
                largest = max(largest, min(difference, 255))
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        changedPixels = changed
        largestDifference = largest
        changedBounds = changed > 0 ? (minX, minY, maxX - minX + 1, maxY - minY + 1) : nil
        sizesDiffer = recorded.width != current.width || recorded.height != current.height
    }

    /// The largest difference between the channels of two pixels.
    static func difference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let one = Int((a >> UInt32(shift)) & 0xFF)
            let other = Int((b >> UInt32(shift)) & 0xFF)
            largest = max(largest, abs(one - other))
        }
        return largest
    }

    public static func == (lhs: PixelComparison, rhs: PixelComparison) -> Bool {
        lhs.changedPixels == rhs.changedPixels && lhs.largestDifference == rhs.largestDifference
            && lhs.sizesDiffer == rhs.sizesDiffer
            && lhs.changedBounds.map { [$0.x, $0.y, $0.width, $0.height] }
                == rhs.changedBounds.map { [$0.x, $0.y, $0.width, $0.height] }
    }

    /// The picture of a difference: three panels side by side, the recorded picture, the current
    /// one, and the recorded one faded to grey with every changed pixel (beyond `tolerance`) in
    /// opaque red, so that a one-pixel change stands out.
    public static func diffImage(recorded: RasterImage, current: RasterImage, tolerance: Int) -> RasterImage {
        let width = max(recorded.width, current.width)
        let height = max(recorded.height, current.height)
        let gap = 8
        var image = RasterImage(width: width * 3 + gap * 2, height: height, filledWith: 0)
        let red: UInt32 = 0xFFFF_0000
        for y in 0..<height {
            for x in 0..<width {
                let inRecorded = x < recorded.width && y < recorded.height
                let inCurrent = x < current.width && y < current.height
                if inRecorded { image[x, y] = recorded[x, y] }
                if inCurrent { image[width + gap + x, y] = current[x, y] }
                let changed =
                    inRecorded && inCurrent
                    ? difference(recorded[x, y], current[x, y]) > tolerance : inRecorded != inCurrent
                image[2 * (width + gap) + x, y] =
                    changed ? red : inRecorded ? faded(recorded[x, y]) : 0
            }
        }
        return image
    }

    /// `pixel` over white, in grey, a third as dark: the unchanged parts of the difference panel.
    static func faded(_ pixel: UInt32) -> UInt32 {
        let alpha = Int(pixel >> 24)
        // Premultiplied: over white, a channel is its value plus the white the alpha lets through.
        let red = Int((pixel >> 16) & 0xFF) + 255 - alpha
        let green = Int((pixel >> 8) & 0xFF) + 255 - alpha
        let blue = Int(pixel & 0xFF) + 255 - alpha
        let luminance = (red * 299 + green * 587 + blue * 114) / 1000
        let grey = UInt32(255 - (255 - luminance) / 3)
        return 0xFF00_0000 | grey << 16 | grey << 8 | grey
    }
}
