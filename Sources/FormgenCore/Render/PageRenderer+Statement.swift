import Foundation

/// The accessibility statement (`accessibility:` in `site.yaml`): what formgen guarantees of every page, then the
/// site's known issues, its contact and the day of its last review in the page's language and date style.
extension PageRenderer {
    /// The statement's path in a language of the site's pages: `accessibility` for the default, `fr/accessibility`.
    func statementPath(in language: String) -> String {
        language == settings.language ? AccessibilityStatement.path : "\(language.lowercased())/\(AccessibilityStatement.path)"
    }

    /// The statement page in one of the site's page languages.
    public func renderStatement(_ statement: AccessibilityStatement, language: String? = nil) -> String {
        let language = language ?? settings.language
        let path = statementPath(in: language)
        let texts = theme.messages.table(for: language)
        var context = base(path: path, title: texts["a11yTitle"] ?? "Accessibility statement", language: language, csp: staticPolicy, script: nil)
        context["intro"] = .text(Messages.format(texts["a11yIntro"] ?? "", ["site": settings.title(in: language)]))
        context["hasIssues"] = .bool(!statement.knownIssues.isEmpty)
        context["issues"] = .objects(statement.knownIssues.map { ["html": .text(Markdown.html($0))] })
        context["contactHTML"] = .text(Markdown.html(statement.contact))
        let sentence = texts["a11yReviewed"] ?? "{date}"
        let parts = sentence.components(separatedBy: "{date}")
        context["reviewedBefore"] = .text(parts.first ?? "")
        context["reviewedAfter"] = .text(parts.count > 1 ? parts[1...].joined(separator: "") : "")
        context["reviewedISO"] = .text(statement.lastReviewed)
        context["reviewedDate"] = .text(statement.reviewedDate(in: language))
        return page("accessibility", context)
    }
}
