// The twin of dates.js: calendar dates as year, month and day.

import Foundation

/// A day of the proleptic Gregorian calendar, for date rules: parsing, shifting and comparing `YYYY-MM-DD`.
package struct CalendarDate: Comparable, Hashable {
    package var year: Int
    package var month: Int
    package var day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// A real date written `YYYY-MM-DD` with ASCII digits, years 0001–9999.
    package init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year >= 1, (1...12).contains(month), (1...Self.daysIn(year: year, month: month)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The UTC day of an instant.
    package init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    package static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    package static func daysIn(year: Int, month: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    package var iso: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// Years and months shifted together with the day clamped to the month's end, then days added.
    package func shifted(years: Int, months: Int, days: Int) -> CalendarDate {
        let total = year * 12 + (month - 1) + years * 12 + months
        let newYear = Int((Double(total) / 12).rounded(.down))
        let newMonth = total - newYear * 12 + 1
        let clamped = CalendarDate(year: newYear, month: newMonth, day: min(day, Self.daysIn(year: newYear, month: newMonth)))
        return CalendarDate(dayNumber: clamped.dayNumber + days)
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    package var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The date of a day number (`civil_from_days`).
    package init(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Whole years from this date to `later` (negative when `later` is earlier).
    package func fullYears(until later: CalendarDate) -> Int {
        later.year - year - ((later.month, later.day) < (month, day) ? 1 : 0)
    }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
