/// One language a form is published in, and the path of its page (`fr/kyc/be`).
public struct LanguageAlternate: Sendable, Hashable {
    public var language: String
    public var path: String
}

extension Form {
    /// The form in another language: every text the config gives in it (titles, descriptions, labels, hints,
    /// options, messages, submit texts, exit pages), the rest as written, and formgen's own messages from that
    /// language's table.
    public func translated(to language: String) -> Form {
        var form = self
        form.language = language
        // When no text has a translation, every text picks itself: no table is needed. When no field has one either
        // (nor anything a translation rewrites: an "Other", a grid row's flags), pages and fields stay as they are.
        let untranslated = texts.allSatisfy { $0.translations.isEmpty }
        if untranslated, !containsField(where: { !$0.staysInEveryLanguage }) {
            var form = self
            form.language = language
            form.submission = submission.translated(to: language)
            return form
        }
        var byText: [String: TranslatableText] = [:]
        if !untranslated {
            byText.reserveCapacity(texts.count)
            for text in texts {
                for written in [text.text] + text.translations.keys.sorted().compactMap({ text.translations[$0] }) where byText[written] == nil {
                    byText[written] = text
                }
            }
        }
        func pick(_ text: String?) -> String? {
            guard let text, !untranslated else { return text }
            guard let entry = byText[text] else { return text }
            return entry.text(in: language) ?? entry.text
        }
        form.title = pick(title) ?? title
        form.description = pick(description)
        form.pages = pages.map { page in
            var copy = page
            copy.title = pick(page.title)
            copy.text = pick(page.text)
            copy.items = page.items.map { $0.translated(to: language, texts: pick) }
            return copy
        }
        form.submission = submission.translated(to: language)
        if submission.labelTranslations.isEmpty { form.submission.label = pick(submission.label) }
        return form
    }

    /// The languages the form is published in, the default first.
    public var publishedLanguages: [String] { languages.isEmpty ? [language] : languages }

    /// The form's page in each of its other languages, at `<lang>/<path>`, every page knowing all the others.
    public func languageVariants() -> [Form] {
        let others = publishedLanguages.dropFirst()
        let alternates = [LanguageAlternate(language: language, path: path)]
            + others.map { LanguageAlternate(language: $0, path: "\($0.lowercased())/\(path)") }
        var original = self
        original.alternates = others.isEmpty ? [] : alternates
        return [original] + zip(others, alternates.dropFirst()).map { language, alternate in
            var variant = translated(to: language)
            variant.path = alternate.path
            variant.alternates = alternates
            return variant
        }
    }

    /// The texts with no translation into `language`, in file order.
    public func untranslated(in language: String) -> [TranslatableText] {
        texts.filter { $0.text(in: language) == nil }.sorted { $0.location < $1.location }
    }
}

extension Field {
    /// Whether translating the field changes nothing when no text of its form has a translation: it has no
    /// translations of its own, no "Other" (whose built-in label has some), and no grid row with flags a translation drops.
    var staysInEveryLanguage: Bool {
        translations.isEmpty && other == nil && validations.allSatisfy { $0.messageTranslations.isEmpty }
            && rows.allSatisfy { $0.exclusive == nil && $0.synonyms.isEmpty }
    }
}

extension FormItem {
    /// The item in `language`: fields through their own translations, section titles and descriptions through `texts`.
    func translated(to language: String, texts: (String?) -> String?) -> FormItem {
        switch self {
        case .field(let field):
            var copy = field.translated(to: language)
            // Texts a translation file gives (by the text as written) where the field's config gives none. Each is set
            // only when it changes, so that a field translated into its own language keeps sharing its values.
            if field.translations["label"]?[language.lowercased()] == nil { copy.change(\.label, to: texts(copy.label) ?? copy.label) }
            if field.translations["help"]?[language.lowercased()] == nil { copy.change(\.help, to: texts(copy.help)) }
            if field.translations["placeholder"]?[language.lowercased()] == nil { copy.change(\.placeholder, to: texts(copy.placeholder)) }
            copy.change(\.options, to: field.options.map { FieldOption(value: $0.value, label: texts($0.label) ?? $0.label, exclusive: $0.exclusive, synonyms: $0.synonyms) })
            copy.change(\.rows, to: field.rows.map { FieldOption(value: $0.value, label: texts($0.label) ?? $0.label) })
            if var range = copy.scale {
                if field.translations["minLabel"]?[language.lowercased()] == nil { range.minLabel = texts(range.minLabel) }
                if field.translations["maxLabel"]?[language.lowercased()] == nil { range.maxLabel = texts(range.maxLabel) }
                copy.change(\.scale, to: range)
            }
            if var choice = copy.other, choice.isCustom, field.other?.translations[language.lowercased()] == nil {
                choice.label = texts(choice.label) ?? choice.label
                copy.change(\.other, to: choice)
            }
            copy.change(\.content, to: texts(field.content))
            return .field(copy)
        case .section(var section):
            section.title = texts(section.title)
            section.description = texts(section.description)
            if var policy = section.repeat {
                policy.itemLabel = texts(policy.itemLabel)
                policy.addLabel = texts(policy.addLabel)
                policy.removeLabel = texts(policy.removeLabel)
                section.repeat = policy
            }
            section.items = section.items.map { $0.translated(to: language, texts: texts) }
            return .section(section)
        }
    }
}
