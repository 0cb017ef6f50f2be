import CPangoCairo

/// A PNG read back with Cairo's reader: its size and its pixels, for tests to look at.
struct PNGPicture {
    /// A pixel, its colour not premultiplied, each component 0...255.
    struct Pixel: Equatable, CustomStringConvertible {
        var red: Int
        var green: Int
        var blue: Int
        var alpha: Int

        var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

        /// Whether every component is within `tolerance` of `other`'s.
        func isClose(to other: Pixel, tolerance: Int = 3) -> Bool {
            abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
                && abs(blue - other.blue) <= tolerance && abs(alpha - other.alpha) <= tolerance
        }

        /// How far its colour is from a grey (an emoji's colour, not a text's black).
        var chroma: Int { max(red, green, blue) - min(red, green, blue) }

        static let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)
        static let white = Pixel(red: 255, green: 255, blue: 255, alpha: 255)
        static let black = Pixel(red: 0, green: 0, blue: 0, alpha: 255)
        static let red = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        static let green = Pixel(red: 0, green: 255, blue: 0, alpha: 255)
        static let blue = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
    }

    /// The PNG's bytes and how many Cairo has read.
    private struct Reader {
        var bytes: [UInt8]
        var offset = 0

        mutating func read(into data: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
            guard offset + count <= bytes.count else { return CAIRO_STATUS_READ_ERROR }
            for index in 0..<count { data[index] = bytes[offset + index] }
            offset += count
            return CAIRO_STATUS_SUCCESS
        }
    }

    let width: Int
    let height: Int
    /// Cairo's ARGB32 words, premultiplied, row by row.
    private let words: [UInt32]

    /// Decodes `png`, or `nil` when Cairo cannot read it.
    init?(_ png: [UInt8]) {
        var reader = Reader(bytes: png)
        let surface = withUnsafeMutablePointer(to: &reader) { pointer in
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let reader = closure.assumingMemoryBound(to: Reader.self)
                    return reader.pointee.read(into: data, count: Int(length))
                }, pointer)
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        defer { cairo_surface_destroy(surface) }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for row in 0..<height {
            let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width { words.append(line[column]) }
        }
        self.words = words
    }

    /// The pixel at (`x`, `y`), in pixels.
    subscript(x: Int, y: Int) -> Pixel {
        let word = words[y * width + x]
        let alpha = Int(word >> 24)
        guard alpha > 0 else { return .clear }
        func component(_ shift: UInt32) -> Int { (Int((word >> shift) & 0xFF) * 255 + alpha / 2) / alpha }
        return Pixel(red: component(16), green: component(8), blue: component(0), alpha: alpha)
    }

    /// The pixel at (`x`, `y`) in points, at `scale` pixels a point.
    func at(points x: Double, _ y: Double, scale: Double = 1) -> Pixel {
        self[Int(x * scale), Int(y * scale)]
    }

    /// The pixels of a rectangle in points (clipped to the picture).
    func pixels(inPoints rect: (x: Double, y: Double, width: Double, height: Double), scale: Double = 1)
        -> [Pixel]
    {
        let minX = max(Int(rect.x * scale), 0)
        let minY = max(Int(rect.y * scale), 0)
        let maxX = min(Int(((rect.x + rect.width) * scale).rounded(.up)), width)
        let maxY = min(Int(((rect.y + rect.height) * scale).rounded(.up)), height)
        guard minX < maxX, minY < maxY else { return [] }
        var found: [Pixel] = []
        for y in minY..<maxY {
            for x in minX..<maxX { found.append(self[x, y]) }
        }
        return found
    }
}
