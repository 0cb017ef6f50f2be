import Foundation
import JSON
import TestSupport
import Testing

@Suite struct ISO8601Tests {
    /// Foundation's formatter, the reference the hand-written one must match. Dates before the
    /// Gregorian reform (1582) are left out: Foundation switches to the Julian calendar there, while
    /// ISO 8601 and RFC 3339 use the proleptic Gregorian one.
    private static func reference(_ date: Date, fractional: Bool) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.string(from: date)
    }

    @Test(
        arguments: [
            (0, "1970-01-01T00:00:00Z"),
            (1, "1970-01-01T00:00:01Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (86_399, "1970-01-01T23:59:59Z"),
            (86_400, "1970-01-02T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (951_868_799, "2000-02-29T23:59:59Z"),
            (1_709_251_199, "2024-02-29T23:59:59Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),
            (4_107_499_200, "2100-02-28T12:00:00Z"),
            (-2_203_891_200, "1900-03-01T00:00:00Z"),
            (946_684_799, "1999-12-31T23:59:59Z"),
            (946_684_800, "2000-01-01T00:00:00Z"),
            (1_704_067_199, "2023-12-31T23:59:59Z"),
            (978_307_200, "2001-01-01T00:00:00Z"),
            (1_795_953_600, "2026-11-29T12:00:00Z"),
            (2_147_483_648, "2038-01-19T03:14:08Z"),
            (-315_619_200, "1960-01-01T00:00:00Z"),
            (-315_619_201, "1959-12-31T23:59:59Z"),
            (-11_676_096_000, "1600-01-01T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
        ] as [(Int, String)])
    func wholeSecondEdgeCases(_ seconds: Int, _ text: String) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        #expect(ISO8601.string(from: date) == text)
        #expect(ISO8601.string(from: date) == Self.reference(date, fractional: false))
    }

    @Test(arguments: [
        (0.25, "1970-01-01T00:00:00.250Z"),
        (0.5, "1970-01-01T00:00:00.500Z"),
        (0.001, "1970-01-01T00:00:00.001Z"),
        (0.999, "1970-01-01T00:00:00.999Z"),
        (-0.75, "1969-12-31T23:59:59.250Z"),
        (1_795_953_600.5, "2026-11-29T12:00:00.500Z"),
        (951_782_399.25, "2000-02-28T23:59:59.250Z"),
        (-315_619_199.5, "1960-01-01T00:00:00.500Z"),
        (253_402_300_799.5, "9999-12-31T23:59:59.500Z"),
    ])
    func fractionalSecondsAreMilliseconds(_ seconds: Double, _ text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601.string(from: date) == text)
        #expect(ISO8601.string(from: date) == Self.reference(date, fractional: true))
    }

    /// A fraction that rounds to a whole millisecond count of 1000 is the next second, as
    /// Foundation's formatter has it; a fraction under half a millisecond is no fraction.
    @Test(arguments: [
        (0.9996, "1970-01-01T00:00:01Z"),
        (59.9995, "1970-01-01T00:01:00Z"),
        (86_399.9999, "1970-01-02T00:00:00Z"),
        (-0.0001, "1970-01-01T00:00:00Z"),
        (0.0004, "1970-01-01T00:00:00Z"),
        (1_704_067_199.9999, "2024-01-01T00:00:00Z"),
    ])
    func fractionsRoundToTheMillisecond(_ seconds: Double, _ text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601.string(from: date) == text)
        let rounded = Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
        #expect(ISO8601.string(from: date) == Self.reference(rounded, fractional: false))
    }

    @Test func dateFromTheReferenceDateAPI() {
        #expect(ISO8601.string(from: Date(timeIntervalSinceReferenceDate: 0)) == "2001-01-01T00:00:00Z")
        #expect(
            ISO8601.string(from: Date(timeIntervalSinceReferenceDate: 0.25)) == "2001-01-01T00:00:00.250Z")
    }

    /// 1600-01-01 through 9999-12-31.
    private static let sweepRange: ClosedRange<Int64> = -11_676_096_000...253_402_300_799

    @Test func sweepOfWholeSecondsMatchesFoundation() {
        var generator = SplitMix64(seed: 0x5EED)
        var mismatches: [String] = []
        for _ in 0..<2_000 {
            let seconds = Int64.random(in: Self.sweepRange, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let text = ISO8601.string(from: date)
            let expected = Self.reference(date, fractional: false)
            if text != expected { mismatches.append("\(seconds): \(text) != \(expected)") }
        }
        #expect(mismatches == [])
    }

    @Test func sweepOfMillisecondsMatchesFoundation() {
        var generator = SplitMix64(seed: 0xF4AC)
        var mismatches: [String] = []
        for _ in 0..<2_000 {
            let seconds = Int64.random(in: Self.sweepRange, using: &generator)
            let milliseconds = Int.random(in: 1...999, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds) + Double(milliseconds) / 1000)
            let text = ISO8601.string(from: date)
            let expected = Self.reference(date, fractional: true)
            if text != expected { mismatches.append("\(seconds)+\(milliseconds)ms: \(text) != \(expected)") }
        }
        #expect(mismatches == [])
    }

    @Test func sweepRoundTripsThroughParsing() throws {
        var generator = SplitMix64(seed: 0xDA7E)
        for _ in 0..<500 {
            let seconds = Int64.random(in: Self.sweepRange, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(ISO8601.date(from: ISO8601.string(from: date)) == date)
        }
    }

    @Test(arguments: [0.25, 0.5, 0.001, 1_795_953_600.125, -0.75])
    func fractionalDatesRoundTrip(_ seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let parsed = try #require(ISO8601.date(from: ISO8601.string(from: date)))
        #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    @Test(arguments: [
        ("2026-11-29T12:00:00Z", 1_795_953_600.0),
        ("2026-11-29T14:00:00+02:00", 1_795_953_600.0),
        ("2026-11-29T07:00:00-05:00", 1_795_953_600.0),
        ("2026-11-29T12:00:00.250Z", 1_795_953_600.25),
        ("2026-11-29", 1_795_910_400.0),
        ("2000-02-29", 951_782_400.0),
        ("1960-01-01T00:00:00Z", -315_619_200.0),
        // RFC 3339 allows a space for the T and lower-case letters.
        ("2026-11-29 12:00:00Z", 1_795_953_600.0),
        ("2026-11-29t12:00:00z", 1_795_953_600.0),
        // Fractions are kept to the millisecond widgethost writes, cut rather than rounded.
        ("2026-11-29T12:00:00.123456789Z", 1_795_953_600.123),
        ("2026-11-29T12:00:00.9999999Z", 1_795_953_600.999),
        ("2026-11-29T12:00:00.5Z", 1_795_953_600.5),
        ("2026-11-29T12:00:00.05Z", 1_795_953_600.05),
    ])
    func parsesDateTimesWithOffsetsFractionsAndPlainDates(_ text: String, _ seconds: Double) {
        #expect(ISO8601.date(from: text) == Date(timeIntervalSince1970: seconds))
    }

    /// Foundation's date-only formatter reads a date at the start of any text: a date-time it
    /// cannot read must not silently become that day's midnight.
    @Test(arguments: [
        "", "yesterday", "12:00:00Z", "29/11/2026", "2026-1-29", "2026-11-29x", "2026-11-29T12:00",
        "2026-11-29T12:00:00", "2026-11-29T25:00:00Z", "2026-02-30T12:00:00Z", "2026-02-29",
        "2026-11-29T12:00:00+0200", "2026-11-29T12:00:00.Z", "2026-11-29T12:00:00Z ",
    ])
    func rejectsWhatIsNotADate(_ text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    /// A date read with a fraction finer than a millisecond is written back as no later than it was
    /// given: `--at 12:00:00.9999999Z` must not show an entry dated the next second.
    @Test(arguments: [
        "2026-11-29T12:00:00.9999999Z", "2026-11-29T23:59:59.99951Z", "1969-12-31T23:59:59.9996Z",
    ])
    func fineFractionsAreNeverRoundedUp(_ text: String) throws {
        let date = try #require(ISO8601.date(from: text))
        let written = ISO8601.string(from: date)
        #expect(written.prefix(23) == text.prefix(23))
        #expect(ISO8601.date(from: written) == date)
    }

    /// The range RFC 3339's four-digit years can write, which the evaluator holds timelines to.
    @Test func writableRangeIsYearsZeroToNineThousandNineHundredNinetyNine() throws {
        let last = try #require(ISO8601.date(from: "9999-12-31T23:59:59.999Z"))
        let first = try #require(ISO8601.date(from: "0000-01-01T00:00:00Z"))
        #expect(ISO8601.writableRange.upperBound == last.timeIntervalSince1970)
        #expect(ISO8601.writableRange.lowerBound == first.timeIntervalSince1970)
    }
}
