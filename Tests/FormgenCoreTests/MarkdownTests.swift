import Foundation
import Testing
@testable import FormgenCore

/// GitHub-flavoured Markdown through cmark-gfm: the extensions render, raw HTML and unsafe links never do.
@Suite struct MarkdownTests {
    @Test func tablesRenderWithAlignmentInANamedScrollableRegion() {
        let html = Markdown.html("""
            ## Formats & "codes"

            | Country | Format |
            | --- | :---: |
            | NL | 9 digits |
            """)
        #expect(html.contains(#"<div class="fg-table" role="region" tabindex="0" aria-label="Formats &amp; &quot;codes&quot;"><table>"#))
        #expect(html.contains("<table>\n<thead>\n<tr>\n<th>Country</th>\n<th align=\"center\">Format</th>"))
        #expect(html.contains("<td>NL</td>\n<td align=\"center\">9 digits</td>"))
        #expect(html.hasSuffix("</table></div>\n"))
        #expect(Markdown.html("| a |\n| - |\n| b |").hasPrefix(#"<div class="fg-table" role="region" tabindex="0" aria-label="Table"><table>"#))
    }

    @Test func taskListsRenderAsLabelledSymbols() {
        let html = Markdown.html("- [x] Choose a country\n- [ ] Find your passport\n")
        #expect(html.contains(#"<li class="fg-task-item"><span class="fg-task fg-task-done" role="img" aria-label="Done:">☑</span> Choose a country</li>"#))
        #expect(html.contains(#"<li class="fg-task-item"><span class="fg-task" role="img" aria-label="To do:">☐</span> Find your passport</li>"#))
        #expect(!html.contains("<input"))
    }

    @Test func autolinksAndStrikethroughRender() {
        let html = Markdown.html("See www.example.org or write to help@example.org, not ~~never~~.")
        #expect(html.contains(#"<a href="http://www.example.org">www.example.org</a>"#))
        #expect(html.contains(#"<a href="mailto:help@example.org">help@example.org</a>"#))
        #expect(html.contains("<del>never</del>"))
    }

    @Test func autolinksCanBeTurnedOff() {
        let html = Markdown.render("www.example.org", options: Markdown.Options(autolinks: false)).html
        #expect(html == "<p>www.example.org</p>\n")
    }

    static let unsafe: [String] = [
        "<script>alert(1)</script>",
        "Text <script>alert(1)</script> more",
        "<iframe src=\"https://evil.example\"></iframe>",
        "Inline <iframe src=x></iframe>",
        "[click](javascript:alert(1))",
        "[click](JavaScript:alert(1))",
        "[click](  javascript:alert(1) )",
        "[click](vbscript:msgbox(1))",
        "[click](data:text/html;base64,PHNjcmlwdD4=)",
        "![img](javascript:alert(1))",
        "<img src=x onerror=alert(1)>",
        "<a href=\"#\" onclick=\"alert(1)\">x</a>",
        "<svg onload=alert(1)>",
        "<style>body{display:none}</style>",
        "<div style=\"color:red\" onmouseover=\"alert(1)\">x</div>",
        "[ref]\n\n[ref]: javascript:alert(1)",
        "<javascript:alert(1)>",
        "<object data=x></object><embed src=x>",
    ]

