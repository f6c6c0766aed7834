/// A form's title and description as `site.yaml` sets them (`forms: {lumiform-nested: {title: …}}`), over what the
/// form's own config says: for configs kept verbatim, such as another app's seed file.
public struct FormOverride: Sendable, Hashable {
    public var title: String?
    /// Markdown.
    public var description: String?
    /// `languages:`: the form published in these (its texts from `configs/i18n/<lang>.yaml`).
    public var languages: [String]?
    /// Where `site.yaml` names the form.
    public var location: SourceLocation

    public init(title: String? = nil, description: String? = nil, at location: SourceLocation) {
        self.title = title
        self.description = description
        self.location = location
    }

    /// `form` with this override's texts in place of its own.
    func applied(to form: Form) -> Form {
        var form = form
        if let title { form.title = title }
        if let description { form.description = description }
        if let languages {
            form.languages = languages
            form.language = languages[0]
        }
        return form
    }
}
