import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Config strings are escaped, Markdown carries no raw HTML, and each page's CSP fits it exactly.
@Suite struct SecurityTests {
    static let hostile = """
        title: "<script>alert('title')</script>"
        description: |
          Hello <script>alert(1)</script> <iframe src="https://evil.example"></iframe>
          [click](javascript:alert(2)) <img src=x onerror="alert(3)">
        fields:
          - id: name
            label: "Name\\" onfocus=\\"alert(4)"
            placeholder: "</script><script>alert(5)</script>"
            help: "<b onmouseover=alert(6)>hint</b> [x](javascript:alert(7))"
            validation:
              regex: { value: "^[a-z]+$", message: "</script><script>alert(8)</script>" }
          - id: pick
            label: Pick
            type: select
            options: ["<em>A</em>", "B & C"]
        """

    static func render(_ yaml: String) throws -> String {
        let (site, diagnostics) = try TestSite.form("hostile.yaml", yaml).load()
        #expect(diagnostics.filter { $0.contains("error") && !$0.contains("error: unsafe link") } == [])
        let form = try #require(site.forms.first)
        return PageRenderer(theme: RenderTests.theme, settings: site.settings).renderForm(form)
    }

    @Test func configStringsAreEscaped() throws {
        let html = try Self.render(Self.hostile)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<iframe"))
        #expect(!html.contains("onerror=\""))
        #expect(!html.contains("onfocus=\"alert"))
        #expect(!html.contains("<b onmouseover"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<em>A</em>"))
        #expect(html.contains("<title>&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt; – Forms</title>"))
        #expect(html.contains(#"<label class="fg-label" for="f-name">Name&quot; onfocus=&quot;alert(4)"#))
        #expect(html.contains(#"placeholder="&lt;/script&gt;&lt;script&gt;alert(5)&lt;/script&gt;""#))
        #expect(html.contains(#"<option value="&lt;em&gt;A&lt;/em&gt;">&lt;em&gt;A&lt;/em&gt;</option>"#))
        #expect(html.contains(#"<option value="B &amp; C">B &amp; C</option>"#))
    }

    @Test func specJSONCannotCloseItsScriptElement() throws {
        let html = try Self.render(Self.hostile)
        let start = try #require(html.range(of: #"<script type="application/json" id="fg-spec">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        #expect(json.contains(#"\u003c/script\u003e\u003cscript\u003ealert(8)"#))
        let spec = try JSONDecoder().decode(FormSpec.self, from: Data(json.utf8))
        #expect(spec.fields[0].validations[0].message == "</script><script>alert(8)</script>")
    }

    @Test(arguments: ["kyc/nl", "pet-adoption", "registration", "lumiform-nested"])
    func policyHashesMatchTheInlineStyleAndScript(_ path: String) throws {
        let html = try RenderTests.page(path)
        let csp = try #require(Self.attribute("content", ofMetaWith: "http-equiv=\"Content-Security-Policy\"", in: html))
            .replacingOccurrences(of: "&#39;", with: "'")
        let style = try #require(Self.between("<style>", "</style>", in: html))
        #expect(csp.contains("style-src \(SHA256.cspSource(for: style));"))
        #expect(csp.hasPrefix("default-src 'none'; "))
        #expect(csp.contains("base-uri 'none'"))
        #expect(!csp.contains("unsafe-inline"))
        let inlineScripts = html.components(separatedBy: "<script>").dropFirst().map { $0.components(separatedBy: "</script>")[0] }
        for script in inlineScripts {
            #expect(csp.contains(SHA256.cspSource(for: script)))
        }
        #expect(!html.contains(" style=\""))
        #expect(html.range(of: #"<[^>]+\son[a-z]+="#, options: .regularExpression) == nil)
    }

    @Test func policyNamesExactlyTheOriginsAPageUses() throws {
        let pets = try RenderTests.page("pet-adoption").replacingOccurrences(of: "&#39;", with: "'")
        #expect(pets.contains("img-src https://images.pexels.com; form-action 'self';") && !pets.contains("connect-src"))
        let nl = try RenderTests.page("kyc/nl").replacingOccurrences(of: "&#39;", with: "'")
        #expect(nl.contains("; connect-src 'self'; form-action 'self';") && !nl.contains("img-src"))
        // What a page does not use, `default-src 'none'` already refuses; script-src, style-src, form-action and base-uri always said.
        #expect(nl.contains("default-src 'none'; script-src 'sha256-") && nl.contains("base-uri 'none'"))
        let lumiform = try RenderTests.page("lumiform-nested").replacingOccurrences(of: "&#39;", with: "'")
        #expect(lumiform.contains("img-src https://robohash.org;"))
    }

