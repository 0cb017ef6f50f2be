extension SourceText {
    /// The encodings YAML allows besides UTF-8 (YAML 1.2, 5.2), told by a byte order mark or, without
    /// one, by where the first character's zero bytes are.
    enum WideEncoding {
        case utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian
    }

    /// `bytes` as UTF-8 when they are UTF-16 or UTF-32 text (the byte order mark dropped), or `nil`
    /// when they are not, or are not valid in the encoding they start as (the parser then reports
    /// where they go wrong).
    ///
    /// Everything after reading works on UTF-8 (libyaml reads UTF-16 but not UTF-32, and quoting a
    /// line of UTF-16 as bytes would show its zero bytes), so a diagnostic in such a file quotes the
    /// decoded line with the caret under the right column.
    /// - Complexity: O(1) for UTF-8 input, O(n) otherwise.
    static func utf8(fromWideText bytes: [UInt8]) -> [UInt8]? {
        guard let (encoding, bomLength) = wideEncoding(of: bytes) else { return nil }
        let body = bytes.dropFirst(bomLength)
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        let failed: Bool
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            guard body.count % 2 == 0 else { return nil }
            let little = encoding == .utf16LittleEndian
            let units = stride(from: body.startIndex, to: body.endIndex, by: 2).lazy.map { index in
                let first = UInt16(body[index])
                let second = UInt16(body[index + 1])
                return little ? first | second << 8 : first << 8 | second
            }
            failed = transcode(
                units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true
            ) { output.append($0) }
        case .utf32LittleEndian, .utf32BigEndian:
            guard body.count % 4 == 0 else { return nil }
            let little = encoding == .utf32LittleEndian
            let units = stride(from: body.startIndex, to: body.endIndex, by: 4).lazy.map { index in
                var value: UInt32 = 0
                for offset in 0..<4 {
                    let byte = UInt32(body[index + (little ? 3 - offset : offset)])
                    value = value << 8 | byte
                }
                return value
            }
            failed = transcode(
                units.makeIterator(), from: UTF32.self, to: UTF8.self, stoppingOnError: true
            ) { output.append($0) }
        }
        return failed ? nil : output
    }

    /// The encoding of `bytes` and the length of its byte order mark, or `nil` for UTF-8.
    static func wideEncoding(of bytes: [UInt8]) -> (WideEncoding, bomLength: Int)? {
        let first = Array(bytes.prefix(4)) + Array(repeating: 0xFF, count: max(0, 4 - bytes.count))
        switch (first[0], first[1], first[2], first[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case (0x00, 0x00, 0x00, _) where bytes.count >= 4: return (.utf32BigEndian, 0)
        case (_, 0x00, 0x00, 0x00) where bytes.count >= 4: return (.utf32LittleEndian, 0)
        case (0x00, _, _, _) where bytes.count >= 2: return (.utf16BigEndian, 0)
        case (_, 0x00, _, _) where bytes.count >= 2: return (.utf16LittleEndian, 0)
        default: return nil
        }
    }
}

extension SourceText {
    /// The encoding's name (`UTF-16`, `UTF-32`), and where the byte at `offset` of UTF-16 or UTF-32 text that could not be decoded whole stands
    /// in the decoded text, and that line decoded (what cannot be decoded shown as U+FFFD): a
    /// reader error's place, quoted as the person wrote the text rather than as its raw bytes.
    /// `nil` for UTF-8 text.
    ///
    /// - Complexity: O(n) in the size of the text.
    public func wideTextPlace(ofByte offset: Int) -> (
        encoding: String, location: SourceLocation, line: String
    )? {
        let raw = bytes
        guard let (encoding, bomLength) = Self.wideEncoding(of: raw) else { return nil }
        let width: Int
        let little: Bool
        switch encoding {
        case .utf16LittleEndian: (width, little) = (2, true)
        case .utf16BigEndian: (width, little) = (2, false)
        case .utf32LittleEndian: (width, little) = (4, true)
        case .utf32BigEndian: (width, little) = (4, false)
        }
        func decoded(_ range: Range<Int>) -> String {
            var output: [UInt8] = []
            let end = range.lowerBound + (range.count / width) * width
            let units = stride(from: range.lowerBound, to: end, by: width).lazy.map { index -> UInt32 in
                var value: UInt32 = 0
                for position in 0..<width {
                    let byte = UInt32(raw[index + (little ? width - 1 - position : position)])
                    value = value << 8 | byte
                }
                return value
            }
            if width == 2 {
                _ = transcode(
                    units.map { UInt16(truncatingIfNeeded: $0) }.makeIterator(), from: UTF16.self,
                    to: UTF8.self,
                    stoppingOnError: false
                ) { output.append($0) }
            } else {
                _ = transcode(units.makeIterator(), from: UTF32.self, to: UTF8.self, stoppingOnError: false) {
                    output.append($0)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
        let stop = min(max(offset, bomLength), raw.count)
        let before = decoded(bomLength..<stop)
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        let column = (lines.last?.count ?? 0) + 1
        let all = decoded(bomLength..<raw.count).split(separator: "\n", omittingEmptySubsequences: false)
        let index = lines.count - 1
        let line = index < all.count ? String(all[index]) : ""
        return (width == 2 ? "UTF-16" : "UTF-32", SourceLocation(line: lines.count, column: column), line)
    }
}
