import CPangoCairo
import Foundation
import Rendering

/// A picture's pixels as Cairo holds them: 32 bits a pixel, `0xAARRGGBB` with the colour
/// premultiplied by its alpha, row after row: what a recorded snapshot and a fresh drawing are
/// compared as.
public struct RasterImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` pixels, row after row.
    public var pixels: [UInt32]

    /// A `width` x `height` picture of `pixels`.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "a picture has width x height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width` x `height` picture of one colour.
    public init(width: Int, height: Int, filledWith pixel: UInt32) {
        self.init(width: width, height: height, pixels: Array(repeating: pixel, count: width * height))
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The PNG `bytes` decoded (by Cairo, over libpng).
    /// - Throws: Cairo's reason when the bytes are not a PNG it reads.
    public init(png bytes: [UInt8]) throws(RasterImageError) {
        let reader = ByteReader(bytes)
        let context = Unmanaged.passRetained(reader)
        defer { context.release() }
        let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<ByteReader>.fromOpaque(closure).takeUnretainedValue()
            return reader.read(into: data, count: Int(length))
                ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }
        guard let surface = cairo_image_surface_create_from_png_stream(read, context.toOpaque()) else {
            throw RasterImageError(reason: "out of memory")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterImageError(
                reason: cairo_status_to_string(status).map { String(cString: $0) }
                    ?? "status \(status.rawValue)")
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw RasterImageError(reason: "Cairo gave no pixels")
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        // A PNG without alpha is read as RGB24: the same layout, its alpha byte unset (opaque).
        let opaque: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        pixels.withUnsafeMutableBufferPointer { output in
            for row in 0..<height {
                let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width { output[row * width + column] = source[column] | opaque }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The picture as PNG bytes (widgethost's own encoder, as `run --format png` writes).
    public var png: [UInt8] {
        pixels.withUnsafeBytes { buffer in
            PNGEncoder.encode(buffer.baseAddress!, width: width, height: height, stride: width * 4)
        }
    }

    /// The PNG's bytes, read a piece at a time by Cairo.
    private final class ByteReader {
        let bytes: [UInt8]
        var offset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// Copies the next `count` bytes to `destination`; `false` past the end.
        func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
            guard count <= bytes.count - offset else { return false }
            bytes.withUnsafeBufferPointer { source in
                destination.update(from: source.baseAddress! + offset, count: count)
            }
            offset += count
            return true
        }
    }
}

/// A PNG Cairo could not read, with its reason.
public struct RasterImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Cairo's reason ("invalid data", "out of memory", ...).
    public var reason: String

    public var description: String { reason }
}
