/// Publishes forms in their other languages (`languages:`): one more page per language at `<lang>/<path>`, and a
/// warning (an error with `--strict-i18n`) for every text the config does not give in a language, which then falls
/// back to the default language's text; the same for the site's title and description in the site's `languages`.
struct LanguageVariants {
    var strict = false

    func expand(_ site: Site, log: DiagnosticLog) -> Site {
        // A site in one language whose forms are each in one: nothing to publish, nothing to warn about, and the site
        // (with the forms it has sorted already) is kept as it is.
        func single(_ form: Form) -> Bool { form.languages.count <= 1 && form.alternates.isEmpty }
        if site.settings.languages.count <= 1, site.translations.isEmpty, site.forms.allSatisfy(single),
           site.flows.allSatisfy({ $0.countries.allSatisfy { single($0.form) } }) {
            return site
        }
        var site = site
        var reported: Set<String> = []
        let settings = site.settings
        for language in settings.languages.dropFirst() {
            for text in [settings.titleText, settings.descriptionText].compactMap({ $0 }) where text.text(in: language) == nil {
                let message = "'\(text.key)' has no '\(language)' translation; the '\(settings.language)' text “\(text.text(in: settings.language) ?? text.text)” is shown"
                if strict { log.error(message, at: text.location) } else { log.warning(message, at: text.location) }
            }
        }
        func variants(of form: Form) -> [Form] {
            let all = form.languageVariants()
            for language in form.publishedLanguages.dropFirst() {
                for text in form.untranslated(in: language) where reported.insert("\(text.location)|\(language)").inserted {
                    let message = "'\(text.key)' has no '\(language)' translation; the '\(form.language)' text “\(text.text)” is shown"
                    if strict { log.error(message, at: text.location) } else { log.warning(message, at: text.location) }
                }
            }
            return all
        }
        var translations = site.translations
        site.forms = site.forms.map { form in
            let all = variants(of: form)
            translations += all.dropFirst()
            return all[0]
        }
        site.flows = site.flows.map { flow in
            var flow = flow
            flow.countries = flow.countries.map { country in
                var country = country
                let all = variants(of: country.form)
                translations += all.dropFirst()
                country.form = all[0]
                return country
            }
            return flow
        }
        site.translations = translations.sorted { $0.path < $1.path }
        return site
    }
}
