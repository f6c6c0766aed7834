import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Counted default messages (minLength, maxLength, minAge, maxAge, minItems, maxItems, fileCount) take the plural
/// form of the rule's number in the form's language; the page spec carries that one form.
@Suite struct PluralMessageTests {
    static let location = SourceLocation(file: "f", line: 1, column: 1)

    /// The default message of a rule on a field labelled `label`, `{value}` filled with the rule's number.
    static func say(_ kind: ValidationRule.Kind, label: String = "Name", type: FieldType = .text, language: String) -> String {
        var form = Form(id: "f", path: "f", title: "F", language: language, format: .native, at: location)
        var field = Field(id: "x", type: type, label: label, at: location)
        let rule = ValidationRule(kind, at: location)
        field.validations = [rule]
        form.pages = [Page(title: nil, items: [.field(field)])]
        let text = FieldMessages(field: field, form: form).rule(rule).text
        return Messages.format(text, ["value": Messages.ruleValue(kind) ?? ""])
    }

    @Test func englishSaysOneCharacterAndTwoCharacters() {
        #expect(Self.say(.minLength(1), language: "en") == "Name must be 1 character or more")
        #expect(Self.say(.minLength(2), language: "en") == "Name must be 2 characters or more")
        #expect(Self.say(.maxLength(1), language: "en") == "Name must be 1 character or fewer")
        #expect(Self.say(.minAge(1), type: .date, language: "en") == "You must be at least 1 year old")
        #expect(Self.say(.maxAge(65), type: .date, language: "en") == "You must be 65 years old or younger")
    }

    @Test func polishTakesOneFewAndMany() {
        let expected = [1: "Imię musi mieć co najmniej 1 znak", 2: "Imię musi mieć co najmniej 2 znaki", 5: "Imię musi mieć co najmniej 5 znaków",
                        12: "Imię musi mieć co najmniej 12 znaków", 22: "Imię musi mieć co najmniej 22 znaki"]
        for (count, text) in expected {
            #expect(Self.say(.minLength(count), label: "Imię", language: "pl") == text)
        }
        #expect(Self.say(.minAge(22), type: .date, language: "pl") == "Musisz mieć co najmniej 22 lata")
        #expect(Self.say(.maxAge(25), type: .date, language: "pl-PL") == "Musisz mieć najwyżej 25 lat")
        #expect(Self.say(.maxLength(21), label: "Ім’я", language: "uk") == "Ім’я має містити не більше 21 символу")
        #expect(Self.say(.minLength(3), label: "Ім’я", language: "uk") == "Ім’я має містити щонайменше 3 символи")
    }

    @Test func arabicTakesAllSixForms() {
        let expected = [0: "يجب ألا يقل الاسم عن 0 حرف", 1: "يجب ألا يقل الاسم عن حرف واحد", 2: "يجب ألا يقل الاسم عن حرفين",
                        3: "يجب ألا يقل الاسم عن 3 أحرف", 11: "يجب ألا يقل الاسم عن 11 حرفًا", 100: "يجب ألا يقل الاسم عن 100 حرف"]
        for (count, text) in expected {
            #expect(Self.say(.minLength(count), label: "الاسم", language: "ar") == text, "\(count)")
        }
    }

    @Test func frenchAndHebrewForms() {
        #expect(Self.say(.minLength(1), label: "Nom", language: "fr") == "Nom doit comporter au moins 1 caractère")
        #expect(Self.say(.minLength(0), label: "Nom", language: "fr") == "Nom doit comporter au moins 0 caractère")
        #expect(Self.say(.minLength(2), label: "Nom", language: "fr") == "Nom doit comporter au moins 2 caractères")
        #expect(Self.say(.maxLength(1_000_000), label: "Nom", language: "fr") == "Nom doit comporter 1000000 de caractères au maximum")
        #expect(Self.say(.minLength(1), label: "שם", language: "he") == "שם חייב להכיל תו אחד לפחות")
        #expect(Self.say(.minLength(2), label: "שם", language: "he") == "שם חייב להכיל שני תווים לפחות")
        #expect(Self.say(.minLength(3), label: "שם", language: "he") == "שם חייב להכיל 3 תווים לפחות")
    }

    /// The spec carries the chosen form with `{value}` for the runtime; the Swift validator fills it in.
    @Test func theSpecCarriesTheChosenFormAndTheValidatorFillsIt() throws {
        let site = try TestSite(["configs/forms/f.yaml": """
            title: Zgłoszenie
            lang: pl
            fields:
              - {id: code, label: Kod, validation: {minLength: 22}}
              - {id: scans, label: Skany, type: file, multiple: true, maxFiles: 2}
            sections:
              - id: pets
                title: Zwierzęta
                repeat: {min: 2, max: 5}
                fields:
                  - {id: pet_name, label: Imię}

            """])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (loaded, diagnostics) = site.load()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let spec = FormSpec(try #require(loaded.forms.first))
        #expect(spec.fields[0].validations.first?.message == "Kod musi mieć co najmniej {value} znaki")
        #expect(spec.fields[1].messages?["fileCount"] == "Wybierz najwyżej 2 pliki")
        #expect(spec.fields[2].messages == ["minItems": "Zwierzęta: dodaj co najmniej {value} pozycje", "maxItems": "Zwierzęta: najwyżej {value} pozycji"])
        #expect(spec.messages.keys.filter { $0.hasPrefix("minLength") }.isEmpty)
        let result = FormValidator(spec: spec).validate(["code": "abc", "pets": [["pet_name": "Reksio"]]])
        #expect(result.messages == ["code": "Kod musi mieć co najmniej 22 znaki", "pets": "Zwierzęta: dodaj co najmniej 2 pozycje"])
    }

    /// A site's table may give one text for a counted key: it replaces every plural form, built-in and English.
    @Test func aSitesSingleTextReplacesThePluralForms() {
        let dutch = Messages.replacing(Messages.builtin["nl"]!, with: ["minLength": "{label}: minstens {value}"])
        let resolved = MessageTables(tables: Messages.builtin.merging(["nl": dutch]) { _, own in own }).table(for: "nl")
        #expect(resolved.keys.filter { $0.hasPrefix("minLength") } == ["minLength"])
        for count in [1, 5] {
            #expect(Messages.text("minLength", count: count, language: "nl", in: resolved) == "{label}: minstens {value}")
        }
        #expect(Messages.text("maxLength", count: 1, language: "nl", in: resolved) == "{label} mag hoogstens {value} teken lang zijn")
        let german = Messages.replacing(Messages.builtin["de"]!, with: ["maxLength.one": "Max. {value} Zeichen (eins)", "maxLength.other": "Max. {value} Zeichen"])
        #expect(Messages.text("maxLength", count: 1, language: "de", in: german) == "Max. {value} Zeichen (eins)")
        #expect(Messages.text("maxLength", count: 4, language: "de", in: german) == "Max. {value} Zeichen")
        #expect(Messages.text("maxLength", count: nil, language: "de", in: german) == "Max. {value} Zeichen")
        let plain = Messages.replacing(german, with: ["maxLength": "Zu lang"])
        #expect(Messages.text("maxLength", count: 1, language: "de", in: plain) == "Zu lang")
    }
}
