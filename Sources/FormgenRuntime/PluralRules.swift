/// CLDR cardinal plural categories for whole numbers, as `Intl.PluralRules` gives them in the page, so
/// `formgen validate` and the build pick the same form of a word as the browser (`days.one`, `days.few`, …).
public enum PluralRules {
    /// Every CLDR category, in CLDR's order.
    public static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The categories a language uses, as `Intl.PluralRules(lang).resolvedOptions().pluralCategories` lists them
    /// less those only fractions reach).
    public static func categories(for language: String) -> [String] {
        switch Messages.primaryTag(language) {
        case "fr", "es", "it", "pt": return ["one", "many", "other"]
        case "pl", "uk", "ru": return ["one", "few", "many", "other"]
        case "ar": return ["zero", "one", "two", "few", "many", "other"]
        case "he": return ["one", "two", "other"]
        default: return ["one", "other"]
        }
    }

    /// The category of a whole number `n` (≥ 0) in a language.
    public static func category(_ n: Int, language: String) -> String {
        let ten = n % 10, hundred = n % 100
        switch Messages.primaryTag(language) {
        case "fr", "pt": return n <= 1 ? "one" : (n % 1_000_000 == 0 ? "many" : "other")
        case "es", "it": return n == 1 ? "one" : (n != 0 && n % 1_000_000 == 0 ? "many" : "other")
        case "pl":
            if n == 1 { return "one" }
            return (2...4).contains(ten) && !(12...14).contains(hundred) ? "few" : "many"
        case "uk", "ru":
            if ten == 1 && hundred != 11 { return "one" }
            return (2...4).contains(ten) && !(12...14).contains(hundred) ? "few" : "many"
        case "ar":
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            default: return (3...10).contains(hundred) ? "few" : (11...99).contains(hundred) ? "many" : "other"
            }
        case "he": return n == 1 ? "one" : n == 2 ? "two" : "other"
        default: return n == 1 ? "one" : "other"
        }
    }
}

extension Messages {
    /// The form of a counted message for `count` from a table holding its plural forms (`tooLong.one`, `tooLong.other`),
    /// as the page picks it with `Intl.PluralRules`; nil when the table has none.
    public static func pluralForm(_ key: String, count: Int, language: String, in table: [String: String]) -> String? {
        table["\(key).\(PluralRules.category(count, language: language))"] ?? table["\(key).other"] ?? table[key]
    }
}
