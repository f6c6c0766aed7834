import Foundation
import FormgenRuntime

/// Formats a data page's values as its runtime (`data.js`) does with `Intl`, through the same ICU patterns, so a table
/// rendered at build time reads exactly as one the page fetched: numbers and currencies by the language's symbols,
/// dates by the `yMMMMd` skeleton (`20 November 2026`), date-times by `yMMMd`, a comma and `jmm`, both as written (no time zone moves
/// them), and `change` as a signed number after an arrow and an "up" / "down" / "no change" word.
struct DataValueFormatter {
    /// The words a `change` value says beside its arrow.
    struct ChangeWords: Sendable, Hashable {
        var up = "up", down = "down", unchanged = "no change"
    }

    /// A formatted value: its text and, for `change`, which way it moved (`up`, `down`, `none`).
    struct Formatted: Equatable {
        var text: String
        var change: String?
    }

    let language: String
    var words = ChangeWords()

    func format(_ value: JSONValue?, column: DataColumn, entry: JSONValue) -> Formatted {
        guard let value, value != .null else { return Formatted(text: "") }
        switch column.format {
        case .text:
            return Formatted(text: Self.plainText(value))
        case .number:
            guard let number = Self.number(value) else { return Formatted(text: Self.plainText(value)) }
            return Formatted(text: numberText(number, decimals: column.decimals, currency: nil))
        case .currency:
            let code = column.currency ?? Self.member(column.currencyKey, of: entry).map(Self.plainText)
            guard let number = Self.number(value), let code, code.count == 3 else { return Formatted(text: Self.plainText(value)) }
            return Formatted(text: numberText(number, decimals: column.decimals, currency: code.uppercased()))
        case .change:
            guard let number = Self.number(value) else { return Formatted(text: Self.plainText(value)) }
            let magnitude = numberText(abs(number), decimals: column.decimals, currency: nil)
            if number > 0 { return Formatted(text: "+" + magnitude, change: "up") }
            if number < 0 { return Formatted(text: "\u{2212}" + magnitude, change: "down") }
            return Formatted(text: magnitude, change: "none")
        case .date, .datetime:
            return Formatted(text: dateText(Self.plainText(value), withTime: column.format == .datetime))
        }
    }

    /// A group heading: the value's day in words (`format: date`), else its text.
    func groupLabel(_ value: JSONValue?, format: DataFormat) -> String {
        guard let value, value != .null else { return "" }
        return format == .date ? dateText(Self.plainText(value), withTime: false) : Self.plainText(value)
    }

    /// The word beside a change's arrow.
    func word(for change: String) -> String {
        change == "up" ? words.up : change == "down" ? words.down : words.unchanged
    }

    static func arrow(for change: String) -> String {
        change == "up" ? "\u{25B2}" : change == "down" ? "\u{25BC}" : "\u{2013}"
    }

    func numberText(_ number: Double, decimals: Int?, currency: String?) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.numberStyle = currency == nil ? .decimal : .currency
        if let currency { formatter.currencyCode = currency }
        formatter.roundingMode = .halfUp
        if let decimals {
            formatter.minimumFractionDigits = decimals
            formatter.maximumFractionDigits = decimals
        } else if currency == nil {
            formatter.minimumFractionDigits = 0
            formatter.maximumFractionDigits = 3
        }
        return formatter.string(from: NSNumber(value: number)) ?? Self.plainText(.number(number))
    }

    /// `2026-11-20` (or `2026-11-20T14:03…`) in the language's words; any other text as it is.
    func dateText(_ text: String, withTime: Bool) -> String {
        guard let parts = Self.dateParts(text), !withTime || parts.count == 5 else { return text }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: withTime ? parts[3] : 0, minute: withTime ? parts[4] : 0)
        guard let date = calendar.date(from: components) else { return text }
        func formatted(_ template: String) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: language)
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.setLocalizedDateFormatFromTemplate(template)
            // V8's Intl.DateTimeFormat writes a plain space where ICU has U+202F (before "PM"), for the web's sake.
            return formatter.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ")
        }
        return withTime ? formatted("yMMMd") + ", " + formatted("jmm") : formatted("yMMMMd")
    }

    /// Year, month, day (and hour, minute) of `YYYY-MM-DD` or `YYYY-MM-DDThh:mm…`, as `data.js` reads them.
    static func dateParts(_ text: String) -> [Int]? {
        let scalars = Array(text.unicodeScalars)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count, range.allSatisfy({ ("0"..."9").contains(scalars[$0]) }) else { return nil }
            return Int(String(String.UnicodeScalarView(scalars[range])))
        }
        guard let year = digits(0..<4), scalars.count >= 10, scalars[4] == "-", scalars[7] == "-",
              let month = digits(5..<7), let day = digits(8..<10), (1...12).contains(month), (1...31).contains(day) else { return nil }
        guard scalars.count >= 16, scalars[10] == "T" || scalars[10] == " ", scalars[13] == ":",
              let hour = digits(11..<13), let minute = digits(14..<16), hour < 24, minute < 60 else { return [year, month, day] }
        return [year, month, day, hour, minute]
    }

    /// A number, or a text that is one written plainly (`-25.21`), as `data.js` takes it.
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number
        case .string(let text):
            let scalars = Array(text.unicodeScalars)
            var index = scalars.first == "-" ? 1 : 0
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            guard index > start else { return nil }
            if index < scalars.count, scalars[index] == "." {
                index += 1
                let fraction = index
                while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
                guard index > fraction else { return nil }
            }
            return index == scalars.count ? Double(text) : nil
        default: return nil
        }
    }

    /// A value as JavaScript's `String(value)` writes a JSON scalar; lists and objects as nothing.
    static func plainText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return "\(number)"
        default: return ""
        }
    }

    /// An entry's member by key (nil for no key, or an entry that is not an object).
    static func member(_ key: String?, of entry: JSONValue) -> JSONValue? {
        guard let key, case .object(let members) = entry else { return nil }
        return members[key]
    }
}
