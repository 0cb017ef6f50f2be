/// Tag resolution of the YAML 1.2 core schema, for plain scalars.
///
/// `null`, `~` and the empty scalar are null; `true`/`false` in the three case forms the schema
/// allows are booleans; decimal, `0o` octal and `0x` hexadecimal integers; floats with `.inf` and
/// `.nan`. Everything else, `yes`/`no`/`on`/`off` included, is a string.
///
/// Integers of any length resolve to integers and keep every digit, but a `0o` or `0x` one with
/// more than ``maxRadixDigits`` digits is refused (``outOfRange(_:tag:)``), as is a float no double
/// holds (`1e400`): resolving is the same for every length, and no value silently changes.
enum CoreSchema {
    /// The most digits of a `0o` or `0x` integer. Writing one in decimal costs time quadratic in its
    /// length, so without a bound one long scalar could stall a load (as CPython bounds int/str
    /// conversions at 4,300 digits); 4,096 hexadecimal digits are 16,384 bits, written in well under
    /// a millisecond.
    static let maxRadixDigits = 4096

    /// Why a scalar resolved to `!!int` or `!!float` has no exact value, or `nil` when it has one: a
    /// `0o`/`0x` integer over ``maxRadixDigits`` digits, or a float beyond a double's range
    /// (`1e400`, which would otherwise become infinity).
    /// - Complexity: O(n) in the scalar's length.
    static func outOfRange(_ bytes: UnsafeBufferPointer<UInt8>, tag: CoreTag) -> String? {
        switch tag {
        case .int:
            guard bytes.count > 2 + maxRadixDigits, bytes[0] == UInt8(ascii: "0"),
                bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "o"), isInt(bytes)
            else { return nil }
            return "the integer '\(excerpt(bytes))' has \(bytes.count - 2) digits; a 0x or 0o integer has "
                + "at most \(maxRadixDigits)"
        case .float:
            let text = String(decoding: bytes, as: UTF8.self)
            let lower = text.lowercased()
            guard !lower.hasSuffix(".inf"), !lower.hasSuffix(".nan"), let value = Double(text),
                value.isInfinite
            else { return nil }
            return "the number '\(excerpt(bytes))' is beyond the range of a floating-point number "
                + "(about ±1.8e308); write .inf for infinity"
        default:
            return nil
        }
    }

    private static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        MappingKeys.excerpt(String(decoding: bytes.prefix(200), as: UTF8.self))
    }

    /// The tag a plain scalar resolves to.
    /// - Complexity: O(n) in the scalar's length, O(1) for most strings (decided on the first byte).
    ///
    /// A plain `<<` resolves to the merge tag.
    static func resolve(plain bytes: UnsafeBufferPointer<UInt8>) -> CoreTag {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            return isNull(bytes) ? .null : .str
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            return isBool(bytes) ? .bool : .str
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if isInt(bytes) { return .int }
            if isFloat(bytes) { return .float }
            return .str
        case UInt8(ascii: "<"):
            return equals(bytes, "<<") ? .merge : .str
        default:
            return .str
        }
    }

    static func isNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.isEmpty || equals(bytes, "~") || equals(bytes, "null") || equals(bytes, "Null")
            || equals(bytes, "NULL")
    }

    static func isBool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bool(bytes) != nil
    }

    static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if equals(bytes, "true") || equals(bytes, "True") || equals(bytes, "TRUE") { return true }
        if equals(bytes, "false") || equals(bytes, "False") || equals(bytes, "FALSE") { return false }
        return nil
    }

    static func isInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        if count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o") {
                return bytes[2...].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }
            }
            if bytes[1] == UInt8(ascii: "x") {
                return bytes[2...].allSatisfy(isHexDigit)
            }
        }
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { index = 1 }
        guard index < count else { return false }
        while index < count {
            guard isDigit(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    static func isFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { index = 1 }
        let rest = UnsafeBufferPointer(rebasing: bytes[index...])
        if equals(rest, ".inf") || equals(rest, ".Inf") || equals(rest, ".INF") { return true }
        if index == 0, equals(bytes, ".nan") || equals(bytes, ".NaN") || equals(bytes, ".NAN") {
            return true
        }
        // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var digits = 0
        while index < count, isDigit(bytes[index]) {
            index += 1
            digits += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var fraction = 0
            while index < count, isDigit(bytes[index]) {
                index += 1
                fraction += 1
            }
            if digits == 0 && fraction == 0 { return false }
        } else if digits == 0 {
            return false
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            var exponent = 0
            while index < count, isDigit(bytes[index]) {
                index += 1
                exponent += 1
            }
            if exponent == 0 { return false }
        }
        return index == count
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        let other = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return bytes.elementsEqual(other)
    }
}