    /// What must never reach a page from Markdown.
    static func inert(_ html: String) -> Bool {
        let lower = html.lowercased()
        return !lower.contains("<script") && !lower.contains("<iframe") && !lower.contains("<svg") && !lower.contains("<style")
            && html.range(of: #"(href|src|action)\s*=\s*"?\s*(javascript|vbscript|data:text)"#, options: [.regularExpression, .caseInsensitive]) == nil
            && !lower.contains("<object") && !lower.contains("<embed") && !lower.contains("<img src=\"x\"")
            && html.range(of: #"<[^>]*\son[a-z]+\s*="#, options: [.regularExpression, .caseInsensitive]) == nil
            && html.range(of: #"<[^>]*\sstyle\s*="#, options: [.regularExpression, .caseInsensitive]) == nil
    }

    @Test(arguments: unsafe)
    func rawHTMLAndUnsafeLinksComeOutInert(_ markdown: String) {
        #expect(Self.inert(Markdown.html(markdown)), "\(Markdown.html(markdown))")
        #expect(Self.inert(Markdown.inlineHTML(markdown)))
        #expect(Self.inert(Markdown.render(markdown, options: Markdown.Options(headingAnchors: true, rewriteURL: { $0.url })).html))
    }

    @Test(arguments: unsafe)
    func unsafeMarkdownInConfigsComesOutInertOnThePage(_ markdown: String) throws {
        var form = Form(id: "f", path: "f", title: "F", language: "en", format: .native, at: SourceLocation(file: "f.yaml", line: 1, column: 1))
        form.description = markdown
        var help = Field(id: "name", type: .text, label: "Name", at: form.location)
        help.help = markdown
        var paragraph = Field(id: "intro", type: .paragraph, label: "", at: form.location)
        paragraph.content = markdown
        form.pages = [Page(title: "One", items: [.section(Section(title: "S", description: markdown, items: [.field(help), .field(paragraph)]))])]
        let html = PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
        let main = try #require(html.components(separatedBy: "<main").last?.components(separatedBy: "<script type=\"application/json\"").first)
        #expect(Self.inert(main), "\(main)")
        #expect(html.components(separatedBy: "<script").count == (RenderTests.theme.runtime.isEmpty ? 2 : 3))
    }

    @Test func helpSitsInlineInItsHint() {
        #expect(Markdown.inlineHTML("Use **9** digits.") == "Use <strong>9</strong> digits.")
        #expect(Markdown.inlineHTML("One.\n\nTwo.") == "<p>One.</p>\n<p>Two.</p>")
    }

    /// Hints are unwrapped by bytes where that gives Foundation's answer: the same HTML as trimming and splitting with
    /// Foundation, for text in any script, several paragraphs, a paragraph that starts with a combining mark, lists.
    @Test(arguments: ["Use **9** digits.", "One.\n\nTwo.", "One.\n\n\u{301}Two.", "\u{301}One.", "é *x* ü", "  lead", "- a\n- b", "",
                      "<p>raw</p>", "x\u{A0}", "Line\u{2028}", "`<p>` in code", "a\n\n<p>b</p>"])
    func inlineHTMLIsWhatFoundationTrimmingAndSplittingGive(_ markdown: String) {
        var expected = Markdown.html(markdown).trimmingCharacters(in: .whitespacesAndNewlines)
        if expected.hasPrefix("<p>"), expected.hasSuffix("</p>"), expected.components(separatedBy: "<p>").count == 2 {
            expected = String(expected.dropFirst(3).dropLast(4))
        }
        #expect(Markdown.inlineHTML(markdown) == expected)
    }

    @Test func headingsGetUniqueAnchors() {
        let rendered = Markdown.render("# Main\n## Step 1: *Start*\n## Step 1: Start\n### Ünïcode & more", options: Markdown.Options(headingAnchors: true, reservedIDs: ["main"]))
        #expect(rendered.headings.map(\.id) == ["main-1", "step-1-start", "step-1-start-1", "ünïcode--more"])
        #expect(rendered.html.contains(#"<h1 id="main-1">Main</h1>"#))
        #expect(rendered.html.contains(#"<h2 id="step-1-start">Step 1: <em>Start</em></h2>"#))
        #expect(rendered.html.contains(#"<h2 id="step-1-start-1">Step 1: Start</h2>"#))
        #expect(rendered.title == "Main")
    }

    @Test func headingsGetNoAnchorsUnlessAsked() {
        #expect(Markdown.html("## Title") == "<h2>Title</h2>\n")
    }

    @Test func linksAreRewrittenAndReportedWithTheirPositions() {
        let rendered = Markdown.render("Intro\n\nSee [the guide](guide.md#step) and ![logo](../assets/logo.svg).",
                                       options: Markdown.Options(rewriteURL: { $0.url.hasSuffix(".md#step") ? "../guide/#step" : $0.url }))
        #expect(rendered.html.contains(#"<a href="../guide/#step">the guide</a>"#))
        #expect(rendered.html.contains(#"<img src="../assets/logo.svg" alt="logo" />"#))
        #expect(rendered.links == [
            Markdown.Link(url: "guide.md#step", line: 3, column: 5, isImage: false),
            Markdown.Link(url: "../assets/logo.svg", line: 3, column: 36, isImage: true),
        ])
        #expect(rendered.summary == "Intro")
    }

    @Test func rewrittenLinksAreStillCheckedForSafety() {
        let html = Markdown.render("[x](page.md)", options: Markdown.Options(rewriteURL: { _ in "javascript:alert(1)" })).html
        #expect(html == "<p><a href=\"\">x</a></p>\n")
    }

    static let literalTexts: [String] = [
        "<script>alert(1)</script>",
        "*bold* _it_ **x** ~~y~~ `code`",
        "[link](javascript:alert(1)) ![i](x.png)",
        "# not a heading",
        "1. not a list",
        "- not a list",
        "> not a quote",
        "| not | a | table |",
        "&amp; &lt;b&gt; &#60;",
        "back\\slash \\* and trailing \\",
        "www.example.org and a@b.org",
        "line one\nline two",
        "Is it fenced? Also indicate the type",
        "<http://example.org>",
    ]

    @Test(arguments: literalTexts)
    func escapedTextRendersAsItself(_ text: String) {
        let html = Markdown.render(Markdown.escape(text), options: Markdown.Options(autolinks: false)).html
        let expected = text.replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        #expect(html == "<p>\(expected)</p>\n")
    }

    @Test(arguments: ["^\\d{9}$", "a`b", "``x``", " lead", "a|b", ""])
    func codeSpansHoldAnyText(_ text: String) {
        let html = Markdown.render(Markdown.code(text)).html
        let expected = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        if text.isEmpty {
            #expect(!html.contains("<code>x"))
        } else {
            #expect(html == "<p><code>\(expected)</code></p>\n")
        }
        let cell = Markdown.render("| a |\n| --- |\n| \(Markdown.code(text, inTable: true)) |").html
        #expect(text.isEmpty || cell.contains("<td><code>\(expected)</code></td>"))
    }
}

/// cmark-gfm keeps the extensions' special characters in a process-wide table while it parses inlines;
/// documents rendered at once on many threads must still all get their strikethrough.
@Suite struct MarkdownConcurrencyTests {
    @Test func documentsRenderedAtOnceOnManyThreadsAllKeepTheirStrikethrough() {
        let text = (1...40).map { "Line \($0): ~~gone~~ and ~~also gone~~, a | table | cell, www.example.org." }.joined(separator: "\n\n")
        let expected = Markdown.render(text).html
        #expect(expected.contains("<del>gone</del>"))
        let results = ConcurrentResults(count: 400)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            results.set(index, Markdown.render(text).html)
        }
        #expect(results.values.allSatisfy { $0 == expected })
    }

    final class ConcurrentResults: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String?]
        init(count: Int) { items = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: String) { lock.lock(); items[index] = value; lock.unlock() }
        var values: [String?] { lock.lock(); defer { lock.unlock() }; return items }
    }
}
