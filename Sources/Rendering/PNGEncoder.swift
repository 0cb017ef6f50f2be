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
/// above it four zero bytes, found by comparing the two words without converting either (a whole
/// row at once with `memcmp`); only the pixels that differ are unpremultiplied and subtracted. The
/// filtered bytes go into one deflate block whose Huffman codes are made for them: a run of zeros
/// is a few matches at distance 1, every other byte a literal. Adler-32 over a run of zeros is one
/// multiplication, so the cost follows the pixels that differ from the row above, not the
/// picture's size. The file is about twice Cairo's (70 KB for a medium widget with text at @2x,
/// where Cairo's writer makes 31 KB in ten times the time) and read by every PNG reader (the tests
/// read each back with Cairo's reader: libpng and zlib, which check the CRCs and the Adler-32).
package enum PNGEncoder {
    /// `width` x `height` pixels whose rows start `stride` bytes apart at `pixels`, as a PNG
    /// (8-bit RGBA, not premultiplied, as PNG's alpha is).
    package static func encode(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
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

/// A zlib stream of one deflate block with Huffman codes made for its symbols, whose input is
/// literal bytes and runs of zeros (``zeros``, written out when the next byte comes or the stream
/// finishes). The symbols are kept until ``finish()``, which counts them, makes the codes (at most
/// 15 bits, as deflate allows) and writes the block.
struct DeflateStream {
    /// Zero bytes owed to the stream.
    var zeros = 0
    /// The block's symbols: a literal byte (0...255) or a match at distance 1 (256 + its length
    /// less 3).
    private var symbols: [UInt16] = []
    /// Adler-32's two sums, reduced modulo 65521 every `adlerSpan` literals (zlib's NMAX: the
    /// most that cannot overflow 32 bits) rather than at each.
    private var a: UInt32 = 1
    private var b: UInt32 = 0
    private var unreduced = 0
    private static let adlerSpan = 5552
    /// Whether the last byte written to the stream is a zero (a match at distance 1 repeats it).
    private var lastIsZero = false

    init() { symbols.reserveCapacity(1 << 16) }

    /// A byte of input (zeros are counted, the rest kept as literals).
    @inline(__always)
    mutating func byte(_ value: UInt8) {
        if value == 0 {
            zeros += 1
            return
        }
        if zeros > 0 { flushZeros() }
        symbols.append(UInt16(value))
        a &+= UInt32(value)
        b &+= a
        unreduced += 1
        if unreduced == Self.adlerSpan { reduceAdler() }
        lastIsZero = false
    }

    /// Adler-32's sums modulo 65521.
    private mutating func reduceAdler() {
        a %= 65521
        b %= 65521
        unreduced = 0
    }

    /// The zeros owed: a literal zero when the last byte is not one, then matches at distance 1.
    private mutating func flushZeros() {
        var run = zeros
        zeros = 0
        // Adler-32 over `run` zeros: `a` stays, `b` grows by `run` times `a` (65520 × 65520 +
        // 65520 still fits 32 bits).
        reduceAdler()
        b = (b + UInt32(run % 65521) * a) % 65521
        if !lastIsZero {
            symbols.append(0)
            run -= 1
            lastIsZero = true
        }
        while run >= 3 {
            let length = run >= 261 || run == 258 ? 258 : (run > 258 ? run - 3 : run)
            symbols.append(UInt16(256 + length - 3))
            run -= length
        }
        while run > 0 {
            symbols.append(0)
            run -= 1
        }
    }

    /// The zlib stream: its header, the block (its codes, its symbols, the end of block) and
    /// Adler-32.
    mutating func finish() -> [UInt8] {
        if zeros > 0 { flushZeros() }
        reduceAdler()
        var frequencies = [Int](repeating: 0, count: 286)
        for symbol in symbols {
            frequencies[symbol < 256 ? Int(symbol) : Deflate.lengthSymbols[Int(symbol) - 256 + 3]] += 1
        }
        frequencies[256] = 1  // end of block
        let literalLengths = Huffman.lengths(frequencies, limit: 15)
        let literalCodes = Huffman.codes(literalLengths)
        // Every match is at distance 1 (distance code 0): one code of one bit, as deflate allows.
        let distanceLengths: [UInt8] = [1]

        // At most 21 bits a symbol (a 15-bit code, 5 extra bits, a 1-bit distance), the codes'
        // lengths in less than 600 bytes.
        var writer = BitWriter(capacity: symbols.count * 3 + 4096)
        writer.append([0x78, 0x01])
        writer.put(1, 1)  // the last block
        writer.put(2, 2)  // dynamic codes
        let literalCount = max((literalLengths.lastIndex { $0 > 0 } ?? 256) + 1, 257)
        Huffman.writeLengths(Array(literalLengths[..<literalCount]), distanceLengths, to: &writer)
        let lengthSymbols = Deflate.lengthSymbols
        let lengthBase = Deflate.lengthBase
        let lengthExtra = Deflate.lengthExtra
        literalCodes.withUnsafeBufferPointer { literalCodes in
            symbols.withUnsafeBufferPointer { symbols in
                for symbol in symbols {
                    if symbol < 256 {
                        let code = literalCodes[Int(symbol)]
                        writer.put(code.bits, code.length)
                    } else {
                        let length = Int(symbol) - 256 + 3
                        let lengthSymbol = lengthSymbols[length]
                        let code = literalCodes[lengthSymbol]
                        writer.put(code.bits, code.length)
                        let extra = lengthExtra[lengthSymbol - 257]
                        if extra > 0 { writer.put(UInt32(length - lengthBase[lengthSymbol - 257]), extra) }
                        writer.put(0, 1)  // distance code 0: one bit
                    }
                }
            }
        }
        let end = literalCodes[256]
        writer.put(end.bits, end.length)
        writer.align()
        writer.append([UInt8(b >> 8), UInt8(b & 0xFF), UInt8(a >> 8), UInt8(a & 0xFF)])
        return writer.finish()
    }
}

/// Bits written least significant first into bytes, as deflate packs them, into a buffer of a
/// fixed capacity (the caller's bound on what it writes), 32 bits at a time.
struct BitWriter: ~Copyable {
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var index = 0
    private var bits: UInt64 = 0
    private var count = 0

    /// A writer of at most `capacity` bytes.
    init(capacity: Int) {
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// Writes whole bytes.
    mutating func append(_ bytes: [UInt8]) {
        for byte in bytes { put(UInt32(byte), 8) }
    }

    /// Writes the low `length` bits of `value`.
    @inline(__always)
    mutating func put(_ value: UInt32, _ length: Int) {
        bits |= UInt64(value) << UInt64(count)
        count += length
        if count >= 32 {
            precondition(index + 4 <= capacity, "the deflate stream outgrew its bound")
            buffer[index] = UInt8(truncatingIfNeeded: bits)
            buffer[index + 1] = UInt8(truncatingIfNeeded: bits >> 8)
            buffer[index + 2] = UInt8(truncatingIfNeeded: bits >> 16)
            buffer[index + 3] = UInt8(truncatingIfNeeded: bits >> 24)
            index += 4
            bits >>= 32
            count -= 32
        }
    }

    /// Pads to a whole byte with zero bits.
    mutating func align() {
        if count % 8 > 0 { put(0, 8 - count % 8) }
    }

    /// The bytes written (after ``align()``).
    consuming func finish() -> [UInt8] {
        while count >= 8 {
            buffer[index] = UInt8(truncatingIfNeeded: bits)
            index += 1
            bits >>= 8
            count -= 8
        }
        return Array(UnsafeBufferPointer(start: buffer, count: index))
    }
}

/// Deflate's length symbols (RFC 1951, 3.2.5).
enum Deflate {
    /// The first length of each length symbol (257...285), and its extra bits.
    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
        195, 227, 258,
    ]
    static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]

    /// The symbol of each length 3...258 (indexed by the length).
    static let lengthSymbols: [Int] = {
        var symbols = [Int](repeating: 0, count: 259)
        for length in 3...258 { symbols[length] = 257 + (lengthBase.lastIndex { $0 <= length } ?? 0) }
        return symbols
    }()
}

/// Huffman codes as deflate writes them: lengths limited to a number of bits, canonical codes.
enum Huffman {
    /// A code, bit-reversed for writing least significant bit first.
    struct Code {
        var bits: UInt32
        var length: Int
    }

    /// The code lengths of a Huffman code for `frequencies` (0 for a symbol not used), none
    /// longer than `limit`: when the tree is too deep, the frequencies are flattened (halved, at
    /// least 1) and the tree built again. A single symbol used gets a sibling, so that the code
    /// is complete, as inflate requires of every code but the distances'.
    static func lengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        if weights.filter({ $0 > 0 }).count < 2 {
            let first = weights.firstIndex { $0 > 0 } ?? 0
            weights[first] = max(weights[first], 1)
            weights[first == 0 ? 1 : 0] = 1
        }
        while true {
            let lengths = unlimitedLengths(weights)
            if lengths.max() ?? 0 <= UInt8(limit) { return lengths }
            weights = weights.map { $0 > 0 ? max($0 / 2, 1) : 0 }
        }
    }

    /// Huffman's construction: the two lightest trees merged until one is left (leaves sorted by
    /// weight, merged trees in a second queue, which stays sorted); a leaf's length is its depth.
    private static func unlimitedLengths(_ weights: [Int]) -> [UInt8] {
        let leaves = weights.indices.filter { weights[$0] > 0 }.sorted {
            (weights[$0], $0) < (weights[$1], $1)
        }
        var lengths = [UInt8](repeating: 0, count: weights.count)
        // Nodes: leaves first, then merged nodes; each with its weight and parent.
        var weight = leaves.map { weights[$0] }
        var parent = [Int](repeating: -1, count: leaves.count)
        var nextLeaf = 0
        var merged: [Int] = []
        var nextMerged = 0
        func lightest() -> Int {
            if nextLeaf < leaves.count,
                nextMerged >= merged.count || weight[nextLeaf] <= weight[merged[nextMerged]]
            {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextMerged += 1
            return merged[nextMerged - 1]
        }
        for _ in 0..<(leaves.count - 1) {
            let first = lightest()
            let second = lightest()
            weight.append(weight[first] + weight[second])
            parent.append(-1)
            parent[first] = weight.count - 1
            parent[second] = weight.count - 1
            merged.append(weight.count - 1)
        }
        var depth = [Int](repeating: 0, count: weight.count)
        for node in stride(from: weight.count - 2, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
        }
        for (index, symbol) in leaves.enumerated() { lengths[symbol] = UInt8(min(depth[index], 255)) }
        return lengths
    }

    /// The canonical codes of `lengths` (RFC 1951, 3.2.2), reversed.
    static func codes(_ lengths: [UInt8]) -> [Code] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + counts[bits - 1]) << 1
            next[bits] = code
        }
        next[1] = 0
        var codes = [Code](repeating: Code(bits: 0, length: 0), count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed: UInt32 = 0
            for bit in 0..<Int(length) where value & (1 << bit) != 0 {
                reversed |= 1 << UInt32(Int(length) - 1 - bit)
            }
            codes[symbol] = Code(bits: reversed, length: Int(length))
        }
        return codes
    }

    /// The order the code-length code's lengths are written in.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// A dynamic block's header after its type: the counts, the code-length code, and the literal
    /// and distance code lengths run-length encoded with it (16: repeat the last 3-6 times, 17 and
    /// 18: 3-10 and 11-138 zeros).
    static func writeLengths(_ literals: [UInt8], _ distances: [UInt8], to writer: inout BitWriter) {
        let all = literals + distances
        var runs: [(symbol: Int, extra: UInt32, bits: Int)] = []
        var index = 0
        while index < all.count {
            let length = all[index]
            var run = 1
            while index + run < all.count, all[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 {
                    let take = min(run, 138)
                    runs.append((18, UInt32(take - 11), 7))
                    run -= take
                }
                if run >= 3 {
                    runs.append((17, UInt32(run - 3), 3))
                    run = 0
                }
            } else {
                runs.append((Int(length), 0, 0))
                run -= 1
                while run >= 3 {
                    let take = min(run, 6)
                    runs.append((16, UInt32(take - 3), 2))
                    run -= take
                }
            }
            for _ in 0..<run { runs.append((Int(length), 0, 0)) }
        }
        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[run.symbol] += 1 }
        let lengths = Self.lengths(frequencies, limit: 7)
        let codes = Self.codes(lengths)
        let written = max((codeLengthOrder.lastIndex { lengths[$0] > 0 } ?? 0) + 1, 4)
        writer.put(UInt32(literals.count - 257), 5)
        writer.put(UInt32(distances.count - 1), 5)
        writer.put(UInt32(written - 4), 4)
        for symbol in codeLengthOrder.prefix(written) { writer.put(UInt32(lengths[symbol]), 3) }
        for run in runs {
            let code = codes[run.symbol]
            writer.put(code.bits, code.length)
            if run.bits > 0 { writer.put(run.extra, run.bits) }
        }
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
