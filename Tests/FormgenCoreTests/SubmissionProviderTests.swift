import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// `submit: {provider: netlify | formspree | webhook}`: each page posts what its provider reads, carries a
/// honeypot, and has a policy that lets it post there and nowhere else.
@Suite struct SubmissionProviderTests {
    static func page(_ submit: String, fields: String = "  - {id: name, label: Name, required: true}\n  - {id: email, label: Email, type: email}\n") throws -> (html: String, spec: FormSpec) {
        let site = try TestSite(["configs/forms/contact.yaml": "id: contact\ntitle: Contact us\nsubmit:\n\(submit)\nfields:\n\(fields)"])
        let loaded = site.load()
        let form = try #require(loaded.site.allForms.first, "\(loaded.diagnostics)")
        return (PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form), FormSpec(form))
    }

    static func policy(_ html: String) -> String {
        guard let start = html.range(of: #"http-equiv="Content-Security-Policy" content=""#),
              let end = html[start.upperBound...].firstIndex(of: "\"") else { return "" }
        return String(html[start.upperBound..<end]).replacingOccurrences(of: "&#39;", with: "'")
    }

    @Test func netlifyFormsAreMarkedNamedAndPostUrlencodedToThePageItself() throws {
        let (html, spec) = try Self.page("  provider: netlify")
        #expect(html.contains("""
        <form id="fg-form" class="fg-form" method="post" action="./" data-fg-form="contact" name="contact" data-netlify="true" netlify-honeypot="bot-field">
        <input type="hidden" name="form-name" value="contact">
        <div class="fg-hp" aria-hidden="true"><label for="fg-hp">Leave this field empty</label> <input id="fg-hp" name="bot-field" tabindex="-1" autocomplete="off"></div>
        """))
        #expect(spec.submit.encoding == "form")
        #expect(spec.submit.extra == ["form-name": "contact"])
        #expect(spec.submit.honeypot == "bot-field")
        #expect(Self.policy(html).contains("connect-src 'self';"))
        #expect(Self.policy(html).contains("form-action 'self';"))
    }

    @Test func formspreeFormsPostJSONToTheirFormWithSubjectReplyToAndGotcha() throws {
        let (html, spec) = try Self.page("  provider: formspree\n  form: xyzabcd")
        #expect(html.contains("""
        <form id="fg-form" class="fg-form" method="post" action="https://formspree.io/f/xyzabcd" data-fg-form="contact">
        <input type="hidden" name="_subject" value="Contact us">
        <div class="fg-hp" aria-hidden="true"><label for="fg-hp">Leave this field empty</label> <input id="fg-hp" name="_gotcha" tabindex="-1" autocomplete="off"></div>
        """))
        #expect(spec.submit.action == "https://formspree.io/f/xyzabcd")
        #expect(spec.submit.encoding == "json")
        #expect(spec.submit.replyTo == "email")
        #expect(Self.policy(html).contains("connect-src https://formspree.io;"))
        #expect(Self.policy(html).contains("form-action https://formspree.io;"))
    }

    @Test func aWebhookTakesTheJSONPostAndTheTimeTrapIsInTheSpec() throws {
        let (html, spec) = try Self.page("  provider: webhook\n  url: https://hooks.example.org/forms\n  minSeconds: 3")
        #expect(html.contains(#"<form id="fg-form" class="fg-form" method="post" action="https://hooks.example.org/forms" data-fg-form="contact">"#))
        #expect(html.contains(#"name="_gotcha""#))
        #expect(spec.submit.provider == "webhook")
        #expect(spec.submit.minSeconds == 3)
        #expect(Self.policy(html).contains("connect-src https://hooks.example.org;"))
    }

    @Test func aFormWithoutAProviderHasNoHoneypot() throws {
        let (html, spec) = try Self.page("  action: /api/contact")
        #expect(!html.contains(#"id="fg-hp""#))
        #expect(spec.submit.honeypot == nil)
    }

    @Test(arguments: [
        ("  provider: formspree", "contact.yaml:4:13: error: submit provider 'formspree' needs form: the form's id from formspree.io/f/<id> (letters and digits)"),
        ("  provider: formspree\n  form: \"x/y\"", "contact.yaml:5:9: error: submit provider 'formspree' needs form: the form's id from formspree.io/f/<id> (letters and digits)"),
        ("  provider: webhook", "contact.yaml:4:13: error: submit provider 'webhook' needs url: the http(s) address that takes the JSON POST"),
        ("  provider: netlify\n  minSeconds: -1", "contact.yaml:5:15: error: 'minSeconds' must be a whole number of seconds from 0 to 3600"),
    ])
    func aProviderMissingWhatItNeedsIsALocatedError(_ submit: String, _ expected: String) throws {
        let site = try TestSite(["configs/forms/contact.yaml": "id: contact\ntitle: Contact us\nsubmit:\n\(submit)\nfields:\n  - {id: name, label: Name}\n"])
        let diagnostics = site.load().diagnostics
        #expect(diagnostics.contains { $0.hasSuffix(expected) }, "\(diagnostics)")
    }
}
