public import Foundation

/// Encodes any `Encodable` value into a ``JSONValue``, keeping members in the order the value
/// encodes them (declaration order for synthesized conformances), so output is deterministic and
/// reads in the order the author wrote.
///
/// Dates become ISO 8601 text (`2026-11-29T12:00:00Z`), URLs their absolute string, UUIDs their
/// text, non-finite doubles `null`.
public struct JSONValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The JSON value of `value`.
    /// - Throws: whatever the value's `encode(to:)` throws.
    public func encode(_ value: some Encodable) throws -> JSONValue {
        try Self.box(value, codingPath: [])
    }

    static func box(_ value: some Encodable, codingPath: [any CodingKey]) throws -> JSONValue {
        switch value {
        case let date as Date: return .string(ISO8601.string(from: date))
        case let url as URL: return .string(url.absoluteString)
        case let uuid as UUID: return .string(uuid.uuidString)
        case let json as JSONValue: return json
        // The containers' generic `encode` witnesses the other integer widths' and Float's
        // requirements, and those types encode themselves through them: boxing them here keeps
        // that from recursing forever.
        case let float as Float: return number(float)
        case let number as any BinaryInteger:
            guard let int = Int(exactly: number) else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: codingPath, debugDescription: "\(number) does not fit an Int")
                )
            }
            return .int(int)
        default:
            let encoder = ValueEncoder(codingPath: codingPath)
            try value.encode(to: encoder)
            return encoder.storage.value
        }
    }

    /// A float as the double its text reads as (`0.1`, not `0.10000000149011612`), as JSONEncoder
    /// writes it; non-finite values `null`.
    static func number(_ float: Float) -> JSONValue {
        float.isFinite ? .double(Double(String(float)) ?? Double(float)) : .null
    }
}

/// A slot a container writes into; classes so nested containers can fill their parent's slot later.
final class JSONSlot {
    var value: JSONValue = .null
    var members: [(String, JSONSlot)]?
    var items: [JSONSlot]?

    var resolved: JSONValue {
        if let members { return .object(members.map { JSONValue.Member($0.0, $0.1.resolved) }) }
        if let items { return .array(items.map(\.resolved)) }
        return value
    }
}

private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let root: JSONSlot

    /// An encoder writing into `root`: a container's slot for a `superEncoder`, else a new one.
    init(codingPath: [any CodingKey], root: JSONSlot = JSONSlot()) {
        self.codingPath = codingPath
        self.root = root
    }

    var storage: (value: JSONValue, slot: JSONSlot) { (root.resolved, root) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if root.members == nil { root.members = [] }
        return KeyedEncodingContainer(KeyedContainer<Key>(slot: root, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if root.items == nil { root.items = [] }
        return UnkeyedContainer(slot: root, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(slot: root, codingPath: codingPath)
    }
}

private func encodeNested(_ value: some Encodable, into slot: JSONSlot, codingPath: [any CodingKey]) throws {
    let boxed = try JSONValueEncoder.box(value, codingPath: codingPath)
    slot.value = boxed
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> JSONSlot { child(named: key.stringValue) }

    private func child(named name: String) -> JSONSlot {
        let child = JSONSlot()
        if let index = slot.members?.firstIndex(where: { $0.0 == name }) {
            slot.members?[index].1 = child
        } else {
            slot.members?.append((name, child))
        }
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).value = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).value = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).value = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        child(key).value = value.isFinite ? .double(value) : .null
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        child(key).value = JSONValueEncoder.number(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).value = .int(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeNested(value, into: child(key), codingPath: codingPath + [key])
    }
    // Absent optionals are written as null, so entries keep a fixed shape for scripts. Synthesized
    // conformances call the concrete overloads for standard types, so each one is overridden here.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = child(key)
        nested.members = []
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = child(key)
        nested.items = []
        return UnkeyedContainer(slot: nested, codingPath: codingPath + [key])
    }

    // As JSONEncoder: the superclass's encoding goes under `super`, or under `key`.
    mutating func superEncoder() -> any Encoder {
        ValueEncoder(codingPath: codingPath + [SuperKey()], root: child(named: "super"))
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(codingPath: codingPath + [key], root: child(key))
    }
}

