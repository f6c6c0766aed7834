/// The links in every page's header besides the site's title: the forms on the home page and, when the site
/// has docs, the documentation. Labelled in the page's language (English for languages without a table).
struct HeaderNavigation {
    static let labels: [String: (navigation: String, forms: String, docs: String)] = [
        "en": ("Site", "Forms", "Documentation"),
        "nl": ("Site", "Formulieren", "Documentatie"),
        "de": ("Website", "Formulare", "Dokumentation"),
    ]

    /// The template's `headerNav` values: `navLabel`, `formsText`, and `docsText` (false when the site has no docs).
    static func context(language: String, hasDocs: Bool) -> [String: Any] {
        let primary = String(language.lowercased().split(separator: "-").first ?? "en")
        let texts = labels[primary] ?? labels["en"]!
        return ["navLabel": texts.navigation, "formsText": texts.forms, "docsText": hasDocs ? texts.docs : false]
    }
}
