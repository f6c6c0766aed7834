// The twin of bounds.js and offsets.js: date bounds (`minDate`, `maxDate`; fixed, or relative to today as offsets.js
// resolves them) and ages (`minAge`, `maxAge`).

import Foundation

/// A date limit: a fixed day, or today shifted by a number of years/months/days.
public enum DateBound: Sendable, Hashable, CustomStringConvertible {
    case fixed(year: Int, month: Int, day: Int)
    case relative(years: Int, months: Int, days: Int)

    /// Parses `2024-01-31`, `today`, `-18y`, `+30d`, `-1y6m`.
    public init?(_ text: String) {
        // Foundation trims only when an end may be white space (a date written plainly starts and ends with ASCII).
        let ends = (text.utf8.first ?? 0, text.utf8.last ?? 0)
        let text = (0x21..<0x80).contains(ends.0) && (0x21..<0x80).contains(ends.1) ? text : text.trimmingCharacters(in: .whitespaces)
        if text == "today" {
            self = .relative(years: 0, months: 0, days: 0)
            return
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
           parts[0].count == 4, parts[1].count == 2, parts[2].count == 2, (1...12).contains(m), (1...31).contains(d) {
            self = .fixed(year: y, month: m, day: d)
            return
        }
        var sign = 1
        var rest = Substring(text)
        if rest.first == "-" { sign = -1; rest = rest.dropFirst() } else if rest.first == "+" { rest = rest.dropFirst() }
        var years = 0, months = 0, days = 0, digits = "", sawUnit = false
        for character in rest {
            if character.isNumber { digits.append(character); continue }
            guard let value = Int(digits) else { return nil }
            switch character {
            case "y": years = sign * value
            case "m": months = sign * value
            case "d": days = sign * value
            default: return nil
            }
            digits = ""
            sawUnit = true
        }
        guard sawUnit, digits.isEmpty else { return nil }
        self = .relative(years: years, months: months, days: days)
    }

    public var description: String {
        switch self {
        case let .fixed(y, m, d):
            // `%04d-%02d-%02d` written by hand for the usual ranges (`String(format:)` was a fiftieth of a build).
            guard (0...9999).contains(y), (0...99).contains(m), (0...99).contains(d) else {
                return String(format: "%04d-%02d-%02d", y, m, d)
            }
            let digit = { (value: Int) in UInt8(ascii: "0") + UInt8(value) }
            let bytes: [UInt8] = [digit(y / 1000), digit(y / 100 % 10), digit(y / 10 % 10), digit(y % 10), UInt8(ascii: "-"),
                                  digit(m / 10), digit(m % 10), UInt8(ascii: "-"), digit(d / 10), digit(d % 10)]
            return String(decoding: bytes, as: UTF8.self)
        case let .relative(y, m, d):
            if y == 0 && m == 0 && d == 0 { return "today" }
            let total = [(y, "y"), (m, "m"), (d, "d")].filter { $0.0 != 0 }
            let sign = total.first.map { $0.0 < 0 ? "-" : "+" } ?? "+"
            return sign + total.map { "\(abs($0.0))\($0.1)" }.joined()
        }
    }
}

extension CalendarDate {
    /// A rule's bound resolved against today: `2024-01-31`, `today`, `-18y`, `+30d`, `-1y6m`.
    package static func bound(_ text: String, today: CalendarDate) -> CalendarDate? {
        switch DateBound(text) {
        case .fixed(let year, let month, let day): return CalendarDate(year: year, month: month, day: day)
        case .relative(let years, let months, let days): return today.shifted(years: years, months: months, days: days)
        case nil: return nil
        }
    }
}
