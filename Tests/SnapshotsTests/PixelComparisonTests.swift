import Snapshots
import Testing

/// Pictures compared pixel by pixel: one changed pixel found and marked, the tolerance, sizes that
/// differ, and PNG bytes read back as they were written.
@Suite struct PixelComparisonTests {
    /// A 40x30 picture of a gradient, half transparent at the right.
    static func picture() -> RasterImage {
        var image = RasterImage(width: 40, height: 30, filledWith: 0)
        for y in 0..<30 {
            for x in 0..<40 {
                let alpha: UInt32 = x < 20 ? 0xFF : 0x80
                let red = UInt32(x * 6) * alpha / 255
                let green = UInt32(y * 8) * alpha / 255
                image[x, y] = alpha << 24 | red << 16 | green << 8 | (alpha / 2)
            }
        }
        return image
    }

    @Test func aPictureReadBackFromItsPNGIsTheSame() throws {
        let image = Self.picture()
        let decoded = try RasterImage(png: image.png)
        #expect(decoded == image)
    }

    @Test func bytesThatAreNotAPNGAreAnErrorWithCairosReason() {
        #expect(throws: RasterImageError.self) { try RasterImage(png: Array("not a picture".utf8)) }
        #expect(throws: RasterImageError.self) { try RasterImage(png: Array(Self.picture().png.prefix(60))) }
    }

    @Test func oneChangedPixelIsFoundAndMarkedInRed() {
        let recorded = Self.picture()
        var current = recorded
        current[13, 7] ^= 0x0000_0100  // green moved by one
        let comparison = PixelComparison(recorded: recorded, current: current, tolerance: 0)
        #expect(!comparison.matches)
        #expect(comparison.changedPixels == 1)
        #expect(comparison.largestDifference == 1)
        #expect(comparison.changedBounds.map { [$0.x, $0.y, $0.width, $0.height] } == [13, 7, 1, 1])

        let diff = PixelComparison.diffImage(recorded: recorded, current: current, tolerance: 0)
        #expect(diff.width == 40 * 3 + 16 && diff.height == 30)
        #expect(diff[13, 7] == recorded[13, 7])
        #expect(diff[48 + 13, 7] == current[13, 7])
        var red: [[Int]] = []
        for y in 0..<30 {
            for x in 0..<40 where diff[96 + x, y] == 0xFFFF_0000 { red.append([x, y]) }
        }
        #expect(red == [[13, 7]])
        // The rest of the panel is grey and opaque: the recorded picture faded.
        let other = diff[96, 0]
        #expect(other >> 24 == 0xFF)
        #expect((other >> 16) & 0xFF == (other >> 8) & 0xFF && (other >> 8) & 0xFF == other & 0xFF)
    }

    @Test func theToleranceIgnoresSmallChangesOnly() {
        let recorded = Self.picture()
        var current = recorded
        current[0, 0] = recorded[0, 0] &+ 3  // blue up by 3
        current[39, 29] = recorded[39, 29] ^ 0x0040_0000  // red moved by 64
        #expect(PixelComparison(recorded: recorded, current: current, tolerance: 3).changedPixels == 1)
        #expect(PixelComparison(recorded: recorded, current: current, tolerance: 2).changedPixels == 2)
        #expect(PixelComparison(recorded: recorded, current: current, tolerance: 64).matches)
        #expect(PixelComparison(recorded: recorded, current: recorded, tolerance: 0).matches)
    }

    @Test func picturesOfDifferentSizesDiffer() {
        let recorded = Self.picture()
        let current = RasterImage(
            width: 40, height: 31, pixels: recorded.pixels + Array(repeating: 0, count: 40))
        let comparison = PixelComparison(recorded: recorded, current: current, tolerance: 255)
        #expect(comparison.sizesDiffer)
        #expect(comparison.changedPixels == 40)
        #expect(!comparison.matches)
    }
}
