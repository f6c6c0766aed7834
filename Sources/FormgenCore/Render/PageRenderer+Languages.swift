extension PageRenderer {
    /// Each language's name in that language, for the switcher.
    static let languageNames: [String: String] = [
        "ar": "العربية", "de": "Deutsch", "en": "English", "es": "Español", "fa": "فارسی", "fr": "Français", "he": "עברית",
        "it": "Italiano", "nl": "Nederlands", "pl": "Polski", "pt": "Português", "tr": "Türkçe", "uk": "Українська", "ur": "اردو",
    ]

    /// The home page in each of the site's `languages`: the default at the root, the others at `fr/`, ….
    var homeAlternates: [LanguageAlternate] {
        settings.pageLanguages.enumerated().map { index, language in
            LanguageAlternate(language: language, path: index == 0 ? "" : language.lowercased())
        }
    }

    /// The template's `languageLinks` for a form published in several languages: the switcher's label and one link per
    /// language (`href` relative, `absolute` for `hreflang` when the base URL is absolute, `current` on this page's);
    /// false for a form in one language.
    func languageLinks(_ form: Form) -> TemplateValue {
        languageLinks(form.alternates, path: form.path, language: form.language)
    }

    /// The switcher for a page at `path` published at each of `alternates` (the home page at `""`, `fr`, …).
    func languageLinks(_ alternates: [LanguageAlternate], path: String, language: String) -> TemplateValue {
        guard alternates.count > 1 else { return false }
        let root = Self.rootPrefix(for: path)
        let absolute = settings.baseURL.hasPrefix("http")
        let links: [(href: String, alternateHref: String, view: [String: TemplateValue])] = alternates.map { alternate in
            let folder = alternate.path.isEmpty ? "" : alternate.path + "/"
            let href = root + folder
            let alternateHref = absolute ? settings.baseURL + folder : href
            return (href, alternateHref, ["lang": .text(alternate.language), "href": .text(href), "alternateHref": .text(alternateHref),
                                          "name": .text(Self.languageNames[Messages.primaryTag(alternate.language)] ?? alternate.language),
                                          "current": .bool(alternate.path == path)])
        }
        return ["label": .text(theme.messages.table(for: language)["languages"] ?? ""), "links": .objects(links.map(\.view)),
                "defaultHref": .text(links[0].alternateHref)]
    }
}
