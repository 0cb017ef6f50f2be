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
                ?? bigInteger(text.dropFirst(2), radix: 16, negative: false)
        }
        if text.hasPrefix("0o") {
            return Int(text.dropFirst(2), radix: 8).map(ScalarValue.int)
                ?? bigInteger(text.dropFirst(2), radix: 8, negative: false)
        }
        if let value = Int(text) { return .int(value) }
        let negative = text.hasPrefix("-")
        let digits = text.drop { $0 == "-" || $0 == "+" }
        return bigInteger(digits, radix: 10, negative: negative)
    }

    /// Decimal digits of an integer too large for `Int`, by schoolbook base conversion.
    static func bigInteger(_ digits: Substring, radix: Int, negative: Bool) -> ScalarValue {
        var decimal: [UInt8] = [0]  // little-endian base-10 digits
        for character in digits {
            guard var carry = character.hexDigitValue else { continue }
            for index in decimal.indices {
                let value = Int(decimal[index]) * radix + carry
                decimal[index] = UInt8(value % 10)
                carry = value / 10
            }
            while carry > 0 {
                decimal.append(UInt8(carry % 10))
                carry /= 10
            }
        }
        while decimal.count > 1, decimal.last == 0 { decimal.removeLast() }
        let text = String(decimal.reversed().map { Character(String($0)) })
        return .bigInt((negative && text != "0" ? "-" : "") + text)
    }

    static func float(_ text: String) -> ScalarValue? {
        var copy = text
        let isNumber = copy.withUTF8 { CoreSchema.isFloat($0) || CoreSchema.isInt($0) }
        guard !text.isEmpty, isNumber else { return nil }
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
