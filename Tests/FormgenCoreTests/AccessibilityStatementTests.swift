import Foundation
import Testing
@testable import FormgenCore

/// The accessibility statement (#40 part 3): a generated page from `accessibility:` in `site.yaml`, linked from every
/// page's footer in the page's language. The example site's statement is held in full by
/// `Fixtures/golden/accessibility.html` (`FORMGEN_UPDATE_GOLDEN=1` rewrites it); bad values are pinned in
/// DiagnosticCatalogTests ("accessibility missing keys", "accessibility bad day and link").
@Suite struct AccessibilityStatementTests {
    static let site = [
        "configs/site.yaml": "title: Forms <&>\nlanguages: [en, fr]\naccessibility:\n  contact: \"[a11y@example.org](mailto:a11y@example.org)\"\n  lastReviewed: 2026-11-20\n  knownIssues:\n    - The map on the *visit* form has no text alternative.\n    - \"<script>alert(1)</script> is dropped\"\n",
        "configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n",
    ]

    @Test func theStatementSaysWhatFormgenGuaranteesAndTheSitesOwnIssuesContactAndDate() throws {
        let page = try #require(try ExampleSiteTests.build(Self.site)["accessibility/index.html"])
        #expect(page.contains("<title>Accessibility statement – Forms &lt;&amp;&gt;</title>"))
        #expect(page.contains(#"<h1 class="fg-title">Accessibility statement</h1>"#))
        #expect(page.contains("<p>This statement is about Forms &lt;&amp;&gt;. Its pages are made by formgen, which holds every page to the following.</p>"))
        #expect(page.contains("<li>Every kind of page is checked against WCAG 2.2 level AA with axe-core in a real browser in formgen&#39;s test suite.</li>"))
        #expect(page.contains("<li>Forms work without JavaScript: they are sent as ordinary HTML forms.</li>"))
        #expect(page.contains("<li><p>The map on the <em>visit</em> form has no text alternative.</p>\n</li>"))
        #expect(page.contains("<li><!-- raw HTML omitted -->\n</li>"), "Markdown without raw HTML, as everywhere")
        #expect(!page.contains("<script>alert"))
        #expect(page.contains(#"<p><a href="mailto:a11y@example.org">a11y@example.org</a></p>"#))
        #expect(page.contains(#"<p class="fg-reviewed">This statement was last reviewed on <time datetime="2026-11-20">November 20, 2026</time>.</p>"#))
    }

    @Test func eachPageLanguageGetsItsStatementAndEveryFooterLinksThePagesOwn() throws {
        let pages = try ExampleSiteTests.build(Self.site)
        let french = try #require(pages["fr/accessibility/index.html"])
        #expect(french.contains(#"<h1 class="fg-title">Déclaration d&#39;accessibilité</h1>"#))
        #expect(french.contains(#"<time datetime="2026-11-20">20 novembre 2026</time>"#))
        #expect(try #require(pages["fr/f/index.html"]).contains(#"<a href="../../fr/accessibility/">Accessibilité</a></footer>"#))
        #expect(try #require(pages["f/index.html"]).contains(#"<a href="../accessibility/">Accessibility</a></footer>"#))
        #expect(try #require(pages["404.html"]).contains(#"<a href="/accessibility/">Accessibility</a>"#))
        for (path, page) in pages where path.hasSuffix(".html") {
            #expect(page.range(of: #"<a href="[./]*(fr/)?accessibility/">[^<]+</a></footer>"#, options: .regularExpression) != nil,
                    "\(path) has no statement link")
        }
    }

    @Test func withoutKnownIssuesItSaysSoAndWithoutTheKeyThereIsNoStatement() throws {
        var files = Self.site
        files["configs/site.yaml"] = "title: S\naccessibility: {contact: a11y@example.org, lastReviewed: 2026-01-05}\n"
        let page = try #require(try ExampleSiteTests.build(files)["accessibility/index.html"])
        #expect(page.contains("<p>No issues are known.</p>"))
        files["configs/site.yaml"] = "title: S\n"
        let plain = try ExampleSiteTests.build(files)
        #expect(plain["accessibility/index.html"] == nil)
        #expect(!(plain["f/index.html"] ?? "").contains("accessibility/"))
    }

    /// The day in each language's long date style, by the calendar day written (no time zone moves it).
    @Test(arguments: [("en", "November 20, 2026"), ("de", "20. November 2026"), ("nl", "20 november 2026"), ("fr", "20 novembre 2026")])
    func reviewedDateInThePagesDateStyle(_ language: String, _ expected: String) {
        #expect(AccessibilityStatement(contact: "x", lastReviewed: "2026-11-20").reviewedDate(in: language) == expected)
    }

    @Test func onlyRealDaysAreDays() {
        #expect(AccessibilityStatement.day("2026-02-28") != nil)
        #expect(AccessibilityStatement.day("2026-02-29") == nil)
        #expect(AccessibilityStatement.day("2026-2-1") == nil)
        #expect(AccessibilityStatement.day("20-11-2026") == nil)
    }

    /// Every UI language has the statement's texts (the footer link among them).
    @Test func everyMessageTableHasTheStatementTexts() throws {
        let folder = Repository.templates + "/i18n"
        let keys = ["a11yLink", "a11yTitle", "a11yIntro", "a11yGuarantees", "a11yChecked", "a11yNoScript", "a11yKeyboard", "a11yErrors",
                    "a11yKnownIssues", "a11yNoIssues", "a11yContact", "a11yContactText", "a11yReviewed"]
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 12)
        for file in files {
            let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))) as? [String: String])
            for key in keys { #expect(!(table[key] ?? "").isEmpty, "\(file) lacks \(key)") }
            #expect(table["a11yIntro"]?.contains("{site}") == true && table["a11yReviewed"]?.contains("{date}") == true, "\(file)")
        }
    }
}
