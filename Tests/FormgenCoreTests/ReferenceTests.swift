import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Reference pages: every field with its type and checks in plain words with their messages, visibility
/// rules in plain words, data sources; the country flow compared side by side. Config strings are escaped.
@Suite struct ReferenceTests {
    static func html(_ path: String) throws -> String {
        let form = try #require(ExampleSite.form(path))
        let writer = ReferenceWriter(form: form)
        return PageRenderer(theme: RenderTests.theme, settings: ExampleSite.loaded.site.settings)
            .renderReference(writer.document(), path: "\(path)/reference", title: writer.title, language: "en", breadcrumb: (form.title, "../"))
    }

    static func flowHTML() throws -> String {
        let flow = try #require(ExampleSite.loaded.site.flows.first)
        let writer = FlowReferenceWriter(flow: flow)
        return PageRenderer(theme: RenderTests.theme, settings: ExampleSite.loaded.site.settings)
            .renderReference(writer.document(), path: "kyc/reference", title: writer.title, language: "en", breadcrumb: (flow.title, "../"))
    }

    /// A table row of the check table: the check in plain words and its message.
    static func row(_ check: String, _ message: String) -> String {
        "<tr>\n<td>\(check)</td>\n<td>\(message)</td>\n</tr>"
    }

    struct Expectation: Sendable, CustomTestStringConvertible {
        let form: String
        let html: String
        var testDescription: String { "\(form): \(html.prefix(60))" }
    }

    static let expectations: [Expectation] = [
        Expectation(form: "pet-adoption", html: "<p>Shown when <em>Do you have a yard?</em> is Yes; otherwise hidden.</p>"),
        Expectation(form: "pet-adoption", html: "<li>When <em>Do you have a yard?</em> is Yes: show <em>Is it fenced? Also indicate the type</em>; otherwise hide it.</li>"),
        Expectation(form: "pet-adoption", html: row("Required", "Answer the question “Do you have a yard?” <em>(default)</em>")),
        Expectation(form: "pet-adoption", html: row("In the format <code>####-###-####</code> (<code>#</code> a digit)", "Phone Number must be in the format ####-###-#### <em>(default)</em>")),
        Expectation(form: "pet-adoption", html: "<h2 id=\"page-2\">Page 2</h2>\n<h3 id=\"do-you-have-a-yard-yesno_1\">Do you have a yard? (<code>yesno_1</code>)</h3>"),
        Expectation(form: "registration", html: row("At least 2 characters", "Enter at least 2 characters")),
        Expectation(form: "registration", html: row("Matches the regular expression <code>^[^0-9]+$</code>", "Full name must not contain digits")),
        Expectation(form: "registration", html: row("On or after 1900-01-01", "Date of birth must be after 1 January 1900")),
        Expectation(form: "registration", html: row("On or before today", "Date of birth must be in the past")),
        Expectation(form: "registration", html: row("At least 18 years before today (age 18 or over)", "You must be at least 18 years old to register")),
        Expectation(form: "registration", html: row("At least 3 characters", "Username must be 3 characters or more <em>(default)</em>")),
        Expectation(form: "registration", html: row("The same as <em>Password</em>", "The passwords do not match")),
        Expectation(form: "registration", html: row("At least 1", "Enter at least 1")),
        Expectation(form: "registration", html: row("A number", "People in your household must be a number <em>(default)</em>")),
        Expectation(form: "registration", html: row("One of the options", "Select one of the options for “How should we contact you?” <em>(default)</em>")),
        Expectation(form: "registration", html: "<p>Required when <em>How should we contact you?</em> is phone (By phone); otherwise optional.</p>"),
        Expectation(form: "registration", html: "<p>Hidden when <em>How should we contact you?</em> is not phone (By phone); otherwise shown.</p>"),
        Expectation(form: "registration", html: "<strong>Options:</strong> <code>email</code> (By email), <code>phone</code> (By phone).</p>"),
        Expectation(form: "registration", html: "<td><a href=\"#which-pets-do-you-have-pet_kinds\">Which pets do you have?</a></td>\n<td><code>pet_kinds</code></td>\n<td>checkbox</td>\n<td>no</td>\n<td>by a rule</td>\n<td>a list of strings</td>"),
        Expectation(form: "registration", html: "<td><a href=\"#phone-number-phone\">Phone number</a></td>\n<td><code>phone</code></td>\n<td>tel</td>\n<td>no, or by a rule</td>"),
        Expectation(form: "kyc/nl", html: row("Matches the regular expression <code>^\\d{9}$</code>", "BSN must be 9 digits")),
        Expectation(form: "kyc/nl", html: row("Required", "Confirm that your details are correct")),
        Expectation(form: "kyc/nl", html: "<strong>Required:</strong> yes.<br />\n<strong>Filled from:</strong> the data source <code>user_profile</code>; read-only, so only its presence is checked.</p>\n"),
        Expectation(form: "kyc/nl", html: "<td><code>user_profile</code></td>\n<td>GET <code>/api/nl-user-profile</code></td>\n<td><em>First Name</em> (<code>first_name</code>), <em>Last Name</em> (<code>last_name</code>), <em>Birth Date</em> (<code>birth_date</code>)</td>"),
        Expectation(form: "kyc/nl", html: "The form has no <code>submit.action</code>: the page shows the collected answers as JSON."),
        Expectation(form: "kyc/be", html: row("In the format <code>##.##.##-###.##</code> (<code>#</code> a digit)", "Rijksregisternummer moet de vorm ##.##.##-###.## hebben <em>(default)</em>")),
        Expectation(form: "kyc/de", html: row("Required", "Geben Sie Vorname ein <em>(default)</em>")),
    ]

