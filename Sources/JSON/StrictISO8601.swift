public import Foundation

/// Parses the dates a store file may hold, strictly: a calendar date (`2026-05-01`, midnight UTC)
/// or an RFC 3339 date-time with a time zone (`2026-05-01T09:00:00Z`, `2026-05-01T09:00:00.5+02:00`).
/// Fractional seconds are kept to the millisecond (cut, not rounded).
///
/// `ISO8601DateFormatter` is too lenient for input a person typed: it reads `2026-02-30` as
/// March 2nd and drops the time of `2026-05-01T25:00:00Z`. Here every field is range-checked, and a
/// date-time without a zone is refused rather than guessed.
public enum StrictISO8601 {
    /// Why a text is not a date.
    public enum Failure: Error, Equatable {
        /// Not of either form.
        case invalid
        /// Of the right form with a field out of range, said in words: "February 2026 has 28
        /// days", "there is no month 13", "an hour runs from 00 to 23, not 24".
        case outOfRange(String)
        /// A date-time without `Z` or an offset.
        case missingTimeZone

        /// What a person can act on, for a field out of range; `nil` for the other failures,
        /// whose messages say which forms are read.
        public var outOfRangeReason: String? {
            guard case .outOfRange(let reason) = self else { return nil }
            return reason
        }
    }

    /// The English names of the months, for "February 2026 has 28 days".
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// The date `text` names.
    ///
    /// - Throws: ``Failure``.
    public static func date(from text: String) throws(Failure) -> Date {
        var scanner = Scanner(Array(text.utf8))
        let year = try scanner.digits(4)
        try scanner.expect(UInt8(ascii: "-"))
        let month = try scanner.digits(2)
        try scanner.expect(UInt8(ascii: "-"))
        let day = try scanner.digits(2)
        guard (1...12).contains(month) else { throw .outOfRange("there is no month \(month)") }
        let days = daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            throw .outOfRange(
                day == 0 ? "there is no day 00" : "\(monthNames[month - 1]) \(year) has \(days) days")
        }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        guard let separator = scanner.next() else { return Date(timeIntervalSince1970: seconds) }
        guard
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ")
        else { throw .invalid }
        let hour = try scanner.digits(2)
        try scanner.expect(UInt8(ascii: ":"))
        let minute = try scanner.digits(2)
        try scanner.expect(UInt8(ascii: ":"))
        let second = try scanner.digits(2)
        // Every plugin entry's date is read here: the message is made only for a date refused.
        guard hour <= 23, minute <= 59, second <= 59 else {
            let (name, limit, value) =
                hour > 23
                ? ("an hour", 23, hour) : minute > 59 ? ("a minute", 59, minute) : ("a second", 59, second)
            throw .outOfRange("\(name) runs from 00 to \(limit), not \(value)")
        }
        seconds += Double(hour * 3600 + minute * 60 + second)
        if scanner.peek() == UInt8(ascii: ".") {
            _ = scanner.next()
            // Kept to the millisecond, the precision widgethost writes dates with: a finer fraction is
            // cut off, never rounded up, so a date read back never lies after the one given.
            var milliseconds = 0
            var count = 0
            while let digit = scanner.peekDigit() {
                _ = scanner.next()
                if count < 3 { milliseconds = milliseconds * 10 + digit }
                count += 1
            }
            guard (1...9).contains(count) else { throw .invalid }
            for _ in min(count, 3)..<3 { milliseconds *= 10 }
            seconds += Double(milliseconds) / 1000
        }
        guard let zone = scanner.next() else { throw .missingTimeZone }
        switch zone {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let offsetHours = try scanner.digits(2)
            try scanner.expect(UInt8(ascii: ":"))
            let offsetMinutes = try scanner.digits(2)
            guard offsetHours <= 23, offsetMinutes <= 59 else {
                throw .outOfRange("a time zone's offset runs from 00:00 to 23:59")
            }
            let offset = Double(offsetHours * 3600 + offsetMinutes * 60)
            seconds += zone == UInt8(ascii: "+") ? -offset : offset
        default:
            throw .invalid
        }
        guard scanner.isAtEnd else { throw .invalid }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The days of `month` (1-12) in `year` of the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads ASCII bytes left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { index == bytes.count }

        func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        func peekDigit() -> Int? {
            guard let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                return nil
            }
            return Int(byte - UInt8(ascii: "0"))
        }

        mutating func next() -> UInt8? {
            guard let byte = peek() else { return nil }
            index += 1
            return byte
        }

        mutating func expect(_ byte: UInt8) throws(Failure) {
            guard next() == byte else { throw .invalid }
        }

        /// Exactly `count` decimal digits, as a number.
        mutating func digits(_ count: Int) throws(Failure) -> Int {
            var value = 0
            for _ in 0..<count {
                guard let digit = peekDigit() else { throw .invalid }
                index += 1
                value = value * 10 + digit
            }
            return value
        }
    }
}