    @Test func externalSubmitActionIsTheOnlyFormAction() throws {
        let html = try Self.render("title: T\nsubmit: {action: 'https://api.example.org/v1/submit'}\nfields:\n  - {id: a, label: A}\n")
            .replacingOccurrences(of: "&#39;", with: "'")
        #expect(html.contains("connect-src https://api.example.org; form-action https://api.example.org;"))
        #expect(html.contains(#"action="https://api.example.org/v1/submit""#))
    }

    @Test func markdownDropsRawHTMLAndUnsafeLinks() {
        let html = Markdown.html("Hi <script>alert(1)</script>\n\n<iframe src=x></iframe>\n\n[a](javascript:alert(1)) <span onclick=\"x()\">s</span>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<iframe"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("onclick"))
        #expect(html.contains("<p>a <span>s</span></p>") || html.contains("<p>a "), "\(html)")
        #expect(!html.contains("<a "))
    }

    @Test func markdownRendersGitHubExtensions() {
        let html = Markdown.html("| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ https://example.org")
        #expect(html.contains("<table>"))
        #expect(html.contains("<td>1</td>"))
        #expect(html.contains(#"<li class="fg-task-item"><span class="fg-task fg-task-done" role="img" aria-label="Done:">☑</span> done</li>"#))
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains("<a href=\"https://example.org\">https://example.org</a>"))
    }

    static func between(_ start: String, _ end: String, in text: String) -> String? {
        guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else { return nil }
        return String(text[a.upperBound..<b.lowerBound])
    }

    static func attribute(_ name: String, ofMetaWith marker: String, in html: String) -> String? {
        guard let meta = html.components(separatedBy: "<meta ").first(where: { $0.contains(marker) }) else { return nil }
        return between("\(name)=\"", "\"", in: meta)
    }
}

/// Hostile names and files in a site are refused where they are written.
@Suite struct HostileSiteTests {
    /// A field named as a member of every JavaScript object would read as that member on the page.
    @Test(arguments: ["constructor", "toString", "valueOf", "hasOwnProperty"])
    func aFieldNamedAsAnObjectMemberIsALocatedError(_ id: String) throws {
        let diagnostics = try TestSite.form("f.yaml", "title: T\nfields:\n  - {id: \(id), label: A}\n").load().diagnostics
        #expect(diagnostics == ["configs/forms/f.yaml:3:5: error: field id '\(id)' is a name every JavaScript object already has, so the page could not tell the field from it; rename the field (for example '\(id)_')"])
    }

    /// A link in the config folder could bring any file of the machine into the output: every one is refused.
    @Test func symbolicLinksInTheConfigFolderAreLocatedErrors() throws {
        let site = try TestSite.form("f.yaml", "title: T\nfields:\n  - {id: a, label: A}\n")
        try FileManager.default.createDirectory(atPath: site.configs.path + "/assets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: site.configs.path + "/docs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.configs.path + "/assets/p.txt", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: site.configs.path + "/docs/secret.md", withDestinationPath: "/etc/hostname")
        let message = "error: this is a symbolic link; formgen reads and copies only real files, so that no link can bring a file from outside the site into it (copy the file here instead)"
        #expect(site.load().diagnostics == ["configs/assets/p.txt:1:1: \(message)", "configs/docs/secret.md:1:1: \(message)"])
    }

    /// cmark-gfm fills every row of a table up to its header's columns: a 12 KB doc of `|-|-|…` would be a gigabyte.
    @Test func aTableWithTooManyCellsIsALocatedErrorAndRendersAsText() throws {
        let columns = 2_000
        let table = "|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n"
            + String(repeating: "|x|\n", count: 1_000)
        let doc = "# Big\n\n" + table
        let diagnostics = try TestSite(["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/big.md": doc]).load().diagnostics
        #expect(diagnostics == ["configs/docs/big.md:3:1: error: this table has 2000 columns and 1001 rows (2002000 cells); a table may have at most 50000 cells, so it is shown as plain text"])
        let rendered = Markdown.render(doc)
        #expect(!rendered.html.contains("<table"))
        #expect(rendered.html.utf8.count < doc.utf8.count * 2)
        #expect(Markdown.oversizedTable(in: "| a | b |\n|---|---|\n| 1 | 2 |\n") == nil)
        // Found by bench/fuzz.sh: lines ended by a lone CR (which CommonMark reads as line ends) hid the table.
        for ending in ["\r\n", "\r"] {
            #expect(Markdown.oversizedTable(in: table.replacingOccurrences(of: "\n", with: ending))?.columns == columns, "\(ending.debugDescription)")
        }
    }

    /// Identical headings are numbered as GitHub numbers them, a heading already called `intro-1` skipped.
    @Test func identicalHeadingsAreNumberedAsGitHubNumbersThem() {
        let rendered = Markdown.render("# Intro\n\n# Intro-1\n\n# Intro\n\n# Intro\n", options: Markdown.Options(headingAnchors: true))
        #expect(rendered.headings.map(\.id) == ["intro", "intro-1", "intro-2", "intro-3"])
    }
}
