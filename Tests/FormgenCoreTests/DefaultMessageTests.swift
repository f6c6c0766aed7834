import Testing
@testable import FormgenCore

/// formgen's default messages read like GOV.UK's in every built-in language: the label lower-cased
/// mid-sentence (not acronyms, not German nouns), each kind of field with its own shape.
@Suite struct DefaultMessageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let language: String
        let type: FieldType
        let label: String
        var options = false
        let check: String
        var value: String? = nil
        let expected: String
        var testDescription: String { "\(language) \(type.rawValue) \(check): \(expected)" }
    }

    static let cases: [Case] = [
        // English: lower-cased mid-sentence, acronyms and inner capitals kept.
        Case(language: "en", type: .text, label: "Your name", check: "required", expected: "Enter your name"),
        Case(language: "en", type: .text, label: "Full name:", check: "required", expected: "Enter full name"),
        Case(language: "en", type: .text, label: "BSN", check: "required", expected: "Enter BSN"),
        Case(language: "en", type: .text, label: "IBAN of your account", check: "required", expected: "Enter IBAN of your account"),
        Case(language: "en", type: .text, label: "Steuer-ID", check: "required", expected: "Enter Steuer-ID"),
        Case(language: "en", type: .text, label: "eID number", check: "required", expected: "Enter eID number"),
        // An email field's required message as GOV.UK words it: "Enter an email address" (#35).
        Case(language: "en", type: .email, label: "Email address", check: "required", expected: "Enter an email address"),
        Case(language: "en", type: .email, label: "Your email address", check: "required", expected: "Enter your email address"),
        Case(language: "en", type: .email, label: "Work email", check: "required", expected: "Enter a work email"),
        Case(language: "en", type: .date, label: "Date of Birth", check: "required", expected: "Enter date of birth"),
        Case(language: "en", type: .formattednumeric, label: "Phone Number", check: "required", expected: "Enter phone number"),
        Case(language: "en", type: .text, label: "Your BSN Number", check: "required", expected: "Enter your BSN number"),
        Case(language: "en", type: .text, label: "Is it fenced? Also indicate the type", check: "required",
             expected: "Answer the question “Is it fenced? Also indicate the type”"),
        Case(language: "en", type: .email, label: "Email address", check: "email",
             expected: "Enter an email address in the correct format, like name@example.com"),
        Case(language: "en", type: .number, label: "Household size", check: "required", expected: "Enter household size"),
        Case(language: "en", type: .number, label: "Household size", check: "number", expected: "Household size must be a number"),
        Case(language: "en", type: .date, label: "Date of birth", check: "required", expected: "Enter date of birth"),
        Case(language: "en", type: .date, label: "Date of birth", check: "date", expected: "Date of birth must be a real date"),
        Case(language: "en", type: .date, label: "Date of birth", check: "minDate", value: "1900-01-01",
             expected: "Date of birth must be the same as or after 1900-01-01"),
        Case(language: "en", type: .select, label: "Country", options: true, check: "required", expected: "Select country"),
        Case(language: "en", type: .radio, label: "Contact method", options: true, check: "option",
             expected: "Select one of the options for contact method"),
        Case(language: "en", type: .checkbox, label: "Pets", options: true, check: "required", expected: "Select pets"),
        Case(language: "en", type: .yesno, label: "Do you have a yard?", options: true, check: "required",
             expected: "Answer the question “Do you have a yard?”"),
        Case(language: "en", type: .text, label: "What is your name?", check: "required", expected: "Answer the question “What is your name?”"),
        // A single checkbox: first-person consent becomes "You must …", anything else is named whole.
        Case(language: "en", type: .checkbox, label: "I agree that Acme stores my message to answer it", check: "required",
             expected: "You must agree that Acme stores my message to answer it"),
        Case(language: "en", type: .checkbox, label: "I am 18 or older.", check: "required", expected: "You must be 18 or older"),
        Case(language: "en", type: .checkbox, label: "Send me the newsletter", check: "required",
             expected: "Select “Send me the newsletter” to continue"),
        Case(language: "en", type: .text, label: "Name", check: "minLength", value: "2", expected: "Name must be 2 characters or more"),
        // Dutch: lower-cased like English.
        Case(language: "nl", type: .text, label: "Voornaam", check: "required", expected: "Vul voornaam in"),
        Case(language: "nl", type: .text, label: "BSN", check: "required", expected: "Vul BSN in"),
        Case(language: "nl", type: .select, label: "Land", options: true, check: "required", expected: "Kies land"),
        Case(language: "nl", type: .date, label: "Geboortedatum", check: "date", expected: "Geboortedatum moet een bestaande datum zijn"),
        Case(language: "nl", type: .checkbox, label: "Ik ga akkoord met de voorwaarden", check: "required",
             expected: "U moet akkoord gaan met de voorwaarden"),
        Case(language: "nl", type: .checkbox, label: "Nieuwsbrief", check: "required", expected: "Vink ‘Nieuwsbrief’ aan om verder te gaan"),
        Case(language: "nl-BE", type: .yesno, label: "Heeft u een tuin?", options: true, check: "required",
             expected: "Beantwoord de vraag ‘Heeft u een tuin?’"),
        // German: nouns keep their capitals.
        Case(language: "de", type: .text, label: "Vorname", check: "required", expected: "Geben Sie Vorname ein"),
        Case(language: "de", type: .text, label: "Steuer-ID", check: "required", expected: "Geben Sie Steuer-ID ein"),
        Case(language: "de", type: .select, label: "Land", options: true, check: "required", expected: "Wählen Sie Land"),
        Case(language: "de", type: .checkbox, label: "Ich akzeptiere die Bedingungen", check: "required",
             expected: "Sie müssen die Bedingungen akzeptieren"),
        Case(language: "de", type: .checkbox, label: "Ich stimme der Verarbeitung meiner Daten zu", check: "required",
             expected: "Sie müssen der Verarbeitung meiner Daten zustimmen"),
        Case(language: "de", type: .checkbox, label: "Newsletter", check: "required", expected: "Kreuzen Sie „Newsletter“ an, um fortzufahren"),
        // French from its own table; a language formgen does not have falls back to English.
        Case(language: "fr", type: .text, label: "Nom", check: "required", expected: "Saisissez nom"),
        Case(language: "sv", type: .text, label: "Namn", check: "required", expected: "Enter namn"),
    ]

    @Test(arguments: cases)
    func defaultMessage(_ example: Case) {
        var field = Field(id: "x", type: example.type, label: example.label, at: SourceLocation(file: "f", line: 1, column: 1))
        if example.options { field.options = [FieldOption(value: "a", label: "A")] }
        #expect(Messages.defaultMessage(example.check, field: field, language: example.language, value: example.value) == example.expected)
    }

    /// A field keeps the default messages made for it: what is kept answers only the same check, language, value, other
    /// label, count and tables, and a field changed afterwards (its copy, or itself) has its messages made again.
    @Test func aFieldsKeptMessagesFollowWhatTheyAreMadeFrom() {
        let location = SourceLocation(file: "f", line: 1, column: 1)
        let tables = MessageTables(tables: Messages.builtin)
        var field = Field(id: "name", type: .text, label: "Name", at: location)
        let copy = field
        func made(_ field: Field, _ check: String, language: String = "en", value: String? = nil, count: Int? = nil,
                  tables: MessageTables = tables) -> String {
            Messages.defaultMessage(check, field: field, language: language, value: value, count: count, tables: tables)
        }
        for _ in 0..<2 {
            #expect(field.defaultMessage("required", language: "en", value: nil, otherLabel: nil, count: nil, tables: tables) == made(field, "required"))
            #expect(field.defaultMessage("required", language: "nl", value: nil, otherLabel: nil, count: nil, tables: tables)
                == made(field, "required", language: "nl"))
            #expect(field.defaultMessage("minLength", language: "en", value: "2", otherLabel: nil, count: 2, tables: tables)
                == made(field, "minLength", value: "2", count: 2))
            #expect(field.defaultMessage("minLength", language: "en", value: "1", otherLabel: nil, count: 1, tables: tables)
                == made(field, "minLength", value: "1", count: 1))
        }
        #expect(made(field, "required") != made(field, "required", language: "nl"))
        #expect(made(field, "minLength", value: "2", count: 2) != made(field, "minLength", value: "1", count: 1))
        let own = MessageTables(tables: Messages.builtin.merging(["en": Messages.replacing(Messages.builtin["en"]!, with: ["required": "Fill in {label}"])]) { _, own in own })
        #expect(field.defaultMessage("required", language: "en", value: nil, otherLabel: nil, count: nil, tables: own) == "Fill in name")
        #expect(field.defaultMessage("required", language: "en", value: nil, otherLabel: nil, count: nil, tables: tables) == "Enter name")
        field.label = "Family name"
        #expect(field.defaultMessage("required", language: "en", value: nil, otherLabel: nil, count: nil, tables: tables) == "Enter family name")
        #expect(copy.defaultMessage("required", language: "en", value: nil, otherLabel: nil, count: nil, tables: tables) == "Enter name")
        let agree = Field(id: "terms", type: .checkbox, label: "I agree to the terms", at: location)
        var group = agree
        #expect(agree.defaultMessage("required", language: "en", value: nil, otherLabel: nil, count: nil, tables: tables) == made(agree, "required"))
        group.options = [FieldOption(value: "a", label: "A")]
        #expect(group.defaultMessage("required", language: "en", value: nil, otherLabel: nil, count: nil, tables: tables) == made(group, "required"))
        #expect(made(group, "required") != made(agree, "required"))
    }

    /// "The selected file must be a image" was the old text: the article follows the first accepted type as it is read (#35).
    @Test(arguments: [
        (["image/*"], "The selected file must be an image"),
        (["image/*", ".pdf"], "The selected file must be an image or PDF"),
        (["image/png", "image/jpeg"], "The selected file must be a PNG or JPEG"),
        ([".svg"], "The selected file must be an SVG"),
        (["application/pdf"], "The selected file must be a PDF"),
    ])
    func fileTypeMessageTakesTheArticleOfItsFirstType(accept: [String], expected: String) {
        let location = SourceLocation(file: "f", line: 1, column: 1)
        var form = Form(id: "f", path: "f", title: "F", language: "en", format: .native, at: location)
        var file = Field(id: "photo", type: .file, label: "Photo", at: location)
        var upload = UploadRules()
        upload.accept = accept
        file.upload = upload
        form.pages = [Page(title: nil, items: [.field(file)])]
        #expect(FieldMessages(field: file, form: form).format("fileType").text == expected)
        #expect(Messages.englishArticle(before: "hour") == "an" && Messages.englishArticle(before: "user name") == "a")
    }

    @Test func equalsFieldNamesTheOtherFieldMidSentence() {
        let location = SourceLocation(file: "f", line: 1, column: 1)
        var form = Form(id: "f", path: "f", title: "F", language: "en", format: .native, at: location)
        let password = Field(id: "password", type: .password, label: "Password", at: location)
        var confirm = Field(id: "confirm", type: .password, label: "Confirm password", at: location)
        confirm.validations = [ValidationRule(.equalsField("password"), at: location)]
        form.pages = [Page(title: nil, items: [.field(password), .field(confirm)])]
        let messages = FieldMessages(field: confirm, form: form)
        #expect(messages.rule(confirm.validations[0]) == .init(text: "Confirm password must match password", isDefault: true))
    }

    @Test func aConfigMessageWinsAndIsNotMarkedDefault() {
        let location = SourceLocation(file: "f", line: 1, column: 1)
        var form = Form(id: "f", path: "f", title: "F", language: "en", format: .native, at: location)
        var name = Field(id: "name", type: .text, label: "Name", at: location)
        name.requiredMessage = "Tell us your name"
        name.required = true
        form.pages = [Page(title: nil, items: [.field(name)])]
        #expect(FieldMessages(field: name, form: form).required == .init(text: "Tell us your name", isDefault: false))
    }

    @Test func thePageSpecCarriesEachFieldsResolvedMessages() throws {
        let location = SourceLocation(file: "f", line: 1, column: 1)
        var form = Form(id: "f", path: "f", title: "F", language: "en", format: .native, at: location)
        var age = Field(id: "age", type: .number, label: "Your age", at: location)
        age.required = true
        age.validations = [ValidationRule(.minValue(18), at: location)]
        form.pages = [Page(title: nil, items: [.field(age)])]
        let spec = FormSpec(form)
        let field = try #require(spec.fields.first)
        #expect(field.messages == ["required": "Enter your age", "number": "Your age must be a number"])
        #expect(field.validations.first?.message == "Your age must be {value} or more")
        #expect(spec.messages["required"] == nil)
        #expect(spec.messages["tooLong.other"] == "This answer must be {value} characters or fewer")
        let result = FormValidator(spec: spec).validate(["age": .string("12")])
        #expect(result.errors.first?.message == "Your age must be 18 or more")
    }
}
