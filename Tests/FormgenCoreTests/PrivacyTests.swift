import FormgenTestSupport
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

    /// Whole words in any case, at either end, with any separator; a listed word inside a longer word is not one.
    @Test(arguments: [("PASSPORT", true), ("Steuer-ID", true), ("iban", true), ("Card_Number", true), ("bank.account", true),
                      ("Tinned food", false), ("Pinned note", false), ("Passports office", false), ("Rijksregisternummer (België)", true),
                      ("Numéro de carte", true), ("Your SSN?", true)])
    func identityWordsAreWholeWordsInAnyCase(_ label: String, _ sensitive: Bool) {
        let field = Field(id: "answer", type: .text, label: label, at: SourceLocation(file: "f", line: 1, column: 1))
        #expect(Sensitivity.isSensitive(field) == sensitive)
    }

    /// The 26 fields a drafts audit found kept: passwords in text fields in other languages, identity numbers,
    /// secrets, words hidden by punctuation, a zero-width space or full-width letters, and secret `autocomplete` tokens
    /// (any of a value's tokens). Each is found in the label, and in the id where an id can spell it.
    static let auditedLabels = ["Wachtwoord", "Passwort", "Kennwort", "Mot de passe", "NHS number", "S.S.N.", "Codice fiscale",
                                "DNI", "PESEL", "TC Kimlik No", "CPF", "One-time code", "API key", "Access token", "Secret answer",
                                "Mother's maiden name", "I\u{200B}BAN", "ＩＢＡＮ", "I.B.A.N.", "Card no."]
    static let auditedAutocomplete = ["one-time-code", "cc-number", "cc-csc", "new-password", "current-password", "current-password webauthn"]

    @Test(arguments: PrivacyTests.auditedLabels)
    func anAuditedLabelMakesATextFieldSensitive(_ label: String) {
        let field = Field(id: "answer", type: .text, label: label, at: SourceLocation(file: "f", line: 1, column: 1))
        #expect(Sensitivity.isSensitive(field), "\(label)")
        let translated = Field(id: "answer", type: .text, label: "Answer", at: SourceLocation(file: "f", line: 1, column: 1))
        var withTranslation = translated
        withTranslation.translations["label"] = ["xx": label]
        #expect(Sensitivity.isSensitive(withTranslation), "translated \(label)")
    }

    @Test(arguments: PrivacyTests.auditedAutocomplete)
    func anAuditedAutocompleteTokenMakesAFieldSensitive(_ token: String) {
        var field = Field(id: "answer", type: .text, label: "Answer", at: SourceLocation(file: "f", line: 1, column: 1))
        field.autocomplete = token
        #expect(Sensitivity.isSensitive(field))
    }

    @Test(arguments: ["apiKey", "accessToken", "nhs_number", "codice-fiscale", "motherMaidenName", "oneTimeCode"])
    func anIdSpellingASecretMakesAFieldSensitive(_ id: String) {
        #expect(Sensitivity.isSensitive(Field(id: id, type: .text, label: "Answer", at: SourceLocation(file: "f", line: 1, column: 1))))
    }

    /// Ordinary labels and ids stay drafted, also when normalised or cut at punctuation.
    @Test(arguments: ["Pet name", "Email address", "E-mail", "Country", "Your favourite colour", "Phone number", "Promo code",
                      "Postal code", "Code postal", "Nombre del niño", "Tak / Nie", "Una parola", "Date of birth", "Company name",
                      "Opt-in", "Sign-in name", "First name", "Straße", "Ｃｏｕｎｔｒｙ", "Pet\u{200B}name", "Spinning class"])
    func ordinaryLabelsAreNotSensitive(_ label: String) {
        let field = Field(id: "answer", type: .text, label: label, at: SourceLocation(file: "f", line: 1, column: 1))
        #expect(!Sensitivity.isSensitive(field), "\(label): \(Sensitivity.reason(for: field) ?? "")")
        #expect(!Sensitivity.isSensitive(Field(id: "petName", type: .text, label: "Pet", at: SourceLocation(file: "f", line: 1, column: 1))))
    }

    /// The reason is decided once per field value and shared by copies, but a change to a field (or to a copy of
    /// it) decides it again.
    @Test func aFieldsRememberedReasonFollowsEveryChange() {
        var field = Field(id: "answer", type: .text, label: "Your name", at: SourceLocation(file: "f", line: 1, column: 1))
        #expect(field.sensitivityReason == nil)
        let copy = field
        field.label = "Your passport number"
        #expect(field.sensitivityReason == "looks like an identity, bank or card number (passport)")
        #expect(copy.sensitivityReason == nil)
        field.label = "Your name"
        #expect(field.sensitivityReason == nil)
        field.type = .password
        #expect(field.sensitivityReason == "a password")
        var shared = field
        shared.type = .text
        #expect(shared.sensitivityReason == nil && field.sensitivityReason == "a password")
        #expect(shared.sensitivityReason == Sensitivity.reason(for: shared) && field.sensitivityReason == Sensitivity.reason(for: field))
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
            "configs/forms/f.yaml:2:18: error: drafts maxAge 'soon' is not a duration: write a positive number with s, m, h or d (30m, 24h, 7d)",
            "configs/forms/f.yaml:3:16: error: unknown submit kind 'signup' (known: login, register)",
            "configs/forms/f.yaml:3:36: error: unknown submit enableWhen 'filled' (known: always, complete)",
            "configs/forms/f.yaml:3:55: error: submit message key '200' is not an error status (400 to 599)",
        ])
    }

    @Test func draftsCanBeTurnedOff() throws {
        let site = try TestSite(["configs/site.yaml": "drafts: false\n", "configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n"])
        let form = try #require(site.load().site.allForms.first)
        #expect(FormSpec(form).drafts.enabled == false)
    }
}

