import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// `site.yaml`'s title and description written per language: a home page per site language, page titles and the
/// sitemap in each language, and a warning for a missing translation.
@Suite struct SiteLanguagesTests {
    static let site = """
        title: { en: Our forms, fr: Nos formulaires }
        description: { en: "All our **forms**.", fr: "Tous nos **formulaires**." }
        baseURL: https://forms.example.org/
        languages: [en, fr]

        """
    static let avis = "id: avis\ntitle: { en: Feedback, fr: Avis }\nfields:\n  - { id: name, label: { en: Name, fr: Nom }, type: text }\n"
    static let note = "id: note\ntitle: Note\nlanguages: [en]\nfields:\n  - { id: text, label: Text, type: text }\n"

    /// The built site's output files as text, and the diagnostics (paths relative to the site).
    static func build(_ files: [String: String], strictI18n: Bool = false) throws -> (files: [String: String], diagnostics: [String]) {
        let test = try TestSite(files)
        defer { try? FileManager.default.removeItem(at: test.root) }
        var options = BuildOptions(configDirectory: test.configs.path, templatesDirectory: nil)
        options.strictI18n = strictI18n
        options.remote.offline = true
        let log = DiagnosticLog()
        let prefix = test.root.path + "/"
        let diagnostics = { log.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") } }
        do {
            let builder = SiteBuilder(options: options)
            let (site, theme) = try builder.loadAndCheck(log: log)
            return (builder.render(site, theme: theme).mapValues { String(decoding: $0, as: UTF8.self) }, diagnostics())
        } catch let errors as ConfigErrors {
            return ([:], errors.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") })
        }
    }

    @Test func theSettingsHoldEveryLanguagesTexts() throws {
        let (site, diagnostics) = LanguagesTests.load(["configs/site.yaml": "title: { en: Forms, nl: Formulieren }\nlanguages: [nl, en]\n"])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let settings = try #require(site).settings
        #expect(settings.title == "Formulieren")
        #expect(settings.title(in: "en") == "Forms" && settings.title(in: "nl-BE") == "Formulieren" && settings.title(in: "de") == "Formulieren")
        #expect(settings.description(in: "en") == nil)
    }

    @Test func eachSiteLanguageHasItsHomePage() throws {
        let (files, diagnostics) = try Self.build(["configs/site.yaml": Self.site, "configs/forms/avis.yaml": Self.avis,
                                                   "configs/forms/note.yaml": Self.note])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let home = try #require(files["index.html"]), french = try #require(files["fr/index.html"])
        #expect(home.contains("<title>Our forms</title>") && home.contains(#"<html lang="en" dir="ltr">"#))
        #expect(french.contains("<title>Nos formulaires</title>") && french.contains(#"<html lang="fr" dir="ltr">"#))
        #expect(french.contains(#"<h1 class="fg-title">Nos formulaires</h1>"#))
        #expect(french.contains("<p>Tous nos <strong>formulaires</strong>.</p>"))
        // The French page of a form published in French; a form only in English keeps its English page.
        #expect(french.contains(#"<li><a href="avis/">Avis</a>"#))
        #expect(french.contains(#"<li><a href="../note/">Note</a>"#))
        #expect(french.contains(#"<a href="../" hreflang="en" lang="en">English</a>"#))
        #expect(french.contains(#"<a href="../fr/" hreflang="fr" lang="fr" aria-current="page">Français</a>"#))
        #expect(home.contains(#"<link rel="alternate" hreflang="fr" href="https://forms.example.org/fr/">"#))
        #expect(try #require(files["fr/avis/index.html"]).contains("<title>Avis – Nos formulaires</title>"))
        #expect(try #require(files["avis/index.html"]).contains("<title>Feedback – Our forms</title>"))
        let sitemap = try #require(files["sitemap.xml"])
        #expect(sitemap.contains(#"<url><loc>https://forms.example.org/fr/</loc><xhtml:link rel="alternate" hreflang="en" href="https://forms.example.org/"/><xhtml:link rel="alternate" hreflang="fr" href="https://forms.example.org/fr/"/></url>"#))
    }

    @Test func aSiteWithoutLanguagesHasOneHomePage() throws {
        let (files, diagnostics) = try Self.build(["configs/site.yaml": "title: Forms\n", "configs/forms/note.yaml": Self.note])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(files.keys.filter { $0.hasSuffix("/index.html") && !$0.contains("note") }.isEmpty)
        #expect(try #require(files["index.html"]).contains("<title>Forms</title>"))
    }

    @Test func aMissingTranslationIsAWarningThenAnErrorWithStrictI18n() throws {
        let site = "title: { en: Our forms, fr: Nos formulaires }\ndescription: All our forms.\nlanguages: [en, fr, nl]\n"
        let (files, warnings) = try Self.build(["configs/site.yaml": site])
        #expect(warnings == [
            "configs/site.yaml:1:8: warning: 'title' has no 'nl' translation; the 'en' text “Our forms” is shown",
            "configs/site.yaml:2:14: warning: 'description' has no 'fr' translation; the 'en' text “All our forms.” is shown",
            "configs/site.yaml:2:14: warning: 'description' has no 'nl' translation; the 'en' text “All our forms.” is shown",
        ])
        #expect(try #require(files["nl/index.html"]).contains("<title>Our forms</title>"))
        let (_, errors) = try Self.build(["configs/site.yaml": site], strictI18n: true)
        #expect(errors.count == 3 && errors.allSatisfy { $0.contains(": error: ") })
    }
}
