#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes Cairo's pixels (ARGB32: native-endian 32-bit words, premultiplied alpha) as a PNG,
/// fast enough for `run --format png`'s 2 ms a widget, where Cairo's own writer (libpng's
/// adaptive filters and zlib's default level) takes ten times that for a medium widget at @2x.
///
/// A widget is mostly flat colour, so the encoder exploits what a PNG of one is made of: every row
/// takes PNG's Up filter (each byte minus the byte above), which makes a pixel equal to the pixel
/// above it four zero bytes, found by comparing the two words without converting either; only the
/// pixels that differ are unpremultiplied and subtracted. The filtered bytes go into one deflate
/// block with the fixed Huffman codes: a run of zeros is a few matches at distance 1 (13 bits for
/// 258 bytes), every other byte a literal. Adler-32 over a run of zeros is one multiplication, so
/// the cost follows the pixels that differ from the row above, not the picture's size. The file
/// is larger than zlib's (about three times Cairo's for a widget with text: 100 KB for a medium
/// one at @2x) and read by every PNG reader (the tests read each back with Cairo's reader: libpng and zlib, which check
/// the CRCs and the Adler-32).
enum PNGEncoder {
    /// `width` x `height` pixels whose rows start `stride` bytes apart at `pixels`, as a PNG
    /// (8-bit RGBA, not premultiplied, as PNG's alpha is).
    static func encode(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(width * height / 2 + 1024)
        output += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // 8 bits a sample, RGBA, deflate, adaptive filtering (each row says its filter), no interlace.
        header += [8, 6, 0, 0, 0]
        appendChunk("IHDR", header, to: &output)
        var stream = DeflateStream()
        stream.header()
        // The row above the first: PNG's filters see zeros there.
        let zeros = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, 1))
        zeros.initialize(repeating: 0, count: max(width, 1))
        defer { zeros.deallocate() }
        for row in 0..<height {
            let current = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            let previous =
                row == 0
                ? UnsafePointer(zeros)
                : (pixels + (row - 1) * stride).assumingMemoryBound(to: UInt32.self)
            stream.byte(2)  // Up
            // A row like the one above (most of a widget): zeros, compared at memcmp's speed.
            if memcmp(current, previous, width * 4) == 0 {
                stream.zeros += width * 4
                continue
            }
            var x = 0
            while x < width {
                let word = current[x]
                let up = previous[x]
                if word == up {
                    stream.zeros += 4
                } else {
                    let (r, g, b, a) = unpremultiplied(word)
                    let (ru, gu, bu, au) = unpremultiplied(up)
                    stream.byte(r &- ru)
                    stream.byte(g &- gu)
                    stream.byte(b &- bu)
                    stream.byte(a &- au)
                }
                x += 1
            }
        }
        let data = stream.finish()
        appendChunk("IDAT", data, to: &output)
        appendChunk("IEND", [], to: &output)
        return output
    }

    /// A premultiplied ARGB32 word as straight R, G, B, A (Cairo's own rounding).
    @inline(__always)
    static func unpremultiplied(_ word: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        let alpha = word >> 24
        if alpha == 255 {
            return (
                UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word), 255
            )
        }
        if alpha == 0 { return (0, 0, 0, 0) }
        func straight(_ component: UInt32) -> UInt8 {
            UInt8(truncatingIfNeeded: min((component * 255 + alpha / 2) / alpha, 255))
        }
        return (
            straight((word >> 16) & 0xFF), straight((word >> 8) & 0xFF), straight(word & 0xFF), UInt8(alpha)
        )
    }

    /// Appends a chunk: its length, type, data and CRC-32 (of the type and the data).
    static func appendChunk(_ type: String, _ data: [UInt8], to output: inout [UInt8]) {
        output.appendBigEndian(UInt32(data.count))
        let start = output.count
        output += Array(type.utf8)
        output += data
        output.appendBigEndian(CRC32.checksum(output[start...]))
    }
}

/// A zlib stream of one deflate block with the fixed Huffman codes, whose input is literal bytes
/// and runs of zeros (``zeros``, written out when the next byte comes or the stream finishes).
struct DeflateStream {
    /// Zero bytes owed to the stream.
    var zeros = 0
    private var bits: UInt64 = 0
    private var count = 0
    private var out: [UInt8] = []
    /// Adler-32's two sums.
    private var a: UInt32 = 1
    private var b: UInt32 = 0
    /// Whether the last byte written to the stream is a zero (a match at distance 1 repeats it).
    private var lastIsZero = false

    init() { out.reserveCapacity(1 << 16) }

    /// The zlib header: deflate, a 32 KiB window, no dictionary; then the block's header (the
    /// last block, fixed codes).
    mutating func header() {
        out += [0x78, 0x01]
        put(1, 1)
        put(1, 2)
    }

