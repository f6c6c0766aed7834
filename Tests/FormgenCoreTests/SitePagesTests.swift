import Foundation
import Testing
@testable import FormgenCore

/// The site's own pages as a person reads them (#35 part B): the country picker, the home page, docs and the
/// Lumiform statements. Browser checks of the same pages are in Tests/browser/test_site_pages.py.
@Suite struct SitePagesTests {
    /// A flow of `countries` (code → the config's name) on a site in `language`.
    static func flowSite(_ countries: [(String, String)], language: String = "en") -> [String: String] {
        var files = ["configs/site.yaml": "title: S\nlanguage: \(language)\n"]
        files["configs/forms/kyc.yaml"] = "id: kyc\ntitle: Check\ncountries:\n"
            + countries.map { "  \($0.0): { name: \($0.1) }\n" }.joined()
            + "fields:\n  - {id: email, label: Email, type: email}\n"
        for (code, _) in countries {
            files["configs/countries/\(code.lowercased()).yaml"] = "country: \(code)\nfields:\n  - {id: name, label: Name, type: text}\n"
        }
        return files
    }

    static let four = [("NL", "Nederland"), ("BE", "België"), ("US", "United States"), ("DE", "Deutschland")]

    static func countryItems(_ page: String) -> [String] {
        page.components(separatedBy: "\n").filter { $0.hasPrefix("<li data-code=") }
    }

