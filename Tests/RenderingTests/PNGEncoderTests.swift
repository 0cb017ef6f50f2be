import CPangoCairo
import Testing

@testable import Rendering

/// The PNG encoder against Cairo's reader (libpng and zlib, which check every CRC and the
/// Adler-32): what it writes reads back as the pixels it was given.
@Suite struct PNGEncoderTests {
    /// Encodes `words` (premultiplied ARGB32, `width` a row) and reads them back.
    static func roundTrip(_ words: [UInt32], width: Int) throws -> PNGPicture {
        let png = words.withUnsafeBytes { bytes in
            // Rows padded to a stride wider than the row, as Cairo's may be.
            var padded = [UInt8](repeating: 0xAB, count: (width * 4 + 8) * (words.count / width))
            for row in 0..<(words.count / width) {
                for byte in 0..<(width * 4) {
                    padded[row * (width * 4 + 8) + byte] = bytes[row * width * 4 + byte]
                }
            }
            return padded.withUnsafeBytes {
                PNGEncoder.encode(
                    $0.baseAddress!, width: width, height: words.count / width, stride: width * 4 + 8)
            }
        }
        return try #require(PNGPicture(png))
    }

    /// A pixel from straight components, premultiplied as Cairo stores it.
    static func word(_ red: UInt32, _ green: UInt32, _ blue: UInt32, _ alpha: UInt32) -> UInt32 {
        func premultiplied(_ component: UInt32) -> UInt32 { (component * alpha + 127) / 255 }
        return alpha << 24 | premultiplied(red) << 16 | premultiplied(green) << 8 | premultiplied(blue)
    }

    @Test func runsOfZerosOfEveryLengthReadBack() throws {
        // One row a run length: a red pixel, `length` pixels like the row above, a blue one;
        // runs of 1 to 300 pixels (4 to 1,200 zero bytes) cover every way a run is cut into matches.
        let width = 302
        var words: [UInt32] = []
        for length in 1...300 {
            var row = [UInt32](repeating: Self.word(10, 20, 30, 255), count: width)
            row[0] = Self.word(255, 0, 0, 255)
            row[length + 1] = Self.word(0, 0, 255, 255)
            words += row
        }
        let picture = try Self.roundTrip(words, width: width)
        #expect(picture.width == width && picture.height == 300)
        for length in 1...300 {
            let y = length - 1
            #expect(picture[0, y] == .red)
            #expect(picture[length + 1, y] == .blue)
            #expect(picture[length, y] == PNGPicture.Pixel(red: 10, green: 20, blue: 30, alpha: 255))
        }
    }

    @Test func translucentAndTransparentPixelsReadBackStraight() throws {
        // Every alpha, over a gradient of colours: PNG stores them straight (not premultiplied).
        var words: [UInt32] = []
        var expected: [PNGPicture.Pixel] = []
        for alpha in 0...255 {
            for red in stride(from: 0, through: 255, by: 51) {
                let green = (red * 3 + alpha) % 256
                words.append(Self.word(UInt32(red), UInt32(green), 200, UInt32(alpha)))
                expected.append(PNGPicture.Pixel(red: red, green: green, blue: 200, alpha: alpha))
            }
        }
        let picture = try Self.roundTrip(words, width: 6)
        for (index, pixel) in expected.enumerated() {
            let read = picture[index % 6, index / 6]
            if pixel.alpha == 0 {
                #expect(read == .clear)
            } else {
                // Premultiplying to 8 bits loses precision at low alpha: within what it keeps.
                let tolerance = 255 / pixel.alpha + 1
                #expect(read.isClose(to: pixel, tolerance: tolerance), "\(read) for \(pixel)")
            }
        }
    }

    @Test func aOnePixelPictureReadsBack() throws {
        let picture = try Self.roundTrip([Self.word(1, 2, 3, 255)], width: 1)
        #expect(picture[0, 0] == PNGPicture.Pixel(red: 1, green: 2, blue: 3, alpha: 255))
    }

    /// Whether code lengths make a complete prefix code (Kraft's sum is exactly 1).
    static func isComplete(_ lengths: [UInt8]) -> Bool {
        lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) } == 1
    }

    @Test func huffmanCodesStayWithinTheirLimitAndComplete() {
        // Fibonacci frequencies make the deepest tree: 30 symbols would need 29 bits.
        var fibonacci = [1, 1]
        while fibonacci.count < 30 {
            fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2])
        }
        let deep = Huffman.lengths(fibonacci, limit: 15)
        #expect((deep.max() ?? 99) <= 15)
        #expect(Self.isComplete(deep))
        let shallow = Huffman.lengths(fibonacci, limit: 7)
        #expect((shallow.max() ?? 99) <= 7 && Self.isComplete(shallow))
        // One symbol used: a sibling makes the code complete, as inflate requires.
        let single = Huffman.lengths([0, 0, 5, 0], limit: 7)
        #expect(single[2] == 1 && Self.isComplete(single))
        // Canonical codes are distinct prefixes.
        let codes = Huffman.codes(deep)
        let words = Set(codes.map { "\($0.length):\($0.bits)" })
        #expect(words.count == codes.count)
    }

    @Test func aNoisyPictureReadsBack() throws {
        // Every pixel unlike the one above, with every byte value: the code lengths, the literals.
        var generator = SystemRandomNumberGenerator()
        let words = (0..<(97 * 61)).map { _ in
            UInt32(255) << 24 | UInt32.random(in: 0...0xFF_FFFF, using: &generator)
        }
        let picture = try Self.roundTrip(words, width: 97)
        for (index, word) in words.enumerated() {
            let expected = PNGPicture.Pixel(
                red: Int((word >> 16) & 0xFF), green: Int((word >> 8) & 0xFF), blue: Int(word & 0xFF),
                alpha: 255)
            #expect(picture[index % 97, index / 97] == expected)
        }
    }

    @Test func crc32IsPNGs() {
        // The CRC-32 of "IEND" (an empty chunk's), as every PNG ends with it.
        #expect(CRC32.checksum(Array("IEND".utf8)[...]) == 0xAE42_6082)
        // The standard check value of "123456789".
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
    }
}