    /// A byte of input (zeros are counted, the rest written as literals).
    @inline(__always)
    mutating func byte(_ value: UInt8) {
        if value == 0 {
            zeros += 1
            return
        }
        if zeros > 0 { flushZeros() }
        literal(value)
        a &+= UInt32(value)
        if a >= 65521 { a -= 65521 }
        b = (b &+ a) % 65521
        lastIsZero = false
    }

    /// The zeros owed: a literal zero when the last byte is not one, then matches at distance 1.
    private mutating func flushZeros() {
        var run = zeros
        zeros = 0
        // Adler-32 over `run` zeros: `a` stays, `b` grows by `run` times `a`.
        // 65520 × 65520 + 65520 still fits 32 bits.
        b = (b + UInt32(run % 65521) * a) % 65521
        if !lastIsZero {
            literal(0)
            run -= 1
            lastIsZero = true
        }
        while run >= 3 {
            let length = run >= 261 || run == 258 ? 258 : (run > 258 ? run - 3 : run)
            match(length)
            run -= length
        }
        while run > 0 {
            literal(0)
            run -= 1
        }
    }

    /// Ends the block and the stream: the end-of-block code, then Adler-32.
    mutating func finish() -> [UInt8] {
        if zeros > 0 { flushZeros() }
        put(0, 7)  // end of block (256): seven zero bits
        let padding = (8 - count % 8) % 8
        if padding > 0 { put(0, padding) }
        flush()
        out.appendBigEndian(b << 16 | a)
        return out
    }

    @inline(__always)
    private mutating func literal(_ value: UInt8) {
        let code = FixedHuffman.literals[Int(value)]
        put(UInt64(code.bits), Int(code.length))
    }

    /// A match of `length` (3...258) bytes at distance 1.
    @inline(__always)
    private mutating func match(_ length: Int) {
        let code = FixedHuffman.lengths[length]
        put(UInt64(code.bits), Int(code.length))
        // Distance 1: code 0, five zero bits.
        put(0, 5)
    }

    @inline(__always)
    private mutating func put(_ value: UInt64, _ length: Int) {
        bits |= value << UInt64(count)
        count += length
        if count >= 32 { flush() }
    }

    private mutating func flush() {
        while count >= 8 {
            out.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
            count -= 8
        }
    }
}

/// Deflate's fixed Huffman codes (RFC 1951, 3.2.6), bit-reversed for writing least significant
/// bit first, with a length's extra bits already appended.
enum FixedHuffman {
    struct Code {
        var bits: UInt32
        var length: UInt8
    }

    /// Literals 0...255.
    static let literals: [Code] = (0..<256).map { symbol($0) }

    /// Lengths 3...258 (indexed by the length): the length's code and its extra bits.
    static let lengths: [Code] = {
        let bases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
            163, 195, 227, 258,
        ]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var codes = [Code](repeating: Code(bits: 0, length: 0), count: 259)
        for length in 3...258 {
            let index = (bases.lastIndex { $0 <= length }) ?? 0
            let code = symbol(257 + index)
            let extra = UInt32(length - bases[index])
            codes[length] = Code(
                bits: code.bits | extra << UInt32(code.length), length: code.length + UInt8(extras[index]))
        }
        return codes
    }()

    /// The fixed code of symbol `value` (0...287), reversed.
    static func symbol(_ value: Int) -> Code {
        let (code, length): (Int, Int)
        switch value {
        case 0...143: (code, length) = (0x30 + value, 8)
        case 144...255: (code, length) = (0x190 + value - 144, 9)
        case 256...279: (code, length) = (value - 256, 7)
        default: (code, length) = (0xC0 + value - 280, 8)
        }
        var reversed: UInt32 = 0
        for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << UInt32(length - 1 - bit) }
        return Code(bits: reversed, length: UInt8(length))
    }
}

/// PNG's CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// Eight tables for slicing by eight: `tables[k][n]` is the CRC of byte `n` followed by `k`
    /// zero bytes, so eight bytes take eight lookups and no dependency between them.
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 { tables[index] = table[index] }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { tables in
            bytes.withUnsafeBufferPointer { bytes in
                var index = 0
                let count = bytes.count
                while index + 8 <= count {
                    let low =
                        crc
                        ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                            << 16
                            | UInt32(bytes[index + 3]) << 24)
                    crc =
                        tables[7 * 256 + Int(low & 0xFF)] ^ tables[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ tables[5 * 256 + Int((low >> 16) & 0xFF)] ^ tables[4 * 256 + Int(low >> 24)]
                        ^ tables[3 * 256 + Int(bytes[index + 4])] ^ tables[2 * 256 + Int(bytes[index + 5])]
                        ^ tables[256 + Int(bytes[index + 6])] ^ tables[Int(bytes[index + 7])]
                    index += 8
                }
                while index < count {
                    crc = tables[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                    index += 1
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
