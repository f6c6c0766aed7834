import Foundation
import Testing
@testable import FormgenCore

/// Which fields are kept out of drafts, and how `submit:` texts and `drafts:` are read.
@Suite struct PrivacyTests {
    static let listed: [String] = Sensitivity.identityWords.keys.sorted().flatMap { Sensitivity.identityWords[$0] ?? [] }

    @Test(arguments: PrivacyTests.listed)
    func aListedWordInTheLabelMakesAFieldSensitive(_ word: String) {
        let field = Field(id: "answer", type: .text, label: "Your \(word)", at: SourceLocation(file: "f", line: 1, column: 1))
        #expect(Sensitivity.isSensitive(field))
        let plain = Field(id: "answer", type: .text, label: "Your favourite colour", at: SourceLocation(file: "f", line: 1, column: 1))
        #expect(!Sensitivity.isSensitive(plain))
    }

    @Test func theSeedIdentityFieldsAreSensitiveAndOthersAreNot() throws {
        let site = try TestSite(["configs/forms/f.yaml": """
            title: T
            fields:
              - {id: bsn, label: BSN}
              - {id: ssn, label: SSN}
              - {id: steuer_id, label: Steueridentifikationsnummer}
              - {id: card, label: Card, autocomplete: cc-number}
              - {id: code, label: Code, autocomplete: one-time-code}
              - {id: city, label: City}
              - {id: pinboard, label: Pinboard}
              - {id: iban, label: IBAN, sensitive: false}
            """])
        let form = try #require(site.load().site.allForms.first)
        let sensitive = FormSpec(form).fields.filter(\.sensitive).map(\.id)
        #expect(sensitive == ["bsn", "ssn", "steuer_id", "card", "code"])
    }

    @Test func submitTextsAndDraftsAreRead() throws {
        let site = try TestSite(["configs/forms/f.yaml": """
            title: T
            lang: nl
            drafts: {maxAge: 30m}
            submit: {label: {en: Log in, nl: Inloggen}, kind: register, enableWhen: complete, messages: {401: {en: Wrong, nl: Fout}}}
            fields:
              - {id: password, label: P, type: password}
            """])
        let loaded = site.load()
        #expect(loaded.diagnostics.isEmpty)
        let form = try #require(loaded.site.allForms.first)
        let spec = FormSpec(form)
        #expect(spec.submit.label == "Inloggen")
        #expect(spec.submit.messages == ["401": "Fout"])
        #expect(spec.submit.enableWhen == "complete")
        #expect(spec.drafts == .init(enabled: true, maxAge: 1800))
        #expect(Autocomplete.infer(for: form.allFields[0], in: form) == "new-password")
    }

    @Test func badSubmitAndDraftValuesAreErrors() throws {
        let site = try TestSite(["configs/forms/f.yaml": """
            title: T
            drafts: {maxAge: soon}
            submit: {kind: signup, enableWhen: filled, messages: {200: OK}}
            fields:
              - {id: a, label: A}
            """])
        #expect(site.load().diagnostics == [
            "configs/forms/f.yaml:2:19: error: drafts maxAge 'soon' is not a duration: write a positive number with s, m, h or d (30m, 24h, 7d)",
            "configs/forms/f.yaml:3:16: error: unknown submit kind 'signup' (known: login, register)",
            "configs/forms/f.yaml:3:42: error: unknown submit enableWhen 'filled' (known: always, complete)",
            "configs/forms/f.yaml:3:61: error: submit message key '200' is not an error status (400 to 599)",
        ])
    }

    @Test func draftsCanBeTurnedOff() throws {
        let site = try TestSite(["configs/site.yaml": "drafts: false\n", "configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n"])
        let form = try #require(site.load().site.allForms.first)
        #expect(FormSpec(form).drafts.enabled == false)
    }
}
