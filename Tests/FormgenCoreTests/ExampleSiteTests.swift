import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// The example site as a person sees it: the header's links, the Lumiform example's own title, the country pages.
@Suite struct ExampleSiteTests {
    static let lumiform = #"{"type": "page", "title": "Main Page", "items": [{"type": "text", "title": "Name"}]}"#

    static func build(_ files: [String: String]) throws -> [String: String] {
        let site = try TestSite(files)
        let builder = SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil,
                                                        outputDirectory: site.root.appendingPathComponent("public").path, toolIdentity: "test"))
        let (loaded, theme) = try builder.loadAndCheck()
        return builder.render(loaded, theme: theme).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test func siteYAMLSetsAFormsTitleAndDescriptionOverItsOwn() throws {
        let pages = try Self.build([
            "configs/site.yaml": "title: S\nforms:\n  inspection:\n    title: Site inspection\n    description: A *checklist*.\n",
            "configs/forms/inspection.json": Self.lumiform,
        ])
        let index = try #require(pages["index.html"])
        #expect(index.contains(#"<li><a href="inspection/">Site inspection</a><p class="fg-summary">A checklist.</p>"#))
        let form = try #require(pages["inspection/index.html"])
        #expect(form.contains(#"<h1 class="fg-title">Site inspection</h1>"#))
        #expect(form.contains(#"<div class="fg-description"><p>A <em>checklist</em>.</p>"#))
        #expect(form.contains("<title>Site inspection – S</title>"))
        #expect(!form.contains("Main Page</h1>"))
    }

    @Test func theExampleLumiformFormHasItsOwnTitleWhileItsSeedFileStaysVerbatim() throws {
        let form = try #require(ExampleSite.form("lumiform-nested"))
        #expect(form.title == "Site inspection")
        #expect(form.description?.hasPrefix("A two-page inspection checklist") == true)
        let seed = try String(contentsOfFile: Repository.configs + "/forms/lumiform-nested.json", encoding: .utf8)
        #expect(seed.hasPrefix("{\n  \"type\": \"page\",\n  \"title\": \"Main Page\","))
    }

    @Test func anOverrideNamingNoFormIsAWarningWithASuggestion() throws {
        let site = try TestSite(["configs/site.yaml": "title: S\nforms:\n  inspecton: {title: X}\n",
                                 "configs/forms/inspection.json": Self.lumiform])
        #expect(site.load().diagnostics == [
            "configs/site.yaml:3:3: warning: 'forms' in the site config names 'inspecton', which is not a form's id (did you mean 'inspection'?)",
        ])
    }

    @Test func theHeaderLinksTheFormsAndTheDocsInThePagesLanguage() throws {
        let pages = try Self.build([
            "configs/site.yaml": "title: S\n",
            "configs/forms/contact.yaml": "title: Contact\nlang: de\nfields:\n  - {id: name, label: Name}\n",
            "configs/docs/guide.md": "# Guide\n\nText.\n",
        ])
        #expect(pages["contact/index.html"]?.contains(
            #"<header class="fg-header"><a class="fg-home" href="../">S</a><nav class="fg-nav" aria-label="Website"><a href="../#forms">Formulare</a> <a href="../docs/">Dokumentation</a></nav></header>"#) == true)
        #expect(pages["index.html"]?.contains(#"<div id="forms">"#) == true)
        #expect(pages["docs/guide/index.html"]?.contains(
            #"<nav class="fg-nav" aria-label="Site"><a href="../../#forms">Forms</a> <a href="../../docs/">Documentation</a></nav>"#) == true,
            "doc pages, whose own 'nav' lists the docs")
        let withoutDocs = try Self.build(["configs/forms/contact.yaml": "title: Contact\nfields:\n  - {id: name, label: Name}\n"])
        #expect(withoutDocs["contact/index.html"]?.contains(
            #"<nav class="fg-nav" aria-label="Site"><a href="../#forms">Forms</a></nav></header>"#) == true)
        let docsOnly = try Self.build(["configs/docs/guide.md": "# Guide\n\nText.\n"])
        #expect(docsOnly["docs/guide/index.html"]?.contains(
            #"<nav class="fg-nav" aria-label="Site"><a href="../../docs/">Documentation</a></nav></header>"#) == true,
            "no link to a list of forms the site does not have")
        #expect(docsOnly["index.html"]?.contains(#"id="forms""#) == false)
    }

    @Test func aCountryPageDoesNotRepeatTheFlowsChooseYourCountryText() throws {
        let flow = try #require(ExampleSite.loaded.site.flows.first)
        #expect(flow.description?.contains("Choose the country") == true)
        for country in flow.countries {
            #expect(country.form.description?.contains("Choose the country") != true, "\(country.code)")
        }
        let pages = try Self.build([
            "configs/forms/kyc.yaml": "id: kyc\ntitle: Verify\ndescription: Choose the country that issued your document.\ncountries: [NL, DE]\n",
            "configs/countries/nl.yaml": "country: NL\nfields:\n  - {id: bsn, label: BSN}\n",
            "configs/countries/de.yaml": "country: DE\ndescription: Halten Sie Ihren Ausweis bereit.\nfields:\n  - {id: steuer_id, label: Steuer-ID}\n",
        ])
        #expect(pages["kyc/index.html"]?.contains("Choose the country that issued your document.") == true)
        #expect(pages["kyc/nl/index.html"]?.contains("Choose the country") == false)
        #expect(pages["kyc/nl/index.html"]?.contains(#"<div class="fg-description">"#) == false)
        #expect(pages["kyc/de/index.html"]?.contains(#"<div class="fg-description"><p>Halten Sie Ihren Ausweis bereit.</p>"#) == true)
    }
}
