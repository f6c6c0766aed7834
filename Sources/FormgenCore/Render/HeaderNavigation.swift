/// The links in every page's header besides the site's title: the forms on the home page and, when the site
/// has docs, the documentation. Labelled in the page's language (`navLabel`, `navForms`, `navDocs` in its table).
struct HeaderNavigation {
    /// The template's `headerNav` values: `navLabel`, `formsText`, and `docsText` (false when the site has no docs).
    static func context(language: String, hasDocs: Bool, tables: MessageTables) -> [String: TemplateValue] {
        let texts = tables.table(for: language)
        return ["navLabel": .text(texts["navLabel"] ?? ""), "formsText": .text(texts["navForms"] ?? ""),
                "docsText": .text(hasDocs ? texts["navDocs"] ?? "" : nil)]
    }
}
