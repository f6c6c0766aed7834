import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// A form's page carries the send module's status line only when the form sends its answers somewhere, and the
/// submitted-data box only when it does not (each is the only module that uses it; page weight, issue #36).
@Suite struct FormPageRegionsTests {
    static func form(_ yaml: String) throws -> Form {
        let site = try TestSite(["configs/forms/f.yaml": yaml])
        return try #require(site.load().site.allForms.first)
    }

    @Test func aFormWithoutAnActionShowsItsAnswersAndHasNoStatusLine() throws {
        let form = try Self.form("title: T\nfields:\n  - {id: a, label: A}\n")
        let html = PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
        #expect(!RuntimeScript.modules(for: FormSpec(form)).contains("send"))
        #expect(html.contains("<section id=\"fg-result\" class=\"fg-result\" hidden aria-labelledby=\"fg-result-title\">\n<h2 id=\"fg-result-title\" tabindex=\"-1\">Submitted data</h2>\n<pre class=\"fg-result-json\"></pre>\n</section>\n<script type=\"application/json\" id=\"fg-spec\">"))
        #expect(!html.contains("fg-status"), "neither the element, nor its rules, nor the send module")
        #expect(html.contains("</form>\n<div id=\"fg-announce\" class=\"fg-vh\" role=\"status\" aria-live=\"polite\"></div>\n<section id=\"fg-result\""))
    }

    @Test func aFormWithAnActionHasTheStatusLineAndNoResultBox() throws {
        let form = try Self.form("title: T\nsubmit: {action: /a}\nfields:\n  - {id: a, label: A}\n")
        let html = PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
        #expect(RuntimeScript.modules(for: FormSpec(form)).contains("send"))
        #expect(html.contains("</form>\n<div id=\"fg-status\" class=\"fg-status\" tabindex=\"-1\"></div>\n<div id=\"fg-announce\" class=\"fg-vh\" role=\"status\" aria-live=\"polite\"></div>\n<script type=\"application/json\" id=\"fg-spec\">"))
        #expect(!html.contains("<section id=\"fg-result\"") && !html.contains("<h2 id=\"fg-result-title\""))
        #expect(!html.contains(".fg-result pre{"), "nor its rule in the page's stylesheet")
    }

    @Test func aWholeRuntimeOverrideGetsBoth() throws {
        let site = try TestSite(["templates/assets/formgen.js": "console.log('mine');\n",
                                 "configs/forms/f.yaml": "title: T\nsubmit: {action: /a}\nfields:\n  - {id: a, label: A}\n"])
        let theme = Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: DiagnosticLog())
        let form = try #require(site.load().site.allForms.first)
        let html = PageRenderer(theme: theme, settings: SiteSettings()).renderForm(form)
        #expect(html.contains("<div id=\"fg-status\" class=\"fg-status\" tabindex=\"-1\"></div>"))
        #expect(html.contains("<section id=\"fg-result\" class=\"fg-result\" hidden"))
    }
}
