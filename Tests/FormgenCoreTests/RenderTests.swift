import Foundation
import Testing
@testable import FormgenCore

/// The HTML each field type becomes: native attributes that work without JavaScript.
@Suite struct RenderTests {
    /// The autocomplete token a field gets from its id and label: the earliest listed token that either names
    /// wins, then words in the label (email before phone before birth before full name).
    @Test(arguments: [
        ("city", "Email address", FieldType.text, "email"), ("name", "Phone", .text, "name"), ("q1", "Your email here", .text, "email"),
        ("q2", "Phone or email", .text, "email"), ("q3", "Birth place", .text, "bday"), ("q4", "Date of birth", .date, "bday"),
        ("q5", "Fullname please", .text, "name"), ("zip", "Question", .text, "postal-code"), ("q6", "Voornaam", .text, "given-name"),
        ("q7", "Favourite colour", .text, nil), ("q8", "Town or city", .text, nil), ("company", "Phone number", .text, "tel"),
    ] as [(String, String, FieldType, String?)])
    func autocompleteIsInferredFromIdAndLabel(_ id: String, _ label: String, _ type: FieldType, _ token: String?) {
        let field = Field(id: id, type: type, label: label, at: SourceLocation(file: "f.yaml", line: 1, column: 1))
        #expect(Autocomplete.infer(for: field) == token)
    }

    static let theme = Theme.load(overrides: nil, log: DiagnosticLog())

    static func page(_ path: String) throws -> String {
        let form = try #require(ExampleSite.form(path))
        return PageRenderer(theme: theme, settings: ExampleSite.loaded.site.settings).renderForm(form)
    }

    /// The opening tag of the element with `id`, attributes as written.
    static func tag(withID id: String, in html: String) -> String? {
        guard let idRange = html.range(of: " id=\"\(id)\"") else { return nil }
        guard let start = html[..<idRange.lowerBound].lastIndex(of: "<"), let end = html[idRange.upperBound...].firstIndex(of: ">") else { return nil }
        return String(html[start...end])
    }

    struct Expectation: CustomTestStringConvertible, Sendable {
        let form: String
        let id: String
        let tag: String
        var testDescription: String { "\(form) #\(id)" }
    }

