import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Every seed format loads unmodified into the one model.
@Suite struct FormatLoadingTests {
    @Test func exampleSiteLoadsWithoutErrors() {
        let errors = ExampleSite.loaded.diagnostics.filter { $0.contains(": error: ") }
        #expect(errors == [])
        #expect(ExampleSite.loaded.site.allForms.map(\.path) == [
            "ar/login", "currency-exchange", "customer-survey", "de/kyc/be", "fr/kyc/be", "household", "kyc/be", "kyc/de", "kyc/nl", "kyc/us", "login", "lumiform-nested", "pet-adoption", "pet-adoption-journey",
            "register", "registration", "travel",
        ])
    }

    // MARK: KYC country format

    @Test func netherlandsFlatValidationAndDataSource() throws {
        let form = try #require(ExampleSite.form("kyc/nl"))
        #expect(form.format == .kycCountry)
        #expect(form.language == "en-NL")
        #expect(form.allFields.map(\.id) == ["first_name", "last_name", "bsn", "birth_date", "email", "consent"])
        let bsn = try #require(form.field("bsn"))
        #expect(bsn.type == .text)
        #expect(bsn.required)
        #expect(bsn.validations.map(\.kind) == [.regex(#"^\d{9}$"#)])
        #expect(bsn.message(of: "regex") == "BSN must be 9 digits")
        for id in ["first_name", "last_name", "birth_date"] {
            let field = try #require(form.field(id))
            #expect(field.readOnly)
            #expect(field.dataSource == "user_profile")
        }
        #expect(form.field("birth_date")?.type == .date)
        #expect(form.dataSources.map(\.id) == ["user_profile"])
        #expect(form.dataSources.first?.endpoint == "/api/nl-user-profile")
        #expect(form.dataSources.first?.fields == ["first_name", "last_name", "birth_date"])
    }

    @Test func unitedStatesRuleMapValidation() throws {
        let form = try #require(ExampleSite.form("kyc/us"))
        #expect(form.allFields.map(\.id) == ["first_name", "last_name", "birth_date", "ssn", "phone", "zip_code", "email", "consent"])
        let first = try #require(form.field("first_name"))
        #expect(first.validations.map(\.kind) == [.minLength(2), .maxLength(50)])
        #expect(first.message(of: "minLength") == "First name must be at least 2 characters")
        #expect(first.message(of: "maxLength") == "First name cannot exceed 50 characters")
        #expect(form.field("ssn")?.validations.map(\.kind) == [.regex(#"^\d{3}-\d{2}-\d{4}$"#)])
        #expect(form.field("ssn")?.message(of: "regex") == "SSN must be in format XXX-XX-XXXX")
        #expect(form.field("phone")?.validations.map(\.kind) == [.regex(#"^\+?1?\d{10,14}$"#)])
        #expect(form.field("phone")?.message(of: "regex") == "Please enter a valid phone number")
        #expect(form.field("zip_code")?.validations.map(\.kind) == [.maxLength(10)])
        #expect(form.field("zip_code")?.message(of: "maxLength") == "ZIP code cannot exceed 10 characters")
        #expect(form.dataSources.isEmpty)
    }

    @Test func germanyRuleMapValidation() throws {
        let form = try #require(ExampleSite.form("kyc/de"))
        #expect(form.language == "de-DE")
        #expect(form.allFields.map(\.id) == ["first_name", "last_name", "steuer_id", "birth_date", "postal_code", "email", "consent"])
        #expect(form.field("first_name")?.label == "Vorname")
        #expect(form.field("first_name")?.message(of: "minLength") == "Vorname muss mindestens 2 Zeichen lang sein")
        #expect(form.field("steuer_id")?.validations.map(\.kind) == [.regex(#"^\d{11}$"#)])
        #expect(form.field("steuer_id")?.message(of: "regex") == "Muss 11 Ziffern haben")
        let postal = try #require(form.field("postal_code"))
        #expect(postal.validations.map(\.kind) == [.regex(#"^\d{5}$"#), .maxLength(5)])
        #expect(postal.message(of: "regex") == "Postleitzahl muss genau 5 Ziffern sein")
        #expect(postal.message(of: "maxLength") == "Postleitzahl darf maximal 5 Zeichen lang sein")
    }

    @Test func belgiumListValidationAndInheritedFields() throws {
        let form = try #require(ExampleSite.form("kyc/be"))
        #expect(form.language == "nl-BE")
        let first = try #require(form.field("first_name"))
        #expect(first.validations.map(\.kind) == [.minLength(2), .maxLength(50)])
        #expect(first.message(of: "minLength") == "Voornaam moet minstens 2 tekens lang zijn")
        #expect(first.message(of: "maxLength") == nil)
        #expect(form.field("birth_date")?.validations.map(\.kind) == [.minAge(18), .minDate(.fixed(year: 1900, month: 1, day: 1))])
        #expect(form.field("national_number")?.mask == "##.##.##-###.##")
        let consent = try #require(form.field("consent"))
        #expect(consent.type == .checkbox)
        #expect(consent.requiredMessage == "Bevestig dat uw gegevens juist zijn")
    }

    @Test(arguments: [
        ("kyc/nl", "Email address", "Confirm that your details are correct"),
        ("kyc/de", "E-Mail-Adresse", "Bestätigen Sie, dass Ihre Angaben richtig sind"),
        ("kyc/be", "E-mailadres", "Bevestig dat uw gegevens juist zijn"),
    ])
    func inheritedFieldsSpeakEachCountrysLanguage(_ path: String, _ emailLabel: String, _ consentMessage: String) throws {
        let form = try #require(ExampleSite.form(path))
        #expect(form.field("email")?.label == emailLabel)
        #expect(form.field("consent")?.requiredMessage == consentMessage)
    }

    @Test func textsWithoutTheRequestedLanguageFallBackToEnglishThenTheFirst() throws {
        let (site, diagnostics) = try TestSite.form("t.yaml", """
            title: T
            lang: fr
            fields:
              - id: a
                label: {de: Name, en: Name (en)}
                validation: {minLength: {value: 2, message: {de: Zu kurz, fr: Trop court}}}
              - id: b
                label: {de: Nur Deutsch}
            """).load()
        #expect(diagnostics == [])
        let form = try #require(site.forms.first)
        #expect(form.field("a")?.label == "Name (en)")
        #expect(form.field("a")?.message(of: "minLength") == "Trop court")
        #expect(form.field("b")?.label == "Nur Deutsch")
    }

    @Test func countryFlowPicksUpEveryCountry() throws {
        let flow = try #require(ExampleSite.loaded.site.flows.first)
        #expect(flow.id == "kyc")
        #expect(flow.title == "Verify your identity")
        #expect(flow.countries.map(\.code) == ["BE", "DE", "NL", "US"])
        #expect(flow.countries.map(\.name) == ["België", "Deutschland", "Nederland", "United States"])
    }

    // MARK: Pet-adoption format

    @Test func petAdoptionPagesSectionsAndElements() throws {
        let form = try #require(ExampleSite.form("pet-adoption"))
        #expect(form.format == .petAdoption)
        #expect(form.id == "form_1")
        #expect(form.title == "Pet Adoption Application Form")
        #expect(form.pages.map(\.title) == ["Page 1", "Page 2", "Page 3"])
        guard case .section(let welcome) = form.pages[0].items[0], case .section(let basic) = form.pages[0].items[1] else {
            Issue.record("page 1 should hold two sections")
            return
        }
        #expect(welcome.title == "Welcome to Pets Rescue")
        #expect(basic.title == "Basic Info")
        #expect(form.allFields.map(\.id) == ["embeddedphoto_1", "text_1", "text_2", "formattednumeric_1", "datetime_1", "yesno_1", "text_3", "text_4", "text_5"])
        #expect(form.allFields.map(\.type) == [.image, .text, .text, .formattednumeric, .date, .yesno, .text, .text, .text])
        #expect(form.allFields.map(\.required) == [false, true, true, true, true, true, false, false, true])
        #expect(form.field("embeddedphoto_1")?.src?.hasPrefix("https://images.pexels.com/photos/8700/") == true)
        let phone = try #require(form.field("formattednumeric_1"))
        #expect(phone.mask == "####-###-####")
        #expect(phone.keyboard == .numeric)
        #expect(phone.validations.map(\.kind) == [.mask("####-###-####")])
        #expect(form.rules == [VisibilityRule(field: "yesno_1", condition: .equals, values: ["Yes"], action: .show,
                                              otherwise: .hide, targets: ["text_3"], at: form.rules[0].location,
                                              targetLocations: form.rules[0].targetLocations)])
    }

    @Test func petAdoptionReadmeExampleWithSelectAndKeyboard() throws {
        let text = try String(contentsOfFile: Repository.fixtures + "/formats/pet-readme-example.json", encoding: .utf8)
        let (site, diagnostics) = try TestSite.form("pets.json", text).load()
        #expect(diagnostics.filter { $0.contains("error") } == [])
        let form = try #require(site.forms.first)
        #expect(form.format == .petAdoption)
        let church = try #require(form.field("select_4"))
        #expect(church.type == .select)
        #expect(church.options.map(\.value) == ["Presbyterian", "Anglican", "Methodist"])
        #expect(form.field("text_2")?.type == .email)
        #expect(form.field("text_2")?.keyboard == .email)
        #expect(form.rules.first?.targets == ["select_4"])
    }

    // MARK: Lumiform format

    @Test func lumiformNestedPagesAndSections() throws {
        let form = try #require(ExampleSite.form("lumiform-nested"))
        #expect(form.format == .lumiform)
        #expect(form.title == "Site inspection", "site.yaml's 'forms:' sets it over the file's 'Main Page'")
        #expect(form.pages.map(\.title) == ["Main Page", "Second Page"])
        #expect(form.pages[0].items.count == 2)
        guard case .section(let chapter1) = form.pages[0].items[1] else {
            Issue.record("second item of the first page should be Chapter 1")
            return
        }
        #expect(chapter1.title == "Chapter 1")
        guard case .field(let intro) = chapter1.items[0], case .section(let subsection) = chapter1.items[1] else {
            Issue.record("Chapter 1 should hold a text question, then a subsection")
            return
        }
        #expect(intro.label == "This is the first chapter.")
        #expect(subsection.title == "Subsection 1.1")
        #expect(form.allFields.map(\.id) == ["text_1", "image_1", "text_2", "text_3", "image_2", "text_4", "text_5"])
        #expect(form.field("image_2")?.src == "https://robohash.org/100?&set=set4&size=400x400")
        #expect(form.field("image_2")?.label == "Chapter 1 Image")
        #expect(form.field("text_5")?.label == "What is the main topic of Chapter 2?")
    }

    // MARK: formgen's own format

    @Test func nativeFormUsesEveryFieldTypeAndValidationKind() throws {
        let form = try #require(ExampleSite.form("registration"))
        #expect(form.format == .native)
        // Grids and scales are the customer survey's (a registration form asks neither).
        let survey = try #require(ExampleSite.form("customer-survey"))
        #expect(Set(form.allFields.map(\.type)).union(survey.allFields.map(\.type)) == Set(FieldType.allCases))
        #expect(Set(survey.allFields.map(\.type)).isSuperset(of: [.grid, .scale]))
        let kinds = Set(form.allFields.flatMap(\.ruleNames)).union(form.allFields.contains { $0.required } ? ["required"] : [])
        #expect(kinds == Set(ValidationRule.names))
        #expect(form.pages.map(\.title) == ["About you", "Your account", "Preferences"])
        #expect(form.field("password_confirm")?.validations.map(\.kind) == [.equalsField("password")])
        #expect(form.field("birth_date")?.validations.map(\.kind) == [
            .minDate(.fixed(year: 1900, month: 1, day: 1)), .maxDate(.relative(years: 0, months: 0, days: 0)), .minAge(18), .maxAge(120),
        ])
        #expect(form.rules.map(\.action) == [.show, .require, .hide])
        #expect(form.rules[0].targets == ["pet_kinds", "pet_notes"])
    }

    @Test func nativeFlatFieldsMakeOnePage() throws {
        let (site, diagnostics) = try TestSite.form("contact.yaml", """
            title: Contact
            fields:
              - id: name
                label: Name
              - id: message
                label: Message
                type: textarea
                validation:
                  - {type: maxLength, value: 10}
            """).load()
        #expect(diagnostics == [])
        let form = try #require(site.forms.first)
        #expect(form.path == "contact")
        #expect(form.pages.count == 1)
        #expect(form.allFields.map(\.type) == [.text, .textarea])
    }

    @Test func jsonAndYamlReadAlike() throws {
        let yaml = try TestSite.form("a.yaml", "title: A\nfields:\n  - {id: x, label: X, required: true, validation: {minLength: 2}}\n").load()
        let json = try TestSite.form("a.json", #"{"title": "A", "fields": [{"id": "x", "label": "X", "required": true, "validation": {"minLength": 2}}]}"#).load()
        #expect(yaml.site.forms.first?.allFields.map(\.validations.count) == [1])
        #expect(yaml.site.forms.first?.field("x")?.validations.map(\.kind) == json.site.forms.first?.field("x")?.validations.map(\.kind))
        #expect(yaml.site.forms.first?.field("x")?.required == json.site.forms.first?.field("x")?.required)
    }
}
