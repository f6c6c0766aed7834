/// The links in every page's header besides the site's title: the forms on the home page (when the site has
/// forms) and the documentation (when it has docs). Labelled in the page's language (`navLabel`, `navForms`, `navDocs` in its table).
struct HeaderNavigation {
    /// The template's `headerNav` values: `navLabel`, `formsText` (nil when the site has no forms), and `docsText`
    /// (nil when it has no docs).
    static func context(language: String, hasForms: Bool, hasDocs: Bool, tables: MessageTables) -> [String: TemplateValue] {
        let texts = tables.table(for: language)
        return ["navLabel": .text(texts["navLabel"] ?? ""), "formsText": .text(hasForms ? texts["navForms"] ?? "" : nil),
                "docsText": .text(hasDocs ? texts["navDocs"] ?? "" : nil)]
    }
}