    @Test(arguments: expectations)
    func referenceText(_ expectation: Expectation) throws {
        #expect(try Self.html(expectation.form).contains(expectation.html))
    }

    @Test func everyAnchorOfTheFieldTableExists() throws {
        for path in ["registration", "pet-adoption", "kyc/nl", "lumiform-nested"] {
            let html = try Self.html(path)
            let ids = Set(html.matches(of: /id="([^"]+)"/).map { String($0.1) })
            let anchors = html.matches(of: /href="#([^"]+)"/).map { String($0.1) }
            #expect(!anchors.isEmpty)
            for anchor in anchors { #expect(ids.contains(anchor), "\(path): #\(anchor)") }
        }
    }

    @Test func flowComparesTheCountries() throws {
        let html = try Self.flowHTML()
        #expect(html.contains("<h1 id=\"field-reference-verify-your-identity\">Field reference: Verify your identity</h1>"))
        #expect(html.contains("<tr>\n<th>Field</th>\n<th align=\"center\">BE</th>\n<th align=\"center\">DE</th>\n<th align=\"center\">NL</th>\n<th align=\"center\">US</th>\n</tr>"))
        #expect(html.contains("<td><code>bsn</code></td>\n<td align=\"center\">—</td>\n<td align=\"center\">—</td>\n<td align=\"center\">BSN (required)</td>\n<td align=\"center\">—</td>"))
        #expect(html.contains("<td><code>first_name</code></td>\n<td align=\"center\">Voornaam (required)</td>\n<td align=\"center\">Vorname (required)</td>\n<td align=\"center\">First Name (from <code>user_profile</code>, read-only)</td>\n<td align=\"center\">First Name (required)</td>"))
        #expect(html.contains("<td><code>first_name</code></td>\n<td align=\"center\">text; Required; At least 2 characters; At most 50 characters</td>\n<td align=\"center\">text; Required; At least 2 characters; At most 40 characters</td>\n<td align=\"center\">text; read-only; Filled in</td>"))
        #expect(html.contains("<td align=\"center\">text; Required; Matches the regular expression <code>^\\d{5}$</code>; At most 5 characters</td>"))
        #expect(html.contains("<td>NL Nederland</td>\n<td><code>en-NL</code></td>\n<td><a href=\"../nl/\">Verify your identity: Nederland</a></td>\n<td><a href=\"../nl/reference/\">reference</a></td>\n<td><a href=\"../nl/schema.json\">schema.json</a></td>"))
        let common = html.range(of: "<td><code>email</code></td>")?.lowerBound
        let own = html.range(of: "<td><code>bsn</code></td>")?.lowerBound
        #expect(common != nil && own != nil && common! < own!)
    }

    static let hostile = #"""
        title: "Hostile <b>form</b>"
        fields:
          - id: trap
            label: "<script>alert(1)</script> | *x* [y](javascript:z) www.evil.example"
            required: true
            validation:
              regex: { value: "^(a|b)`c`$", message: "<img src=x onerror=alert(2)> | [m](javascript:m)" }
          - id: pick
            label: "Pick | one"
            type: select
            options:
              - { value: "a|b", label: "<em>A</em> | B" }
        rules:
          - when: pick
            condition: equals
            value: "a|b"
            action: hide
            targets: [trap]
        """#

    @Test func configStringsCannotInjectMarkup() throws {
        let (site, diagnostics) = try TestSite.form("hostile.yaml", Self.hostile).load()
        #expect(diagnostics.filter { $0.contains("error") } == [])
        let form = try #require(site.forms.first)
        let writer = ReferenceWriter(form: form)
        let html = PageRenderer(theme: RenderTests.theme, settings: site.settings)
            .renderReference(writer.document(), path: "hostile/reference", title: writer.title, language: "en", breadcrumb: (form.title, "../"))
        let main = try #require(html.components(separatedBy: "<main").last)
        #expect(MarkdownTests.inert(main), "\(main)")
        #expect(!html.contains("<em>A</em>"))
        #expect(!html.contains("href=\"http://www.evil.example\""))
        #expect(html.contains("<h3 id=\"scriptalert1script--x-yjavascriptz-wwwevilexample-trap\">&lt;script&gt;alert(1)&lt;/script&gt; | *x* [y](javascript:z) www.evil.example (<code>trap</code>)</h3>"))
        #expect(html.contains(Self.row("Matches the regular expression <code>^(a|b)`c`$</code>", "&lt;img src=x onerror=alert(2)&gt; | [m](javascript:m)")))
        #expect(html.contains("<p>Hidden when <em>Pick | one</em> is a|b (&lt;em&gt;A&lt;/em&gt; | B).</p>"))
        #expect(html.contains("<title>Field reference: Hostile &lt;b&gt;form&lt;/b&gt; – Forms</title>"))
        let rows = html.components(separatedBy: "<tr>").dropFirst()
        let cellCounts = Set(rows.map { $0.components(separatedBy: "</td>").count + $0.components(separatedBy: "</th>").count })
        #expect(cellCounts == [4, 8], "every row of the 2- and 6-column tables keeps its cells")
    }
}