    static let expectations: [Expectation] = [
        Expectation(form: "kyc/nl", id: "f-first_name",
                    tag: #"<input class="fg-input" id="f-first_name" name="first_name" required readonly autocomplete="given-name" data-fg-source="user_profile">"#),
        Expectation(form: "kyc/nl", id: "f-bsn",
                    tag: #"<input class="fg-input" id="f-bsn" name="bsn" required pattern="^\d{9}$">"#),
        Expectation(form: "kyc/nl", id: "f-birth_date",
                    tag: #"<input class="fg-input fg-width-10" id="f-birth_date" name="birth_date" required readonly autocomplete="bday" data-fg-source="user_profile">"#),
        Expectation(form: "kyc/us", id: "f-first_name",
                    tag: #"<input class="fg-input" id="f-first_name" name="first_name" required minlength="2" autocomplete="given-name">"#),
        Expectation(form: "kyc/us", id: "f-ssn",
                    tag: #"<input class="fg-input" id="f-ssn" name="ssn" required pattern="^\d{3}-\d{2}-\d{4}$">"#),
        Expectation(form: "kyc/us", id: "f-phone",
                    tag: #"<input class="fg-input" id="f-phone" name="phone" required pattern="^\+?1?\d{10,14}$" autocomplete="tel">"#),
        Expectation(form: "kyc/de", id: "f-postal_code",
                    tag: #"<input class="fg-input fg-width-5" id="f-postal_code" name="postal_code" required pattern="^\d{5}$" autocomplete="postal-code">"#),
        Expectation(form: "kyc/de", id: "f-email",
                    tag: #"<input class="fg-input" id="f-email" name="email" type="email" required autocomplete="email" aria-describedby="f-email-hint" spellcheck="false">"#),
        Expectation(form: "kyc/be", id: "f-national_number",
                    tag: #####"<input class="fg-input fg-width-20" id="f-national_number" name="national_number" required pattern="[0-9][0-9]\.[0-9][0-9]\.[0-9][0-9]-[0-9][0-9][0-9]\.[0-9][0-9]" maxlength="15" inputmode="numeric" aria-describedby="f-national_number-hint" data-fg-mask="##.##.##-###.##" spellcheck="false">"#####),
        Expectation(form: "pet-adoption", id: "f-formattednumeric_1",
                    tag: #####"<input class="fg-input fg-width-20" id="f-formattednumeric_1" name="formattednumeric_1" required pattern="[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]" maxlength="13" inputmode="numeric" autocomplete="tel" data-fg-mask="####-###-####" spellcheck="false">"#####),
        Expectation(form: "pet-adoption", id: "f-datetime_1",
                    tag: #"<input class="fg-input fg-width-10" id="f-datetime_1" name="datetime_1" type="date" required autocomplete="bday">"#),
        Expectation(form: "pet-adoption", id: "f-text_1",
                    tag: #"<input class="fg-input" id="f-text_1" name="text_1" required autocomplete="name">"#),
        Expectation(form: "pet-adoption", id: "f-text_3",
                    tag: #"<input class="fg-input" id="f-text_3" name="text_3">"#),
        Expectation(form: "pet-adoption", id: "f-yesno_1",
                    tag: #"<fieldset class="fg-choices" id="f-yesno_1">"#),
        Expectation(form: "pet-adoption", id: "f-yesno_1-0",
                    tag: #"<input class="fg-choice-input" id="f-yesno_1-0" name="yesno_1" type="radio" value="Yes" required aria-controls="fg-reveal-yesno_1-0">"#),
        // A number's input is as wide as its longest bound and the browser's arrows (#35: a 2-digit age is not full width).
        Expectation(form: "registration", id: "f-household_size",
                    tag: #"<input class="fg-input fg-width-3" id="f-household_size" name="household_size" type="number" min="1" max="20" step="any">"#),
        Expectation(form: "household", id: "f-pets[0].age_years",
                    tag: #"<input class="fg-input fg-width-3" id="f-pets[0].age_years" name="pets[0].age_years" type="number" min="0" max="60" step="any">"#),
        Expectation(form: "registration", id: "f-birth_date",
                    tag: #"<input class="fg-input fg-width-10" id="f-birth_date" name="birth_date" type="date" required min="1900-01-01" autocomplete="bday" aria-describedby="f-birth_date-hint">"#),
        Expectation(form: "registration", id: "f-password",
                    tag: #"<input class="fg-input" id="f-password" name="password" type="password" required minlength="10" autocomplete="new-password" spellcheck="false">"#),
        Expectation(form: "registration", id: "f-password_confirm",
                    tag: #"<input class="fg-input" id="f-password_confirm" name="password_confirm" type="password" required autocomplete="new-password" spellcheck="false">"#),
        Expectation(form: "registration", id: "f-phone",
                    tag: #####"<input class="fg-input fg-width-20" id="f-phone" name="phone" type="tel" pattern="[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]" maxlength="13" inputmode="numeric" autocomplete="tel" aria-describedby="f-phone-hint" data-fg-mask="####-###-####" spellcheck="false">"#####),
        Expectation(form: "registration", id: "f-customer_number",
                    tag: #####"<input class="fg-input fg-width-10" id="f-customer_number" name="customer_number" pattern="[A-Za-z][A-Za-z]-[0-9][0-9][0-9][0-9]" maxlength="7" aria-describedby="f-customer_number-hint" data-fg-mask="AA-####" spellcheck="false">"#####),
        Expectation(form: "registration", id: "f-best_time",
                    tag: #"<select class="fg-input fg-select" id="f-best_time" name="best_time">"#),
        Expectation(form: "registration", id: "f-pet_notes",
                    tag: #"<textarea class="fg-input" id="f-pet_notes" name="pet_notes" rows="5" aria-describedby="f-pet_notes-count">"#),
        Expectation(form: "registration", id: "f-contact_method-1",
                    tag: #"<input class="fg-choice-input" id="f-contact_method-1" name="contact_method" type="radio" value="phone" required>"#),
        Expectation(form: "registration", id: "f-pet_kinds-2",
                    tag: #"<input class="fg-choice-input" id="f-pet_kinds-2" name="pet_kinds" type="checkbox" value="Bird">"#),
        Expectation(form: "registration", id: "f-terms",
                    tag: #"<input class="fg-choice-input" id="f-terms" name="terms" type="checkbox" value="true" required>"#),
        Expectation(form: "registration", id: "f-email",
                    tag: #"<input class="fg-input" id="f-email" name="email" type="email" required autocomplete="email" spellcheck="false">"#),
    ]

    @Test(arguments: expectations)
    func fieldMarkup(_ expectation: Expectation) throws {
        let html = try Self.page(expectation.form)
        #expect(Self.tag(withID: expectation.id, in: html) == expectation.tag)
    }

    @Test func labelsPointAtTheirControls() throws {
        let html = try Self.page("registration")
        let form = try #require(ExampleSite.form("registration"))
        for field in form.allFields where [.text, .number, .date, .email, .tel, .password, .select, .textarea, .formattednumeric].contains(field.type) {
            #expect(html.contains("<label class=\"fg-label\" for=\"f-\(field.id)\">\(field.label)"), "label of \(field.id)")
        }
    }

    @Test func groupsAreFieldsetsWithLegends() throws {
        let html = try Self.page("registration")
        #expect(html.contains(#"<fieldset class="fg-choices" id="f-has_pets">"#))
        #expect(html.contains(#"<legend class="fg-label">Do you have pets?</legend>"#))
        #expect(html.contains(#"<legend class="fg-section-title">Your name</legend>"#))
        #expect(html.contains(#"<label class="fg-choice-label" for="f-has_pets-1">No</label>"#))
    }

    @Test func optionalFieldsAreMarked() throws {
        let html = try Self.page("registration")
        #expect(html.contains(#"<label class="fg-label" for="f-household_size">People in your household <span class="fg-optional">(optional)</span></label>"#))
        let dutch = try Self.page("kyc/be")
        #expect(dutch.contains("<html lang=\"nl-BE\" dir=\"ltr\">"))
        #expect(dutch.contains(">Verzenden</button>"))
    }

    @Test func imagesHaveAltTextAndHelpIsMarkdown() throws {
        let lumiform = try Self.page("lumiform-nested")
        #expect(lumiform.contains(#"<img src="https://robohash.org/100?&amp;set=set4&amp;size=400x400" alt="Chapter 1 Image" loading="lazy" decoding="async">"#))
        let registration = try Self.page("registration")
        #expect(registration.contains(#"<div class="fg-hint" id="f-phone-hint">Use the format 0612-345-6789.</div>"#))
        #expect(registration.contains("<strong>Nothing here is shared</strong>"))
    }

    @Test func multiPageFormsHaveWizardHooksAndOnePageFormsDoNot() throws {
        let pets = try Self.page("pet-adoption")
        #expect(pets.contains(#"<section class="fg-page" id="fg-page-2" data-fg-page="2" aria-labelledby="fg-page-2-title">"#))
        #expect(pets.contains("data-fg-next hidden>Next</button>"))
        let login = try Self.page("login")
        #expect(!login.contains("data-fg-next hidden>"))
        // A one-page form with a review step (the KYC flow's `review: true`) has the hooks too.
        let nl = try Self.page("kyc/nl")
        #expect(nl.contains("data-fg-next hidden>Next</button>") && nl.contains(#"<section id="fg-review""#))
        #expect(nl.contains(#"<form id="fg-form" class="fg-form" method="post" action="" data-fg-form="kyc-nl">"#))
    }

    @Test func embeddedSpecIsTheFormSpec() throws {
        let html = try Self.page("pet-adoption")
        let start = try #require(html.range(of: #"<script type="application/json" id="fg-spec">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let spec = try JSONDecoder().decode(FormSpec.self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
        let full = FormSpec(try #require(ExampleSite.form("pet-adoption")))
        #expect(spec == full.embedded(with: Self.theme.runtime.script(for: full)))
        #expect(spec.messages.keys.sorted() == ["draftCleared", "errorPrefix", "errorTitlePrefix", "step", "tooLong.other"])
        #expect(spec.rules.first?.targets == ["text_3"])
        // Its image (display-only) is left out of the embedded spec's first page.
        #expect(spec.pages.map(\.fields.count) == [4, 2, 2] && full.pages.map(\.fields.count) == [5, 2, 2])
    }
    /// Without JavaScript nothing fills a required field from a data source, so the page says why it cannot be sent
    /// (the server refuses such a post: `readOnlyMissing`); a page with nothing to fill in says nothing of the kind.
    @Test func aPageWithRequiredPrefilledFieldsSaysItNeedsJavaScript() throws {
        let nl = try RenderTests.page("kyc/nl")
        #expect(nl.contains("<noscript><p class=\"fg-notice\">This form fills in some of your details from your account, which needs JavaScript. Turn on JavaScript in your browser to send it.</p></noscript>"))
        #expect(!(try RenderTests.page("pet-adoption")).contains("<noscript>"))
    }
}
