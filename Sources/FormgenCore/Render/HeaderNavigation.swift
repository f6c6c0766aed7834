/// The links in every page's header besides the site's title: the forms on the home page and, when the site
/// has docs, the documentation. Labelled in the page's language (English for languages without a table).
struct HeaderNavigation {
    static let labels: [String: (navigation: String, forms: String, docs: String)] = [
        "en": ("Site", "Forms", "Documentation"),
        "nl": ("Site", "Formulieren", "Documentatie"),
        "de": ("Website", "Formulare", "Dokumentation"),
    ]

    /// The template's `nav` values: `label`, `forms`, and `docs` (false when the site has no docs).
    static func context(language: String, hasDocs: Bool) -> [String: Any] {
        let primary = String(language.lowercased().split(separator: "-").first ?? "en")
        let texts = labels[primary] ?? labels["en"]!
        return ["label": texts.navigation, "forms": texts.forms, "docs": hasDocs ? texts.docs : false]
    }
}
