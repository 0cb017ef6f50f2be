/// Strict JSON text (RFC 8259) into ``JSONValue``, object members kept in the order written: the
/// reader of the plugin protocol's lines.
extension JSONValue {
    /// The deepest nesting accepted, so a hostile line cannot exhaust the stack.
    public static let maximumParsingDepth = 512

    /// Parses one JSON text; white space may surround it, nothing else may follow it.
    /// - Throws: ``JSONParseError`` with the byte offset of the first problem.
    /// - Complexity: O(n) in the length of `bytes`.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        let array = Array(bytes)
        var parser = JSONTextParser(bytes: array)
        self = try parser.document()
    }

    /// Parses one JSON text from a string.
    /// - Throws: ``JSONParseError``.
    public init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8))
    }
}

/// Why a text is not JSON, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem.
    public var offset: Int
    /// What was wrong.
    public var reason: String

    /// `<reason> at byte <offset>`.
    public var description: String { "\(reason) at byte \(offset)" }
}

/// A recursive-descent parser over UTF-8 bytes.
private struct JSONTextParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    func failure(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure("invalid literal") }
            index += 1
        }
        return value
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maximumParsingDepth else { throw failure("nesting too deep") }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        var members: [JSONValue.Member] = []
        guard try !openIsEmpty(closedBy: UInt8(ascii: "}")) else { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':'")
            }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key, try parseValue()))
        } while try !closes(UInt8(ascii: "}"))
        return .object(members)
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        var items: [JSONValue] = []
        guard try !openIsEmpty(closedBy: UInt8(ascii: "]")) else { return .array(items) }
        repeat {
            skipWhitespace()
            items.append(try parseValue())
        } while try !closes(UInt8(ascii: "]"))
        return .array(items)
    }

    /// Enters the object or array whose opening is at `index`; `true` when `close` follows at once
    /// (consumed: the collection is empty and left).
    private mutating func openIsEmpty(closedBy close: UInt8) throws(JSONParseError) -> Bool {
        try enter()
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// After a member or an item: `false` after a comma (another follows), `true` at `close`
    /// (consumed: the collection is left).
    private mutating func closes(_ close: UInt8) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case close:
            index += 1
            depth -= 1
            return true
        default:
            throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))'")
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        var runStart = index
        var run: [UInt8] = []
        /// Moves the bytes since `runStart` (plain UTF-8, checked at the end) into `run`.
        func flush(_ end: Int, into run: inout [UInt8]) {
            if end > runStart { run.append(contentsOf: bytes[runStart..<end]) }
        }
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index, into: &run)
                index += 1
                break
            }
            if byte < 0x20 { throw failure("control character in string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(index, into: &run)
            index += 1
            guard index < bytes.count else { throw failure("unterminated string") }
            let escape = bytes[index]
            index += 1
            var scalar: Unicode.Scalar
            switch escape {
            case UInt8(ascii: "\""): scalar = "\""
            case UInt8(ascii: "\\"): scalar = "\\"
            case UInt8(ascii: "/"): scalar = "/"
            case UInt8(ascii: "b"): scalar = "\u{08}"
            case UInt8(ascii: "f"): scalar = "\u{0C}"
            case UInt8(ascii: "n"): scalar = "\n"
            case UInt8(ascii: "r"): scalar = "\r"
            case UInt8(ascii: "t"): scalar = "\t"
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw failure("unpaired surrogate") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw failure("unpaired surrogate")
                }
                guard let made = Unicode.Scalar(code) else { throw failure("invalid escape") }
                scalar = made
            default:
                index -= 1
                throw failure("invalid escape")
            }
            var encoded = ""
            encoded.unicodeScalars.append(scalar)
            run.append(contentsOf: encoded.utf8)
            runStart = index
        }
        guard let text = String(validating: run, as: UTF8.self) else {
            throw failure("invalid UTF-8 in string")
        }
        return text
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw failure("invalid \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
        return index - start
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let count = digits()
        guard count > 0 else { throw failure("invalid number") }
        if count > 1, bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart
            throw failure("leading zero in number")
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("invalid number") }
            isInteger = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw failure("invalid number") }
            isInteger = false
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw failure("number out of range") }
        return .double(value)
    }
}
