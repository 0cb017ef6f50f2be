public import Foundation

extension Text {
    /// How `Text(date, style:)` shows a date, as SwiftUI's `Text.DateStyle`. Dates are shown in UTC,
    /// as every date widgethost prints, in English. The raw value is the style's name, as the JSON
    /// view writes it (`dateStyle`).
    public enum DateStyle: String, Sendable {
        /// The time between now and the date, in its two largest units: `2 hours, 5 minutes`.
        case relative
        /// The difference from now, signed: `+2 hours, 5 minutes`, `-3 minutes`.
        case offset
        /// A running count to or from the date: `1:02:03`, `4:05`.
        case timer
        /// The time of day: `14:05`.
        case time
        /// The day: `December 1, 2026`.
        case date

        /// `date` as this style shows it when the clock reads `now`.
        public func format(_ date: Date, now: Date) -> String {
            let seconds = Int(date.timeIntervalSince(now).rounded())
            switch self {
            case .relative: return Self.duration(abs(seconds))
            case .offset: return (seconds < 0 ? "-" : "+") + Self.duration(abs(seconds))
            case .timer: return Self.timer(abs(seconds))
            case .time:
                let parts = Self.calendar.dateComponents([.hour, .minute], from: date)
                return Self.twoDigits(parts.hour ?? 0) + ":" + Self.twoDigits(parts.minute ?? 0)
            case .date:
                let parts = Self.calendar.dateComponents([.year, .month, .day], from: date)
                let month = Self.months[((parts.month ?? 1) - 1 + 12) % 12]
                return "\(month) \(parts.day ?? 1), \(parts.year ?? 1970)"
            }
        }

        private static let calendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            return calendar
        }()

        private static let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December",
        ]

        private static func twoDigits(_ value: Int) -> String {
            value < 10 ? "0\(value)" : "\(value)"
        }

        /// The two largest non-zero units of `seconds`: `1 day, 3 hours`; `0 seconds` for none.
        private static func duration(_ seconds: Int) -> String {
            let units: [(Int, String)] = [(86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
            var left = seconds
            var parts: [String] = []
            for (size, unit) in units where parts.count < 2 {
                let count = left / size
                left %= size
                if count > 0 {
                    parts.append("\(count) \(unit)\(count == 1 ? "" : "s")")
                } else if !parts.isEmpty {
                    break
                }
            }
            return parts.isEmpty ? "0 seconds" : parts.joined(separator: ", ")
        }

        private static func timer(_ seconds: Int) -> String {
            let hours = seconds / 3_600
            let minutes = seconds % 3_600 / 60
            let rest = seconds % 60
            if hours > 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" }
            return "\(minutes):\(twoDigits(rest))"
        }
    }
}