    /// Before: only endonyms, each after its code in an underlined link (`<span>BE</span> België`), sorted by code.
    @Test func theCountryPickerNamesCountriesInThePageLanguageWithTheirOwnNameBeside() throws {
        let page = try #require(try ExampleSiteTests.build(Self.flowSite(Self.four))["kyc/index.html"])
        #expect(Self.countryItems(page) == [
            #"<li data-code="BE"><a href="be/" hreflang="en">Belgium</a> <span class="fg-endonym">België</span></li>"#,
            #"<li data-code="DE"><a href="de/" hreflang="en">Germany</a> <span class="fg-endonym">Deutschland</span></li>"#,
            #"<li data-code="NL"><a href="nl/" hreflang="en">Netherlands</a> <span class="fg-endonym">Nederland</span></li>"#,
            #"<li data-code="US"><a href="us/" hreflang="en">United States</a></li>"#,
        ])
        #expect(!page.contains("fg-filter-input"), "four countries need no filter")
        #expect(!page.contains("<script"))
    }

    /// The names and their order are the page language's: in French, "États-Unis" sorts with the E's.
    @Test func aFrenchPickerSortsFrenchNamesAsFrenchSortsThem() throws {
        let page = try #require(try ExampleSiteTests.build(Self.flowSite(Self.four, language: "fr"))["kyc/index.html"])
        #expect(Self.countryItems(page).map { $0.components(separatedBy: "hreflang=\"fr\">").last?.components(separatedBy: "</a>").first ?? "" }
                == ["Allemagne", "Belgique", "États-Unis", "Pays-Bas"])
    }

    /// More than ten countries: a filter box, hidden until its script (inlined, hashed into the CSP) shows it.
    @Test func aLongCountryListGetsAFilterBoxWhoseScriptTheCSPAllows() throws {
        let countries = ["AT", "BE", "CH", "DE", "DK", "ES", "FR", "IT", "LU", "NL", "PT"].map { ($0, $0) }
        let page = try #require(try ExampleSiteTests.build(Self.flowSite(countries))["kyc/index.html"])
        #expect(Self.countryItems(page).count == 11)
        #expect(page.contains(#"<div class="fg-filter" id="fg-filter" data-shown="Countries shown: {count}" hidden>"#))
        #expect(page.contains(#"<label class="fg-label" for="fg-filter-input">Type to filter the countries</label>"#))
        let script = try #require(page.components(separatedBy: "<script>").dropFirst().first?.components(separatedBy: "</script>").first)
        #expect(script == Theme.load(overrides: nil, log: DiagnosticLog()).listFilter)
        #expect(page.contains("script-src \(HTMLEscaping.escape(SHA256.cspSource(for: script)))"))
    }

    /// A doc with three or more level-2 headings lists them under its title; a shorter one does not. Task-list
    /// items carry their one mark (`fg-task-item`, no bullet).
    @Test func aLongDocGetsContentsAndTaskItemsTheirOneMark() throws {
        let pages = try ExampleSiteTests.build([
            "configs/site.yaml": "title: S\nlanguage: nl\n",
            "configs/docs/long.md": "# Long\n\nIntro.\n\n## One\n\n- [x] done\n- [ ] to do\n\n## Two & <b>\n\n## Three\n",
            "configs/docs/short.md": "# Short\n\n## One\n\n## Two\n",
        ])
        let long = try #require(pages["docs/long/index.html"])
        #expect(long.contains("""
            <h1 id="long">Long</h1>
            <nav class="fg-toc" id="fg-toc" aria-labelledby="fg-toc-title">
            <h2 class="fg-toc-title" id="fg-toc-title">Inhoud</h2>
            <ol class="fg-toc-list">
            <li><a href="#one">One</a></li>
            <li><a href="#two-">Two &amp;</a></li>
            <li><a href="#three">Three</a></li>
            </ol>
            </nav>
            <p>Intro.</p>
            """))
        #expect(long.contains(#"<li class="fg-task-item"><span class="fg-task fg-task-done" role="img" aria-label="Done:">☑</span> done</li>"#))
        #expect(long.contains(".fg-task-item{list-style:none}"))
        #expect(!(try #require(pages["docs/short/index.html"])).contains("fg-toc"))
    }

    /// The Lumiform seed's `text` items that are statements ("Welcome to the main page!") are text on the page, as
    /// the app shows them; a question or a label stays a text question. Before: every one was an optional input.
    @Test func lumiformStatementsAreTextAndQuestionsStayInputs() throws {
        let form = try #require(ExampleSite.form("lumiform-nested"))
        #expect(form.allFields.map { "\($0.id) \($0.type.rawValue)" } == [
            "text_1 paragraph", "image_1 image", "text_2 paragraph", "text_3 paragraph", "image_2 image", "text_4 paragraph", "text_5 text",
        ])
        let pages = try ExampleSiteTests.build(["configs/forms/f.json": #"""
            {"type": "page", "title": "P", "items": [{"type": "text", "title": "Name"}, {"type": "text", "title": "Read *this* <b>now</b>."}]}
            """#])
        let page = try #require(pages["f/index.html"])
        #expect(page.contains(#"<p>Read *this* &lt;b&gt;now&lt;/b&gt;.</p>"#))
        #expect(page.contains(#"<input class="fg-input" id="f-text_1" name="text_1""#))
        #expect(!page.contains(#"id="f-text_2""#))
    }

    /// `footer:` is every page's footer in the page's language; without it a page shows the site title, and the home
    /// page nothing that repeats its H1. A translation file's `submit.messages` words a server's refusal per language.
    @Test func theFooterAndAServersRefusalComeInThePagesLanguage() throws {
        let login = "id: login\ntitle: Log in\nlanguages: [en, ar]\nsubmit: {action: /api/login}\nfields:\n  - {id: email, label: Email, type: email}\n"
        let pages = try ExampleSiteTests.build([
            "configs/site.yaml": "title: {en: Forms, ar: النماذج}\nfooter: {en: Made by *us*., ar: صنعناه.}\n",
            "configs/forms/login.yaml": login,
            "configs/i18n/ar.yaml": "login:\n  submit:\n    messages:\n      401: كلمة المرور غير صحيحة\n",
        ])
        let english = try #require(pages["login/index.html"]), arabic = try #require(pages["ar/login/index.html"])
        #expect(english.contains("<footer class=\"fg-footer\"><p>Made by <em>us</em>.</p>\n</footer>"))
        #expect(arabic.contains("<footer class=\"fg-footer\"><p>صنعناه.</p>\n</footer>"))
        #expect(arabic.contains(#""messages":{"401":"كلمة المرور غير صحيحة"}"#))
        #expect(!english.contains(#""401""#), "the English page keeps the server's own words")
        let plain = try ExampleSiteTests.build(["configs/site.yaml": "title: Forms\n", "configs/forms/login.yaml": login])
        #expect(try #require(plain["login/index.html"]).contains("<footer class=\"fg-footer\"><p>Forms</p></footer>"))
        #expect(try #require(plain["index.html"]).contains("<footer class=\"fg-footer\"></footer>"))
    }
}
