import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// `configs/docs/**/*.md` become pages: front matter, titles, output paths, rewritten links, navigation,
/// located errors; and the site-wide outputs that list them (index, 404, sitemap).
@Suite struct DocsTests {
    /// A doc without a `title` is called by its file name: words split at `-` and `_`, the first letter capitalised.
    @Test(arguments: [("docs/filling-in-the-form.md", "Filling in the form"), ("how_to.md", "How to"), ("guides/v1.2-notes.md", "V1.2 notes")])
    func aDocWithoutATitleIsCalledByItsFileName(_ source: String, _ title: String) {
        #expect(DocsLoader.humanTitle(source) == title)
    }

    static let minimalForm = """
        id: contact
        title: Contact us
        description: Ask us **anything**.
        fields:
          - id: message
            label: Message
            type: textarea
            required: true
        """

    static func site(_ docs: [String: String], baseURL: String = "/", extraFiles: [String: String] = [:]) throws -> TestSite {
        var files = ["configs/site.yaml": "title: Help desk\nbaseURL: \(baseURL)\n", "configs/forms/contact.yaml": minimalForm]
        for (name, text) in docs { files["configs/docs/\(name)"] = text }
        for (name, text) in extraFiles { files[name] = text }
        return try TestSite(files)
    }

    /// Loads and checks like `formgen check`; diagnostics relative to the site folder.
    static func check(_ site: TestSite) -> (Site?, [String]) {
        let log = DiagnosticLog()
        let builder = SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil, outputDirectory: site.root.appendingPathComponent("public").path))
        let prefix = site.root.path + "/"
        do {
            let (loaded, _) = try builder.loadAndCheck(log: log)
            return (loaded, log.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") })
        } catch let errors as ConfigErrors {
            return (nil, errors.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") })
        } catch {
            return (nil, ["\(error)"])
        }
    }

    static func build(_ site: TestSite) throws -> [String: String] {
        let builder = SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil, outputDirectory: site.root.appendingPathComponent("public").path))
        let (loaded, theme) = try builder.loadAndCheck()
        return builder.render(loaded, theme: theme).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Reading

    @Test func frontMatterGivesTitleOrderAndDescription() {
        let log = DiagnosticLog()
        let doc = DocsLoader.parse(text: """
            ---
            title: Filling in the form
            description: What to have at hand.
            order: 2
            ---
            # How to fill in the form

            Read [the privacy note](privacy.md) first.
            """, source: "guides/filling-in.md", file: "configs/docs/guides/filling-in.md", log: log)
        #expect(log.diagnostics.isEmpty)
        #expect(doc.title == "Filling in the form")
        #expect(doc.summary == "What to have at hand.")
        #expect(doc.order == 2)
        #expect(doc.path == "docs/guides/filling-in")
        #expect(doc.hasOwnTitle)
        #expect(doc.bodyLine == 6)
        #expect(doc.links == [Markdown.Link(url: "privacy.md", line: 8, column: 6, isImage: false)])
    }

    @Test func titleComesFromTheFirstHeadingThenTheFileName() {
        let log = DiagnosticLog()
        let headed = DocsLoader.parse(text: "Intro line.\n\n# The *real* title\n", source: "a.md", file: "a.md", log: log)
        #expect(headed.title == "The real title")
        #expect(headed.summary == "Intro line.")
        let plain = DocsLoader.parse(text: "No heading here.", source: "data-protection_notes.md", file: "x.md", log: log)
        #expect(plain.title == "Data protection notes")
        #expect(!plain.hasOwnTitle)
        #expect(log.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("privacy.md", "docs/privacy"), ("index.md", "docs"), ("README.md", "docs"), ("guides/index.md", "docs/guides"),
        ("guides/KYC Guide.md", "docs/guides/kyc-guide"), ("Über uns.md", "docs/ber-uns"),
    ])
    func outputPaths(_ source: String, _ path: String) {
        #expect(DocsLoader.outputPath(for: source) == path)
    }

    @Test func frontMatterAndLinkProblemsAreLocatedAndAllReported() throws {
        let site = try Self.site([
            "a.md": "---\ntitle: A\norder: first\n---\n# A\n",
            "b.md": "---\ntitle: B\n\n# B never closes its front matter\n",
            "c.md": "---\ntitel: C\n---\nText.\n",
            "d.md": "# D\n\nSee [a](a.md#nowhere), [the missing page](missing.md)\nand [b](b.md).\n\n![shot](shot.png) [top](#d) [bad](#nope)\n",
            "e.md": "---\ntitle: [unclosed\n---\n",
        ])
        let (loaded, diagnostics) = Self.check(site)
        #expect(loaded == nil)
        #expect(diagnostics == [
            "configs/docs/a.md:3:8: error: expected 'order' to be a whole number, found 'first'",
            "configs/docs/b.md:1:1: error: front matter is not closed: add a line '---' after it",
            "configs/docs/c.md:2:1: warning: unknown key 'titel' in front matter (did you mean 'title'?)",
            "configs/docs/d.md:3:5: warning: link to 'a.md#nowhere': that page has no heading with the anchor '#nowhere'",
            "configs/docs/d.md:3:24: error: link to 'missing.md': there is no doc 'missing.md'",
            "configs/docs/d.md:6:1: warning: image 'shot.png' points to 'docs/shot.png', but only Markdown files of docs/ are published; put the file in assets/ and link to it there",
            "configs/docs/d.md:6:29: warning: link to '#nope': this page has no heading with that anchor",
            "configs/docs/e.md:3:1: error: syntax error: a '[' list is not closed here: separate its items with ',' and end it with ']' (while parsing a flow sequence at 2:8)",
        ])
    }

    @Test func twoDocsForOnePageAndDocsOverAFormAreErrors() throws {
        let site = try Self.site(["faq.md": "# FAQ\n", "faq/index.md": "# FAQ again\n"],
                                 extraFiles: ["configs/forms/docs.yaml": "title: Docs form\nfields:\n  - id: a\n    label: A\n"])
        let (_, diagnostics) = Self.check(site)
        #expect(diagnostics.contains("configs/docs/faq/index.md:1:1: error: docs 'faq.md' and 'faq/index.md' would both be written to 'docs/faq/'; rename one"))
        #expect(diagnostics.contains("configs/forms/docs.yaml:1:1: error: form 'docs' would be written to 'docs/', where the docs go; give it another 'id' or file name"))
    }

    // MARK: Links

    struct LinkCase: Sendable, CustomTestStringConvertible {
        let source: String
        let url: String
        let expected: String
        var testDescription: String { "\(source): \(url)" }
    }

    static let linkCases: [LinkCase] = [
        LinkCase(source: "guide.md", url: "privacy.md", expected: "../privacy/"),
        LinkCase(source: "guide.md", url: "privacy.md#what-we-collect", expected: "../privacy/#what-we-collect"),
        LinkCase(source: "guide.md", url: "./guides/deep.md", expected: "../guides/deep/"),
        LinkCase(source: "guides/deep.md", url: "../privacy.md", expected: "../../privacy/"),
        LinkCase(source: "guides/deep.md", url: "../index.md", expected: "../../"),
        LinkCase(source: "guides/deep.md", url: "index.md", expected: "../"),
        LinkCase(source: "guide.md", url: "index.md", expected: "../"),
        LinkCase(source: "guide.md", url: "../assets/logo.svg", expected: "../../assets/logo.svg"),
        LinkCase(source: "guides/deep.md", url: "../../assets/logo.svg", expected: "../../../assets/logo.svg"),
        LinkCase(source: "guide.md", url: "/kyc/nl/", expected: "../../kyc/nl/"),
        LinkCase(source: "guides/deep.md", url: "/", expected: "../../../"),
        LinkCase(source: "guide.md", url: "https://example.org/readme.md", expected: "https://example.org/readme.md"),
        LinkCase(source: "guide.md", url: "mailto:help@example.org", expected: "mailto:help@example.org"),
        LinkCase(source: "guide.md", url: "#step-2", expected: "#step-2"),
        LinkCase(source: "guide.md", url: "missing.md", expected: "missing.md"),
    ]

    @Test(arguments: linkCases)
    func linksPointAtTheBuiltPages(_ link: LinkCase) {
        let log = DiagnosticLog()
        let docs = ["guide.md", "privacy.md", "guides/deep.md", "guides/index.md"].map {
            DocsLoader.parse(text: "# \($0)\n", source: $0, file: $0, log: log)
        }
        let resolver = DocLinkResolver(docs: docs)
        #expect(resolver.rewrite(link.url, from: link.source, pagePath: DocsLoader.outputPath(for: link.source)) == link.expected)
    }

    // MARK: Pages

    static let guide = """
        ---
        title: The guide
        description: Everything in one place.
        order: 1
        ---
        # The guide

        Start with the [privacy note](privacy.md#what-we-keep) or [the form](/contact/).

        ![Logo](../assets/logo.svg) ![Remote](https://images.example.org/a.png)

        ## What we keep

        - [x] Read this
        """

    static let privacy = "---\norder: 2\ndescription: What we keep.\n---\n# Privacy\n\n## What we keep\n\nLittle.\n"

    @Test func docPagesHaveTheLayoutRewrittenLinksAndAStrictPolicy() throws {
        let site = try Self.site(["guide.md": Self.guide, "privacy.md": Self.privacy],
                                 extraFiles: ["configs/assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"])
        let files = try Self.build(site)
        let page = try #require(files["docs/guide/index.html"])
        #expect(page.contains(#"<a href="../privacy/#what-we-keep">privacy note</a>"#))
        #expect(page.contains(#"<a href="../../contact/">the form</a>"#))
        #expect(page.contains(#"<img src="../../assets/logo.svg" alt="Logo" />"#))
        #expect(page.contains(#"<h1 id="the-guide">The guide</h1>"#))
        #expect(page.components(separatedBy: "<h1").count == 2)
        #expect(page.contains(#"<h2 id="what-we-keep">What we keep</h2>"#))
        #expect(page.contains(#"<nav class="fg-breadcrumb" aria-label="Breadcrumb"><a href="../">Documentation</a></nav>"#))
        #expect(page.contains(#"<li><a href="./" aria-current="page">The guide</a></li>"#))
        #expect(page.contains(#"<li><a href="../privacy/">Privacy</a></li>"#))
        #expect(page.contains("<title>The guide – Help desk</title>"))
        let csp = page.replacingOccurrences(of: "&#39;", with: "'")
        #expect(csp.contains("script-src 'none';"))
        #expect(csp.contains("img-src 'self' https://images.example.org;"))
        #expect(!page.contains("<script"))
    }

    @Test func docsIndexListsDocsByOrderAndEveryFormsReference() throws {
        let site = try Self.site(["guide.md": Self.guide, "a-last.md": "# Zebra page\n\nComes last.\n",
                                  "privacy.md": Self.privacy,
                                  "index.md": "---\ntitle: Help\n---\nWelcome to the help pages.\n"])
        let files = try Self.build(site)
        let index = try #require(files["docs/index.html"])
        #expect(index.contains("<h1 class=\"fg-title\">Help</h1>\n<p>Welcome to the help pages.</p>"))
        let list = index.components(separatedBy: "id=\"fg-doc-list\"").last ?? ""
        let order = ["The guide", "Privacy", "Zebra page"].map { list.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(index.contains(#"<li><a href="privacy/">Privacy</a><p class="fg-summary">What we keep.</p></li>"#))
        #expect(index.contains(#"<li><a href="a-last/">Zebra page</a><p class="fg-summary">Comes last.</p></li>"#))
        #expect(index.contains(#"<li><a href="../contact/reference/">Contact us</a></li>"#))
        #expect(files["docs/guide/index.html"]?.contains(#"<a href="../">Help</a>"#) == true)
    }

    @Test func siteIndexListsFormsFlowsAndDocs() throws {
        let site = try Self.site(["guide.md": Self.guide, "privacy.md": Self.privacy])
        let files = try Self.build(site)
        let index = try #require(files["index.html"])
        #expect(index.contains(#"<li><a href="contact/">Contact us</a><p class="fg-summary">Ask us anything.</p>"#))
        #expect(index.contains(#"<a href="contact/reference/" aria-label="Field reference: Contact us">Field reference</a>"#))
        #expect(index.contains(#"<a href="contact/schema.json" aria-label="JSON Schema: Contact us">JSON Schema</a>"#))
        #expect(index.contains(#"<li><a href="docs/guide/">The guide</a><p class="fg-summary">Everything in one place.</p></li>"#))
        #expect(index.contains(#"<li><a href="docs/">Documentation</a>"#))
    }

    @Test func exampleSiteIndexListsTheFlowFormsAndDocs() throws {
        let files = try Self.build(TestSite(root: Repository.root))
        let index = try #require(files["index.html"])
        for expected in [#"<a href="kyc/">Verify your identity</a>"#, #"<a href="registration/">Create your account</a>"#,
                         #"<a href="pet-adoption/">Pet Adoption Application Form</a>"#, #"<a href="docs/filling-in-kyc/">How to fill in the identity check</a>"#,
                         #"<a href="docs/privacy/">Privacy note</a>"#, #"<a href="docs/countries/">What each country asks for</a>"#,
                         #"<a href="kyc/reference/" aria-label="Field reference: Verify your identity">Field reference</a>"#] {
            #expect(index.contains(expected), "\(expected)")
        }
        for path in ["kyc/reference/index.html", "kyc/nl/reference/index.html", "kyc/nl/schema.json", "registration/schema.json",
                     "docs/index.html", "docs/countries/index.html", "404.html"] {
            #expect(files[path] != nil, "\(path)")
        }
        #expect(files["sitemap.xml"] == nil)
    }

    @Test func notFoundPageLinksFromTheBaseURL() throws {
        let relative = try Self.build(Self.site(["guide.md": Self.guide, "privacy.md": Self.privacy], baseURL: "/help/"))
        let page = try #require(relative["404.html"])
        #expect(page.contains(#"<a class="fg-home" href="/help/">Help desk</a>"#))
        #expect(page.contains(#"<a href="/help/">See all forms</a> or <a href="/help/docs/">read the documentation</a>."#))
        #expect(page.contains("<h1 class=\"fg-title\">Page not found</h1>"))
        #expect(!page.contains("rel=\"canonical\""))
        #expect(relative["sitemap.xml"] == nil)
    }

    @Test func sitemapListsEveryPageUnderAnAbsoluteBaseURL() throws {
        let files = try Self.build(Self.site(["guide.md": Self.guide, "privacy.md": Self.privacy], baseURL: "https://help.example.org/desk"))
        #expect(files["sitemap.xml"] == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>https://help.example.org/desk/</loc></url>
            <url><loc>https://help.example.org/desk/contact/</loc></url>
            <url><loc>https://help.example.org/desk/contact/reference/</loc></url>
            <url><loc>https://help.example.org/desk/docs/</loc></url>
            <url><loc>https://help.example.org/desk/docs/guide/</loc></url>
            <url><loc>https://help.example.org/desk/docs/privacy/</loc></url>
            </urlset>

            """)
        #expect(files["404.html"]?.contains(#"<a href="https://help.example.org/desk/">See all forms</a>"#) == true)
        #expect(files["contact/schema.json"]?.contains(#""$id": "https://help.example.org/desk/contact/schema.json""#) == true)
    }

    @Test func hiddenFilesAreNotDocs() throws {
        let site = try Self.site(["guide.md": Self.guide, "privacy.md": Self.privacy, ".draft.md": "# Draft\n", ".drafts/old.md": "# Old\n"])
        let (loaded, diagnostics) = Self.check(site)
        #expect(diagnostics == ["configs/docs/guide.md:10:1: warning: image '../assets/logo.svg' points to 'configs/assets/logo.svg', which does not exist"])
        #expect(loaded?.docs.map(\.source) == ["guide.md", "privacy.md"])
    }

    /// Relative links between folders: up to the common part, then down; `.` and empty parts are not folders.
    @Test(arguments: [
        ("docs", "form-1/reference", true, "../form-1/reference/"), ("docs", "docs/guide", true, "guide/"),
        ("docs/guide", "docs", true, "../"), ("docs", "docs", true, "./"), ("a/./b//c", "a/b/d.pdf", false, "../d.pdf"),
        ("", "form-1", true, "form-1/"), ("kyc/be", "/kyc//nl/./", true, "../nl/"), ("dé/ü", "dé/ö", true, "../ö/"),
    ])
    func relativeLinksClimbToTheCommonFolder(from: String, to: String, isFolder: Bool, expected: String) {
        #expect(DocLinkResolver.relative(from: from, to: to, isFolder: isFolder) == expected)
        #expect(DocLinkResolver.relative(from: DocLinkResolver.components(from), to: to, isFolder: isFolder) == expected)
        #expect(DocLinkResolver.components(from) == from.unicodeScalars.split(separator: "/").map(String.init).filter { $0 != "." })
    }

    @Test func outputIsDeterministic() throws {
        let site = try Self.site(["guide.md": Self.guide, "privacy.md": Self.privacy])
        #expect(try Self.build(site) == Self.build(site))
    }
}
