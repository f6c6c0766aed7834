import Foundation

/// A country as the flow page lists it: its name in the page's language (Foundation's region names, CLDR's), and
/// the name its config gives it (the endonym, "België") when that differs.
struct CountryChoice: Equatable {
    /// More countries than this, and the page gets a filter box (GOV.UK's advice: long lists need a way to narrow them).
    static let filterThreshold = 10

    var code: String
    var name: String
    /// The config's own name, when it is not `name`; nil otherwise.
    var endonym: String?
    var href: String { "\(code.lowercased())/" }
    /// The language of the country's page (for `hreflang`).
    var language: String

    /// The countries of a flow with their names in `language`, sorted by those names as that language sorts them
    /// (then by code, so the order never depends on the input's).
    static func sorted(_ countries: [CountryForm], language: String) -> [CountryChoice] {
        let locale = Locale(identifier: language)
        let choices = countries.map { country -> CountryChoice in
            let local = locale.localizedString(forRegionCode: country.code.uppercased()) ?? country.name
            return CountryChoice(code: country.code, name: local, endonym: local == country.name ? nil : country.name,
                                 language: country.form.language)
        }
        return choices.sorted { left, right in
            switch left.name.compare(right.name, options: [.caseInsensitive], locale: locale) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return left.code < right.code
            }
        }
    }
}