/// The page says when it keeps answers on the device, and only then ships the drafts module.
@Suite struct DraftNoteTests {
    static func form(_ yaml: String) throws -> Form {
        let site = try TestSite(["configs/forms/f.yaml": yaml])
        return try #require(site.load().site.allForms.first)
    }

    @Test(arguments: [(86_400, "en", "24 hours"), (172_800, "en", "2 days"), (1_800, "en", "30 minutes"), (3_600, "en", "1 hour"),
                      (604_800, "nl", "7 dagen"), (86_400, "nl", "24 uur"), (60, "de", "1 Minute"), (7_200, "de", "2 Stunden")])
    func aDraftsLifetimeInWords(_ seconds: Int, _ language: String, _ words: String) {
        #expect(Messages.duration(seconds: seconds, language: language) == words)
    }

    @Test func aPageThatKeepsDraftsSaysSoWithAClearButton() throws {
        let form = try Self.form("title: T\nlang: nl\ndrafts: {maxAge: 2h}\nfields:\n  - {id: city, label: Plaats}\n")
        let html = PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
        #expect(html.contains(#"<p id="fg-draft-note" class="fg-draft-note" hidden>Uw antwoorden worden 2 uur op dit apparaat bewaard. <button type="button" class="fg-link-button" id="fg-clear-draft">Bewaarde antwoorden wissen</button></p>"#))
        #expect(RuntimeScript.modules(for: FormSpec(form)).contains("drafts"))
    }

    @Test func withoutDraftsThereIsNoNoteAndNoDraftsModuleButDateRulesStillRun() throws {
        let form = try Self.form("title: T\ndrafts: false\nfields:\n  - {id: born, label: Born, type: date, validation: {minAge: 18}}\n")
        let html = PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
        #expect(!html.contains("fg-draft-note"))
        #expect(RuntimeScript.modules(for: FormSpec(form)) == ["bounds"])
    }

    @Test func aFormOfOnlyPasswordsHasNoNote() throws {
        let form = try Self.form("title: T\nfields:\n  - {id: pw, label: Password, type: password}\n")
        #expect(!RuntimeScript.keepsDrafts(FormSpec(form)))
    }
}
