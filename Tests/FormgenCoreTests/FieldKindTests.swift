import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// What a field is, decided once by `FieldKind` and read the same way by every consumer.
@Suite struct FieldKindTests {
    @Test(arguments: [
        (FieldType.text, false, FieldKind.input), (.number, false, .input), (.date, false, .input), (.email, false, .input),
        (.tel, false, .input), (.password, false, .input), (.formattednumeric, false, .input), (.textarea, false, .textarea),
        (.select, true, .select), (.select, false, .select), (.radio, true, .radioGroup), (.yesno, false, .radioGroup),
        (.checkbox, false, .checkbox), (.checkbox, true, .checkboxGroup), (.image, false, .display), (.paragraph, false, .display),
    ])
    func kindFromTypeAndOptions(_ type: FieldType, _ offersOptions: Bool, _ expected: FieldKind) {
        #expect(FieldKind(type: type, offersOptions: offersOptions) == expected)
    }

    static let site = """
    id: topics
    title: Topics
    dataSources:
      - {id: topics, type: api, endpoint: /api/topics}
    fields:
      - id: interests
        label: Interests
        type: checkbox
        required: true
        optionsFrom: {dataSource: topics, valueKey: code, labelKey: name}
      - id: agree
        label: I agree
        type: checkbox
    """

    static func form() throws -> Form {
        let (site, diagnostics) = try TestSite.form("topics.yaml", site).load()
        #expect(diagnostics.isEmpty)
        return try #require(site.allForms.first)
    }

    @Test func aCheckboxWithOptionsFromIsAGroupEverywhere() throws {
        let form = try Self.form()
        let field = try #require(form.field("interests"))
        #expect(field.kind == .checkboxGroup)
        #expect(FormSpec(form).fields.first { $0.id == "interests" }?.kind == .checkboxGroup)

        let html = PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
        #expect(html.contains(#"<fieldset class="fg-choices" id="f-interests">"#))
        #expect(html.contains(#"<div class="fg-choice-list">"#))
        #expect(!html.contains(#"name="interests" type="checkbox" value="true""#))

        let schema = SubmissionSchema(form: form).document()
        #expect(schema["properties"]?["interests"]?["type"] == "array")
        #expect(schema["properties"]?["agree"]?["type"] == "boolean")
        #expect(ReferenceWriter.submittedAs(field).markdown == "a list of strings")
    }

    @Test func theValidatorReadsAGroupFromOptionsFromAsAList() throws {
        let validator = FormValidator(spec: FormSpec(try Self.form()))
        let chosen = validator.validate(["interests": ["news", "events"], "agree": true])
        #expect(chosen.isValid)
        #expect(chosen.data["interests"] == ["news", "events"])
        #expect(validator.validate(["interests": [], "agree": false]).messages["interests"] != nil)
        #expect(validator.validate(["interests": [], "agree": false]).messages["agree"] == nil)
    }
}
