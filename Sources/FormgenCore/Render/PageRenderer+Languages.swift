extension PageRenderer {
    /// Each language's name in that language, for the switcher.
    static let languageNames: [String: String] = [
        "ar": "العربية", "de": "Deutsch", "en": "English", "es": "Español", "fa": "فارسی", "fr": "Français", "he": "עברית",
        "it": "Italiano", "nl": "Nederlands", "pl": "Polski", "pt": "Português", "tr": "Türkçe", "uk": "Українська", "ur": "اردو",
    ]

    /// The template's `languageLinks` for a form published in several languages: the switcher's label and one link per
    /// language (`href` relative, `absolute` for `hreflang` when the base URL is absolute, `current` on this page's);
    /// false for a form in one language.
    func languageLinks(_ form: Form) -> Any {
        guard form.alternates.count > 1 else { return false }
        let root = Self.rootPrefix(for: form.path)
        let absolute = settings.baseURL.hasPrefix("http")
        let links: [[String: Any]] = form.alternates.map { alternate in
            let href = root + alternate.path + "/"
            return ["lang": alternate.language, "href": href,
                    "alternateHref": absolute ? settings.baseURL + alternate.path + "/" : href,
                    "name": Self.languageNames[Messages.primaryTag(alternate.language)] ?? alternate.language,
                    "current": alternate.path == form.path]
        }
        return ["label": Messages.table(for: form.language)["languages"] ?? "", "links": links,
                "defaultHref": links[0]["alternateHref"] ?? ""]
    }
}
