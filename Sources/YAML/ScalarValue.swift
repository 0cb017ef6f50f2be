/// A scalar's value under its resolved tag.
public enum ScalarValue: Sendable, Hashable {
    /// `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer that fits 64 bits.
    case int(Int)
    /// An integer too large for 64 bits, as its decimal digits (with a leading `-` if negative).
    case bigInt(String)
    /// A floating-point number, `.inf` and `.nan` included.
    case float(Double)
    /// A string, or a scalar with a tag outside the core schema.
    case string(String)
}

extension ScalarValue {
    /// The value of `text` under `tag`, or `nil` when the text is not of that tag's form
    /// (`!!int abc`).
    ///
    /// Explicit `!!int`, `!!float`, `!!bool` and `!!null` accept what the core schema resolves to
    /// them; `!!float` also accepts integers (`!!float 1` is 1.0).
    static func parse(_ text: String, tag: Tag) -> ScalarValue? {
        switch tag {
        case .str: return .string(text)
        case .null:
            var text = text
            return text.withUTF8 { CoreSchema.isNull($0) } ? .null : nil
        case .bool:
            var text = text
            return text.withUTF8 { CoreSchema.bool($0) }.map(ScalarValue.bool)
        case .int: return integer(text)
        case .float: return float(text)
        default: return .string(text)
        }
    }

    static func integer(_ text: String) -> ScalarValue? {
        var copy = text
        guard !text.isEmpty, copy.withUTF8({ CoreSchema.isInt($0) }) else { return nil }
        if text.hasPrefix("0x") {
            return Int(text.dropFirst(2), radix: 16).map(ScalarValue.int)
                ?? bigInteger(text.dropFirst(2), radix: 16)
        }
        if text.hasPrefix("0o") {
            return Int(text.dropFirst(2), radix: 8).map(ScalarValue.int)
                ?? bigInteger(text.dropFirst(2), radix: 8)
        }
        if let value = Int(text) { return .int(value) }
        // Already decimal: dropping the sign and leading zeros is all it takes, in linear time
        // (base conversion is quadratic, and the text can be megabytes long).
        let digits = text.drop { $0 == "-" || $0 == "+" }.drop { $0 == "0" }
        return .bigInt((text.hasPrefix("-") ? "-" : "") + digits)
    }

    /// Decimal digits of an octal or hexadecimal integer too large for `Int`.
    ///
    /// The digits are gathered into 64-bit words, which are then divided by 10^19 for nineteen
    /// decimal digits at a time.
    /// - Complexity: O(n²) in the number of digits, which ``CoreSchema/maxRadixDigits`` bounds.
    static func bigInteger(_ digits: Substring, radix: UInt64) -> ScalarValue {
        var words: [UInt64] = [0]  // little-endian
        for character in digits {
            guard let digit = character.hexDigitValue else { continue }
            var carry = UInt64(digit)
            for index in words.indices {
                let (high, low) = words[index].multipliedFullWidth(by: radix)
                let (sum, overflow) = low.addingReportingOverflow(carry)
                words[index] = sum
                carry = high + (overflow ? 1 : 0)
            }
            if carry > 0 { words.append(carry) }
        }
        let base: UInt64 = 10_000_000_000_000_000_000
        var chunks: [UInt64] = []  // base-10^19 digits, least significant first
        repeat {
            var remainder: UInt64 = 0
            for index in words.indices.reversed() {
                (words[index], remainder) = base.dividingFullWidth((remainder, words[index]))
            }
            chunks.append(remainder)
            while words.count > 1, words.last == 0 { words.removeLast() }
        } while words != [0]
        var text = String(chunks.removeLast())
        for chunk in chunks.reversed() {
            let part = String(chunk)
            text += String(repeating: "0", count: 19 - part.count) + part
        }
        return .bigInt(text)
    }

    static func float(_ text: String) -> ScalarValue? {
        // The schema checks index the first byte: the empty text (`!!float ""`) must not reach them.
        guard !text.isEmpty else { return nil }
        var copy = text
        guard copy.withUTF8({ CoreSchema.isFloat($0) || CoreSchema.isInt($0) }) else { return nil }
        let lower = text.lowercased()
        if lower.hasSuffix(".nan") { return .float(.nan) }
        if lower.hasSuffix(".inf") { return .float(text.hasPrefix("-") ? -.infinity : .infinity) }
        if let value = Double(text) { return .float(value) }
        if case .int(let value)? = integer(text) { return .float(Double(value)) }
        if case .bigInt(let digits)? = integer(text) { return Double(digits).map(ScalarValue.float) }
        return nil
    }
}

extension Node {
    /// The scalar's value under its resolved tag; `nil` for a collection.
    ///
    /// The composer has already checked that explicitly tagged scalars are of their tag's form.
    public var scalarValue: ScalarValue? {
        guard let text = scalar else { return nil }
        return ScalarValue.parse(text, tag: tag) ?? .string(text)
    }
}

extension Node {
    /// The text of a scalar that reads as a string (neither a boolean nor null), compared by tag
    /// number rather than by building ``Tag``s: ``NodeReader/string(_:named:)``'s common case.
    var stringText: String? {
        withRecord { record, text -> String? in
            guard record.kind == .scalar, record.tag != CoreTag.bool.rawValue,
                record.tag != CoreTag.null.rawValue
            else { return nil }
            let bytes = text[Int(record.first)..<Int(record.first + record.count)]
            return String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
        }
    }

    /// The value of a `!!bool` scalar, read from its bytes; `nil` for any other node.
    var boolValue: Bool? {
        withRecord { record, text -> Bool? in
            guard record.kind == .scalar, record.tag == CoreTag.bool.rawValue else { return nil }
            return CoreSchema.bool(
                UnsafeBufferPointer(rebasing: text[Int(record.first)..<Int(record.first + record.count)]))
        }
    }

    /// The value of a `!!int` scalar written as plain decimal (a sign, then at most 18 digits, so it
    /// cannot overflow), read from its bytes; `nil` for any other node, including the integers
    /// ``scalarValue`` reads (hexadecimal, octal, long).
    var decimalIntValue: Int? {
        withRecord { record, text -> Int? in
            guard record.kind == .scalar, record.tag == CoreTag.int.rawValue else { return nil }
            var index = Int(record.first)
            let end = index + Int(record.count)
            var negative = false
            if index < end, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                negative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < end, end - index <= 18 else { return nil }
            var value = 0
            while index < end {
                let digit = Int(text[index]) - Int(UInt8(ascii: "0"))
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return negative ? -value : value
        }
    }
}
