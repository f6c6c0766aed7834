import Foundation

/// One validation check on a field, with its optional custom message.
public struct ValidationRule: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case required
        case regex(String)
        case minLength(Int)
        case maxLength(Int)
        case minValue(Double)
        case maxValue(Double)
        case email
        case mask(String)
        case minDate(DateBound)
        case maxDate(DateBound)
        /// At least this many whole years before today.
        case minAge(Int)
        /// At most this many whole years before today.
        case maxAge(Int)
        case equalsField(String)
    }

    public var kind: Kind
    public var message: String?
    /// The message in other languages, by lower-case language tag.
    public var messageTranslations: [String: String]
    public var location: SourceLocation

    public init(_ kind: Kind, message: String? = nil, translations: [String: String] = [:], at location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.messageTranslations = translations
        self.location = location
    }

    /// The rule's name as written in configs and in the page's spec.
    public var name: String {
        switch kind {
        case .required: return "required"
        case .regex: return "regex"
        case .minLength: return "minLength"
        case .maxLength: return "maxLength"
        case .minValue: return "minValue"
        case .maxValue: return "maxValue"
        case .email: return "email"
        case .mask: return "mask"
        case .minDate: return "minDate"
        case .maxDate: return "maxDate"
        case .minAge: return "minAge"
        case .maxAge: return "maxAge"
        case .equalsField: return "equalsField"
        }
    }

    /// Every rule name a config may use.
    public static let names: [String] = [
        "required", "regex", "minLength", "maxLength", "minValue", "maxValue", "email", "mask",
        "minDate", "maxDate", "minAge", "maxAge", "equalsField",
    ]
}

/// A date limit: a fixed day, or today shifted by a number of years/months/days.
public enum DateBound: Sendable, Hashable, CustomStringConvertible {
    case fixed(year: Int, month: Int, day: Int)
    case relative(years: Int, months: Int, days: Int)

    /// Parses `2024-01-31`, `today`, `-18y`, `+30d`, `-1y6m`.
    public init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
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
            return String(format: "%04d-%02d-%02d", y, m, d)
        case let .relative(y, m, d):
            if y == 0 && m == 0 && d == 0 { return "today" }
            let total = [(y, "y"), (m, "m"), (d, "d")].filter { $0.0 != 0 }
            let sign = total.first.map { $0.0 < 0 ? "-" : "+" } ?? "+"
            return sign + total.map { "\(abs($0.0))\($0.1)" }.joined()
        }
    }
}