private struct IndexKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The key `superEncoder()` writes under, whatever the container's key type.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.items?.count ?? 0 }

    private func next() -> JSONSlot {
        let child = JSONSlot()
        slot.items?.append(child)
        return child
    }

    mutating func encodeNil() throws { next().value = .null }
    mutating func encode(_ value: Bool) throws { next().value = .bool(value) }
    mutating func encode(_ value: String) throws { next().value = .string(value) }
    mutating func encode(_ value: Double) throws { next().value = value.isFinite ? .double(value) : .null }
    mutating func encode(_ value: Int) throws { next().value = .int(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = IndexKey(count)  // before `next()` adds the item
        try encodeNested(value, into: next(), codingPath: codingPath + [index])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = next()
        nested.members = []
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: nested, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = next()
        nested.items = []
        return UnkeyedContainer(slot: nested, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        let index = IndexKey(count)
        return ValueEncoder(codingPath: codingPath + [index], root: next())
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.value = .null }
    mutating func encode(_ value: Bool) throws { slot.value = .bool(value) }
    mutating func encode(_ value: String) throws { slot.value = .string(value) }
    mutating func encode(_ value: Double) throws { slot.value = value.isFinite ? .double(value) : .null }
    mutating func encode(_ value: Int) throws { slot.value = .int(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.value = try JSONValueEncoder.box(value, codingPath: codingPath)
    }
}

/// ISO 8601 text of dates, in UTC, to the second (or millisecond when there is a fraction).
public enum ISO8601 {
    /// The seconds since 1970 that RFC 3339's four-digit years can write: 0000-01-01T00:00:00Z up to
    /// the last millisecond of 9999.
    public static let writableRange: ClosedRange<Double> = -62_167_219_200...253_402_300_799.999

    /// `2026-11-29T12:00:00Z`, or `2026-11-29T12:00:00.250Z` with a fraction.
    ///
    /// Written by hand from the calendar date: Foundation's formatter costs microseconds a call, and
    /// every entry of every widget has a date.
    public static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = seconds.rounded(.down)
        var milliseconds = Int(((seconds - whole) * 1000).rounded())
        if milliseconds == 1000 {  // .9995 and up round to the next second, as Foundation's formatter does
            whole += 1
            milliseconds = 0
        }
        guard abs(whole) < 253_402_300_800 else { return fractional.string(from: date) }  // beyond year 9999
        let total = Int(whole)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return fractional.string(from: date) }
        // Written into the string's own buffer, digit by digit: no intermediate strings.
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var count = 0
            func put(_ value: Int, _ width: Int, after separator: UInt8?) {
                if let separator {
                    buffer[count] = separator
                    count += 1
                }
                var remaining = value
                for position in stride(from: count + width - 1, through: count, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
                count += width
            }
            put(year, 4, after: nil)
            put(month, 2, after: UInt8(ascii: "-"))
            put(day, 2, after: UInt8(ascii: "-"))
            put(secondOfDay / 3600, 2, after: UInt8(ascii: "T"))
            put(secondOfDay / 60 % 60, 2, after: UInt8(ascii: ":"))
            put(secondOfDay % 60, 2, after: UInt8(ascii: ":"))
            if milliseconds > 0 { put(milliseconds, 3, after: UInt8(ascii: ".")) }
            buffer[count] = UInt8(ascii: "Z")
            return count + 1
        }
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Parses RFC 3339 date-times (with or without fractional seconds, any offset) and plain dates
    /// (`2026-11-29`, taken as midnight UTC), strictly: see ``StrictISO8601``.
    ///
    /// Read by hand: Foundation's formatter costs tens of microseconds a call (a plugin's every
    /// entry has a date) and reads `2026-02-30` as March 2nd.
    public static func date(from text: String) -> Date? {
        try? StrictISO8601.date(from: text)
    }

    // ISO8601DateFormatter is thread-safe for formatting once configured.
    nonisolated(unsafe) private static let fractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
