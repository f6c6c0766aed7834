import Foundation

/// `configs/i18n/<lang>.yaml`: a form's texts in one language, kept apart from the form so translators never touch it.
/// Keyed by form id (a country's page by its id, `kyc-be`), then `title`, `description`, `fields.<id>.label|help|
/// placeholder|options.<value>`, `pages.<id or number>.title|text`, `submit.label|messages.<status>`, and `texts` (any text as written →
/// its translation). Each translation joins the ones written in the form's config; the config's own wins.
struct TranslationFileReader {
    static let formKeys: Set<String> = ["title", "description", "fields", "pages", "submit", "texts"]

    /// The forms with the file's translations added; unknown forms, fields, pages and keys are warnings.
    func apply(_ root: ConfigNode, language: String, to forms: [Form]) -> [Form] {
        var forms = forms
        let ids = Set(forms.map(\.id))
        for entry in root.entries {
            guard let index = forms.firstIndex(where: { $0.id == entry.key }) else {
                var message = "'\(entry.key)' in a translation file is not a form's id"
                if let suggestion = closestMatch(to: entry.key, in: ids) { message += " (did you mean '\(suggestion)'?)" }
                entry.keyNode.warning(message)
                continue
            }
            guard entry.value.expectMapping("'\(entry.key)'") else { continue }
            let form = forms[index]
            if !form.publishedLanguages.map({ Messages.primaryTag($0) }).contains(Messages.primaryTag(language)) {
                entry.keyNode.warning("form '\(form.id)' is not published in '\(language)' (its languages: \(form.publishedLanguages.joined(separator: ", "))); add '\(language)' to its 'languages'")
            }
            forms[index] = read(entry.value, language: language, into: form)
        }
        return forms
    }

    private func read(_ node: ConfigNode, language: String, into form: Form) -> Form {
        var form = form
        node.warnUnknownKeys(allowed: Self.formKeys, in: "a form's translations")
        func add(_ key: String, source: String?, value: ConfigNode?) {
            guard let value, let text = value.scalarText else {
                if let value, !value.isNull { value.error("expected the translation of '\(key)' to be text, found \(value.kindName)") }
                return
            }
            guard let source else {
                value.warning("the form has no '\(key)' to translate")
                return
            }
            form.addTranslation(key: key, source: source, language: language, text: text, at: value.location)
        }
        add("title", source: form.title, value: node["title"])
        add("description", source: form.description, value: node["description"])
        add("label", source: form.submission.label, value: node["submit"]?["label"])
        readStatusMessages(node["submit"]?["messages"], language: language, into: &form)
        for entry in node["texts"]?.entries ?? [] {
            add("text", source: entry.key, value: entry.value)
        }
        let fields = form.allFields
        for entry in node["fields"]?.entries ?? [] {
            guard let field = fields.first(where: { $0.id == entry.key }) else {
                var message = "'\(entry.key)' is not a field of '\(form.id)'"
                if let suggestion = closestMatch(to: entry.key, in: fields.map(\.id)) { message += " (did you mean '\(suggestion)'?)" }
                entry.keyNode.warning(message)
                continue
            }
            entry.value.warnUnknownKeys(allowed: ["label", "help", "placeholder", "options"], in: "a field's translations")
            add("label", source: field.label, value: entry.value["label"])
            add("help", source: field.help, value: entry.value["help"])
            add("placeholder", source: field.placeholder, value: entry.value["placeholder"])
            for option in entry.value["options"]?.entries ?? [] {
                add("label", source: field.effectiveOptions.first { $0.value == option.key }?.label, value: option.value)
            }
        }
        for entry in node["pages"]?.entries ?? [] {
            let number = Int(entry.key).map { $0 - 1 }
            guard let index = form.pages.firstIndex(where: { $0.id == entry.key }) ?? number.flatMap({ form.pages.indices.contains($0) ? $0 : nil }) else {
                entry.keyNode.warning("'\(entry.key)' is neither a page's id nor a page number of '\(form.id)' (1 to \(form.pages.count))")
                continue
            }
            entry.value.warnUnknownKeys(allowed: ["title", "text"], in: "a page's translations")
            add("title", source: form.pages[index].title, value: entry.value["title"])
            add("text", source: form.pages[index].text, value: entry.value["text"])
        }
        return form
    }

    /// `submit.messages.<status>`: what the page says for a server's answer in this language (over the server's own
    /// words, which are often a developer's English); a text the config gives in this language wins.
    private func readStatusMessages(_ node: ConfigNode?, language: String, into form: inout Form) {
        guard let node, !node.isNull, node.expectMapping("'submit.messages'") else { return }
        let tag = language.lowercased()
        for entry in node.entries {
            guard let status = Int(entry.key), (400...599).contains(status) else {
                entry.keyNode.error("submit message key '\(entry.key)' is not an error status (400 to 599)")
                continue
            }
            guard let text = entry.value.scalarText else {
                entry.value.error("expected the translation of '\(entry.key)' to be text, found \(entry.value.kindName)")
                continue
            }
            if form.submission.messageTranslations[status]?[tag] == nil {
                form.submission.messageTranslations[status, default: [:]][tag] = text
            }
        }
    }
}

extension Form {
    /// Adds a translation of the text `source` (as the form shows it in its default language): to every text the
    /// config wrote the same way, or as a text of its own; the config's own translation wins.
    mutating func addTranslation(key: String, source: String, language: String, text: String, at location: SourceLocation) {
        let tag = language.lowercased()
        var found = false
        for index in texts.indices where texts[index].text == source || texts[index].translations.values.contains(source) {
            found = true
            if texts[index].translations[tag] == nil { texts[index].translations[tag] = text }
        }
        if !found {
            texts.append(TranslatableText(key: key, text: source, translations: [tag: text], location: location))
        }
    }
}
