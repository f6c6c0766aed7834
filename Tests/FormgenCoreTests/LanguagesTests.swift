import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// `languages:` and texts written per language: one page per language, missing translations reported where written.
@Suite struct LanguagesTests {
    static let contact = """
        id: contact
        title: { en: Contact us, fr: Nous contacter }
        languages: [en, fr]
        pages:
          - title: { en: About you, fr: Vous }
            sections:
              - title: { en: Your name, fr: Votre nom }
                fields:
                  - id: name
                    label: { en: Name, fr: Nom }
                    type: text
                    required: true
                  - id: topic
                    label: { en: Topic, fr: Sujet }
                    type: select
                    options:
                      - { value: billing, label: { en: Billing, fr: Facturation } }
                      - { value: other, label: Other }

        """

    static func load(_ files: [String: String], strictI18n: Bool = false) -> (site: Site?, diagnostics: [String]) {
        guard let test = try? TestSite(files) else { return (nil, []) }
        var options = BuildOptions(configDirectory: test.configs.path, templatesDirectory: nil)
        options.strictI18n = strictI18n
        options.remote.offline = true
        let log = DiagnosticLog()
        let prefix = test.root.path + "/"
        do {
            let (site, _) = try SiteBuilder(options: options).loadAndCheck(log: log)
            return (site, log.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") })
        } catch let errors as ConfigErrors {
            return (nil, errors.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") })
        } catch {
            return (nil, ["\(error)"])
        }
    }

    @Test func aFormIsPublishedInEachLanguageWithItsTexts() throws {
        let (site, _) = Self.load(["configs/forms/contact.yaml": Self.contact])
        let forms = try #require(site).allForms
        #expect(forms.map(\.path) == ["contact", "fr/contact"])
        let french = forms[1]
        #expect(french.id == "contact")
        #expect(french.language == "fr")
        #expect(french.title == "Nous contacter")
        #expect(french.pages[0].title == "Vous")
        guard case .section(let section) = french.pages[0].items[0] else { Issue.record("no section"); return }
        #expect(section.title == "Votre nom")
        #expect(french.allFields.map(\.label) == ["Nom", "Sujet"])
        #expect(french.allFields[1].options.map(\.label) == ["Facturation", "Other"])
        #expect(forms[0].title == "Contact us")
        #expect(forms[0].alternates == [LanguageAlternate(language: "en", path: "contact"), LanguageAlternate(language: "fr", path: "fr/contact")])
        #expect(french.alternates == forms[0].alternates)
    }

    @Test func aRepeatingSectionsLabelsAreWrittenPerLanguage() throws {
        let (site, diagnostics) = Self.load(["configs/forms/pets.yaml": """
            id: pets
            title: { en: Pets, fr: Animaux }
            languages: [en, fr]
            sections:
              - id: pets
                title: { en: Your pets, fr: Vos animaux }
                repeat: { min: 1, itemLabel: { en: "Pet {n}", fr: "Animal {n}" }, addLabel: { en: Add a pet, fr: Ajouter un animal },
                          removeLabel: { en: Remove, fr: Retirer } }
                fields:
                  - { id: name, label: { en: Name, fr: Nom }, type: text }

            """])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let forms = try #require(site).allForms
        let en = try #require(forms.first { $0.language == "en" }), fr = try #require(forms.first { $0.language == "fr" })
        guard case .section(let english) = en.pages[0].items[0], case .section(let french) = fr.pages[0].items[0] else {
            Issue.record("no section")
            return
        }
        #expect(english.repeat?.itemLabel == "Pet {n}" && english.repeat?.addLabel == "Add a pet")
        #expect(french.repeat?.itemLabel == "Animal {n}" && french.repeat?.addLabel == "Ajouter un animal" && french.repeat?.removeLabel == "Retirer")
    }

    @Test func theHomeAnd404PagesSpeakTheSitesLanguage() throws {
        let (site, diagnostics) = Self.load(["configs/site.yaml": "title: Formulieren\nlanguage: nl\n",
                                             "configs/forms/contact.yaml": "id: contact\ntitle: Contact\nfields:\n  - {id: name, label: Naam}\n"])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let loaded = try #require(site)
        let renderer = PageRenderer(theme: RenderTests.theme, settings: loaded.settings)
        let notFound = renderer.renderNotFound(loaded)
        #expect(notFound.contains(#"<h1 class="fg-title">Pagina niet gevonden</h1>"#))
        #expect(notFound.contains("<p>Als u het webadres hebt getypt, controleer dan of het klopt.</p>"))
        #expect(notFound.contains(">Bekijk alle formulieren</a>."))
        let home = renderer.renderIndex(loaded)
        #expect(home.contains(#"<h2 class="fg-subtitle">Formulieren</h2>"#))
        #expect(home.contains(#"aria-label="Velden: Contact">Velden</a>"#))
    }

    @Test func aMissingTranslationIsAWarningWhereTheTextIsWritten() {
        let (site, diagnostics) = Self.load(["configs/forms/contact.yaml": Self.contact])
        #expect(site != nil)
        #expect(diagnostics == ["configs/forms/contact.yaml:18:40: warning: 'label' has no 'fr' translation; the 'en' text “Other” is shown"])
    }

    @Test func strictI18nMakesItAnError() {
        let (site, diagnostics) = Self.load(["configs/forms/contact.yaml": Self.contact], strictI18n: true)
        #expect(site == nil)
        #expect(diagnostics == ["configs/forms/contact.yaml:18:40: error: 'label' has no 'fr' translation; the 'en' text “Other” is shown"])
    }

    @Test func siteLanguagesApplyToEveryFormAndCountriesListTheirOwn() throws {
        let (site, diagnostics) = Self.load([
            "configs/site.yaml": "title: { nl: Formulieren, fr: Formulaires }\nlanguages: [nl, fr]\n",
            "configs/forms/note.yaml": "id: note\ntitle: { nl: Notitie, fr: Note }\nfields:\n  - { id: text, label: { nl: Tekst, fr: Texte }, type: text }\n",
            "configs/countries/be.yaml": "country: BE\nlanguages: [nl, de]\ntitle: { nl: België, de: Belgien }\nfields:\n  - id: city\n    label: { nl: Stad, de: Stadt }\n    type: text\n",
        ])
        #expect(diagnostics == [])
        let forms = try #require(site).allForms
        #expect(forms.map(\.path) == ["de/kyc/be", "fr/note", "kyc/be", "note"])
        #expect(forms.map(\.language) == ["de", "fr", "nl", "nl"])
        #expect(forms.map(\.title) == ["Belgien", "Note", "België", "Notitie"])
    }

    @Test func aLanguagesListMustHoldLanguageTags() {
        let (_, diagnostics) = Self.load(["configs/forms/contact.yaml": "id: contact\ntitle: Contact\nlanguages: [en, 'français']\nfields:\n  - { id: a, label: A, type: text }\n"])
        #expect(diagnostics == ["configs/forms/contact.yaml:3:17: error: expected a language tag such as 'fr' or 'nl-BE' in 'languages', found 'français'"])
    }

    /// The second style: `configs/i18n/<lang>.yaml` keyed by form id and path; the form itself stays in one language.
    @Test func aTranslationFileTranslatesAFormKeptInOneLanguage() throws {
        let form = """
            id: signup
            title: Sign up
            languages: [en, nl]
            pages:
              - id: you
                title: About you
                fields:
                  - { id: name, label: Name, help: As on your passport, type: text, required: true }
                  - id: plan
                    label: Plan
                    type: radio
                    options: [{ value: free, label: Free }, { value: pro, label: Professional }]
            submit: { label: Send }

            """
        let dutch = """
            signup:
              title: Aanmelden
              pages:
                you: { title: Over u }
              fields:
                name: { label: Naam, help: Zoals in uw paspoort }
                plan:
                  label: Abonnement
                  options: { free: Gratis }
                nmae: { label: Naam }
              submit: { label: Versturen }
            signin:
              title: Inloggen

            """
        let (site, diagnostics) = Self.load(["configs/forms/signup.yaml": form, "configs/i18n/nl.yaml": dutch])
        #expect(diagnostics == [
            "configs/forms/signup.yaml:12:70: warning: 'label' has no 'nl' translation; the 'en' text “Professional” is shown",
            "configs/i18n/nl.yaml:10:5: warning: 'nmae' is not a field of 'signup' (did you mean 'name'?)",
            "configs/i18n/nl.yaml:12:1: warning: 'signin' in a translation file is not a form's id (did you mean 'signup'?)",
        ])
        let translated = try #require(site?.allForms.first { $0.path == "nl/signup" })
        #expect(translated.title == "Aanmelden")
        #expect(translated.pages[0].title == "Over u")
        #expect(translated.allFields.map(\.label) == ["Naam", "Abonnement"])
        #expect(translated.allFields[0].help == "Zoals in uw paspoort")
        #expect(translated.allFields[1].options.map(\.label) == ["Gratis", "Professional"])
        #expect(translated.submission.label == "Versturen")
        #expect(site?.allForms.first { $0.path == "signup" }?.title == "Sign up")
    }

    /// The reference page lists the texts left untranslated, with where they are written.
    @Test func theReferencePageListsUntranslatedTexts() throws {
        let (site, _) = Self.load(["configs/forms/contact.yaml": Self.contact])
        let form = try #require(site?.allForms.first { $0.path == "contact" })
        let markdown = ReferenceWriter(form: form).markdown()
        #expect(markdown.contains("""
            ## Translations

            The form is published in 2 languages: [en](../../contact/), [fr](../../fr/contact/).

            Untranslated into `fr` (the `en` text is shown):

            | Key | Text shown | Written at |
            | --- | --- | --- |
            | `label` | Other | `contact.yaml:18:40` |
            """))
    }
}
