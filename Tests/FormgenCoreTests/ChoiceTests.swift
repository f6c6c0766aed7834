import FormgenRuntime
import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// "None of these" (`exclusive: true` on a checkbox option) and "Other, please specify" (`other:` on a choice field):
/// reading, the located errors of bad configs, the page's HTML (golden), spec, runtime module, JSON Schema, reference
/// page, translations and the validator.
@Suite struct ChoiceTests {
    static func form(_ yaml: String, file: String = "f.yaml") throws -> (form: Form, diagnostics: [String]) {
        let loaded = try TestSite.form(file, yaml).load()
        return (try #require(loaded.site.allForms.first, "\(loaded.diagnostics)"), loaded.diagnostics)
    }

    static func html(_ form: Form) -> String {
        PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
    }

    static let choices = """
    id: choices
    title: Choices
    lang: LANG
    fields:
      - id: pets
        type: checkbox
        label: Which pets do you have?
        required: true
        options:
          - {value: cat, label: Cat}
          - {value: dog, label: Dog}
          - {value: none, label: None of these, exclusive: true}
        other: {label: Another animal}
      - {id: contact, type: radio, label: How should we contact you?, options: [Email, Phone], other: true}
      - {id: colour, type: select, label: Favourite colour, options: [Red, Blue], other: true}
      - {id: notes, type: textarea, label: Notes}
    """

    static func choicesForm(_ language: String = "en") throws -> Form {
        let (form, diagnostics) = try Self.form(Self.choices.replacingOccurrences(of: "LANG", with: language))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return form
    }

    // MARK: Reading

    @Test func otherAddsAnOptionATextFieldAndTheRuleThatShowsIt() throws {
        let form = try Self.choicesForm()
        #expect(form.allFields.map(\.id) == ["pets", "pets_other", "contact", "contact_other", "colour", "colour_other", "notes"])
        let pets = try #require(form.field("pets"))
        #expect(pets.effectiveOptions.map(\.value) == ["cat", "dog", "other", "none"], "Other before the last, exclusive option")
        #expect(pets.effectiveOptions.map(\.label) == ["Cat", "Dog", "Another animal", "None of these"])
        #expect(pets.effectiveOptions.map(\.exclusive) == [nil, nil, nil, true])
        #expect(try #require(form.field("contact")).effectiveOptions.map(\.label) == ["Email", "Phone", "Other"])
        let text = try #require(form.field("pets_other"))
        #expect(text.type == .text && text.required && text.otherOf == "pets")
        #expect(text.label == "Please specify")
        #expect(text.help == "Only if you chose “Another animal”")
        #expect(form.rules.map { "\($0.field) \($0.condition.rawValue) \($0.values) \($0.action.rawValue)/\($0.otherwise?.rawValue ?? "-") \($0.targets)" } == [
            #"pets equals ["other"] show/hide ["pets_other"]"#,
            #"contact equals ["other"] show/hide ["contact_other"]"#,
            #"colour equals ["other"] show/hide ["colour_other"]"#,
        ])
    }

    @Test func theSpecCarriesTheExclusiveFlagTheOtherFieldAndTheMessages() throws {
        let spec = FormSpec(try Self.choicesForm())
        let json = spec.embeddableJSON()
        #expect(json.contains(#"{"exclusive":true,"label":"None of these","value":"none"}"#))
        #expect(json.contains(#""other":"pets_other""#))
        let pets = try #require(spec.fields.first { $0.id == "pets" })
        #expect(pets.messages?["exclusive"] == "Select “None of these” or other options for “Which pets do you have?”, not both")
        let text = try #require(spec.fields.first { $0.id == "pets_other" })
        #expect(text.messages?["required"] == "Enter your “Another animal” answer for “Which pets do you have?”")
        #expect(spec.fields.first { $0.id == "colour_other" }?.messages?["required"] == "Enter your “Other” answer for favourite colour")
        #expect(spec.reveals == ["pets": ["other": ["pets_other"]], "contact": ["other": ["contact_other"]]], "a select has no reveal")
    }

    @Test(arguments: [("nl", "Anders", "Namelijk", "Alleen als u “Anders” koos", "of"),
                      ("de", "Sonstiges", "Bitte angeben", "Nur wenn Sie „Sonstiges“ gewählt haben", "oder"),
                      ("ar", "أخرى", "يرجى التحديد", "فقط إذا اخترت «أخرى»", "أو")])
    func defaultTextsInThePagesLanguage(_ language: String, _ option: String, _ label: String, _ hint: String, _ or: String) throws {
        let form = try Self.choicesForm(language)
        let html = Self.html(form)
        #expect(html.contains(">\(option)</label>"), "the option of contact")
        #expect(html.contains(">\(label)</label>"))
        #expect(html.contains(">\(hint)</div>"))
        #expect(html.contains(#"<div class="fg-choice-divider">\#(or)</div>"#))
        #expect(try #require(form.field("pets")).effectiveOptions.map(\.label).contains("Another animal"), "a label written once stays")
    }

    @Test func aLabelWrittenPerLanguage() throws {
        let (form, _) = try Self.form("""
        title: F
        lang: fr
        fields:
          - {id: pet, type: radio, label: Animal, options: [Chat], other: {label: {en: Something else, fr: Autre chose}}}
        """)
        #expect(try #require(form.field("pet")).effectiveOptions.last?.label == "Autre chose")
        #expect(try #require(form.field("pet_other")).help == "Seulement si vous avez choisi « Autre chose »")
    }

    @Test func nativeJSONSaysBoth() throws {
        let (form, diagnostics) = try Self.form("""
        {"title": "F", "fields": [
          {"id": "pets", "type": "checkbox", "label": "Pets", "other": {"label": "Another animal"},
           "options": [{"value": "cat", "label": "Cat"}, {"value": "none", "label": "None of these", "exclusive": true}]}
        ]}
        """, file: "f.json")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(try #require(form.field("pets")).effectiveOptions.map(\.value) == ["cat", "other", "none"])
        #expect(form.allFields.map(\.id) == ["pets", "pets_other"])
        #expect(FormSpec(form).embeddableJSON().contains(#"{"exclusive":true,"label":"None of these","value":"none"}"#))
    }

    @Test func theCountryFormatSaysBoth() throws {
        let site = try TestSite([
            "configs/site.yaml": "title: S\n",
            "configs/countries/nl.yaml": """
            country: NL
            fields:
              - {id: id_kind, type: radio, label: Identity document, options: [Passport], other: true}
              - {id: nationality, type: checkbox, label: Other nationalities, options: [BE, {value: none, label: None, exclusive: true}]}
            """,
        ])
        let (loaded, diagnostics) = site.load()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let fields = loaded.allForms.flatMap(\.allFields)
        #expect(fields.map(\.id).contains("id_kind_other"))
        #expect(fields.first { $0.id == "nationality" }?.options.last?.exclusive == true)
    }

    @Test func otherFalseAddsNothing() throws {
        let (form, diagnostics) = try Self.form("title: F\nfields:\n  - {id: pet, type: radio, label: Pet, options: [Cat], other: false}\n")
        #expect(diagnostics.isEmpty)
        #expect(form.allFields.map(\.id) == ["pet"])
        #expect(form.rules.isEmpty)
    }

    @Test func aSensitiveFieldsOtherTextIsSensitiveToo() throws {
        let (form, _) = try Self.form("""
        title: F
        fields:
          - {id: pet, type: radio, label: Pet, options: [Cat], other: true, sensitive: true}
          - {id: colour, type: radio, label: Colour, options: [Red], other: true}
        """)
        #expect(try #require(form.field("pet_other")).sensitive)
        #expect(try #require(form.field("colour_other")).sensitive == false, "kept in drafts like any text")
    }

    // MARK: Bad configs

    @Test func badConfigsAreLocatedErrors() throws {
        let site = try TestSite.form("f.yaml", """
        title: F
        fields:
          - {id: a, type: radio, label: A, options: [{value: x, label: X, exclusive: true}]}
          - id: b
            type: checkbox
            label: B
            options:
              - {value: none, label: None, exclusive: true}
              - {value: na, label: Not applicable, exclusive: true}
          - {id: c, type: text, label: C, other: true}
          - {id: d, type: select, label: D, options: [Cat, other], other: true}
          - {id: e, type: radio, label: E, options: [Cat], other: true}
          - {id: e_other, type: text, label: E other}
          - {id: f, type: radio, label: F, options: [Cat], other: maybe}
        """)
        #expect(site.load().diagnostics == [
            "configs/forms/f.yaml:3:78: error: 'exclusive' applies only to the options of a checkbox field; 'a' is a radio field, where one option is chosen anyway",
            "configs/forms/f.yaml:9:55: error: field 'b' already has an exclusive option ('none'); a checkbox field may have one",
            "configs/forms/f.yaml:10:42: error: 'other' applies only to radio, select and checkbox fields; 'c' is a text field",
            "configs/forms/f.yaml:11:67: error: field 'd' already has an option valued 'other', the value 'other' adds; drop that option or 'other'",
            "configs/forms/f.yaml:13:5: error: field id 'e_other' is the id of the text field that 'other' on 'e' adds; rename this field",
            "configs/forms/f.yaml:14:59: error: expected 'other' to be true or a mapping with 'label', found 'maybe'",
        ])
    }

    @Test func theTextFieldsIdClashingBeforeItsFieldIsLocatedAtTheWrittenField() throws {
        let site = try TestSite.form("f.yaml", "title: F\nfields:\n  - {id: e_other, type: text, label: E other}\n  - {id: e, type: radio, label: E, options: [Cat], other: true}\n")
        #expect(site.load().diagnostics == [
            "configs/forms/f.yaml:3:5: error: field id 'e_other' is the id of the text field that 'other' on 'e' adds; rename this field",
        ])
    }

    @Test func otherCannotFollowOptionsThePageFetches() throws {
        let site = try TestSite.form("f.yaml", """
        title: F
        dataSources: [{id: animals, endpoint: /api/animals}]
        fields:
          - {id: pet, type: select, label: Pet, optionsFrom: {dataSource: animals}, other: true}
        """)
        #expect(site.load().diagnostics.contains(
            "configs/forms/f.yaml:4:84: error: 'other' cannot follow options the page fetches ('optionsFrom: {dataSource: …}'); write the options, or use a list fetched at build time ('optionsFrom: {list: …}')"),
                "\(site.load().diagnostics)")
    }

    @Test func aRuleMayTestOther() throws {
        let (_, diagnostics) = try Self.form("""
        title: F
        fields:
          - {id: pet, type: radio, label: Pet, options: [Cat], other: true}
          - {id: more, type: text, label: More}
        rules:
          - {when: pet, condition: equals, value: other, action: show, otherwise: hide, targets: [more]}
        """)
        #expect(diagnostics.isEmpty, "'other' is one of pet's options: \(diagnostics)")
    }

    // MARK: The page

    /// The form's HTML for the golden file: from `<form` to `</form>`.
    static func formHTML(_ form: Form) throws -> String {
        let html = Self.html(form)
        let start = try #require(html.range(of: "<form"))
        let end = try #require(html.range(of: "</form>"))
        return String(html[start.lowerBound..<end.upperBound]) + "\n"
    }

    @Test func theFormMatchesGoldenHTML() throws {
        let html = try Self.formHTML(try Self.choicesForm())
        let file = Repository.fixtures + "/golden/choices-form.html"
        if ProcessInfo.processInfo.environment["FORMGEN_UPDATE_GOLDEN"] == "1" {
            try html.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(html == (try String(contentsOfFile: file, encoding: .utf8)))
    }

    @Test func theOrDividerStandsBeforeTheExclusiveOptionAndOtherRevealsItsText() throws {
        let html = Self.html(try Self.choicesForm())
        #expect(html.contains("""
            <div class="fg-choice-divider">or</div>
            <div class="fg-choice"><input class="fg-choice-input" id="f-pets-3" name="pets" type="checkbox" value="none"><label class="fg-choice-label" for="f-pets-3">None of these</label></div>
            """))
        #expect(html.contains("""
            <div class="fg-choice"><input class="fg-choice-input" id="f-pets-2" name="pets" type="checkbox" value="other" aria-controls="fg-reveal-pets-2"><label class="fg-choice-label" for="f-pets-2">Another animal</label></div>
            <div class="fg-reveal" id="fg-reveal-pets-2"><div class="fg-field" id="fg-field-pets_other">
            """))
        #expect(html.contains(#"<input class="fg-input" id="f-pets_other" name="pets_other" aria-describedby="f-pets_other-hint">"#),
                "no native required: without JavaScript the text is asked for only when Other is chosen, by the server")
        #expect(html.components(separatedBy: "fg-choice-divider").count == 3, "one divider, styled once: \(html.components(separatedBy: "fg-choice-divider").count)")
    }

    @Test func theChoiceModuleShipsOnlyWithPagesThatUseIt() throws {
        let runtime = RenderTests.theme.runtime
        let choices = FormSpec(try Self.choicesForm())
        #expect(RuntimeScript.modules(for: choices).contains("choice"))
        #expect(runtime.script(for: choices)?.text.contains("choicesCleared") == true)
        #expect(choices.embedded(with: runtime.script(for: choices)).messages["choicesCleared"] == "Unselected: {value}")
        let exclusiveOnly = FormSpec(try Self.form("title: F\nfields:\n  - {id: p, type: checkbox, label: P, options: [a, {value: n, label: N, exclusive: true}]}\n").form)
        #expect(RuntimeScript.modules(for: exclusiveOnly).contains("choice"))
        let plain = FormSpec(try Self.form("title: F\nfields:\n  - {id: p, type: checkbox, label: P, options: [a, b]}\n").form)
        #expect(!RuntimeScript.modules(for: plain).contains("choice"))
        #expect(runtime.script(for: plain)?.text.contains("choicesCleared") == false)
        #expect(plain.embedded(with: runtime.script(for: plain)).messages["choicesCleared"] == nil)
        for path in ["kyc/nl", "pet-adoption", "registration", "household"] {
            #expect(!RuntimeScript.modules(for: FormSpec(try #require(ExampleSite.form(path)))).contains("choice"), "\(path)")
        }
    }

    // MARK: Schema, reference, validator

    @Test func theSubmissionSchemaRefusesTheExclusiveOptionWithAnother() throws {
        let schema = SubmissionSchema(form: try Self.choicesForm()).document()
        let properties = try #require(schema["properties"])
        let pets = try #require(properties["pets"])
        #expect(pets["items"]?["enum"] == ["cat", "dog", "other", "none"])
        #expect(pets["allOf"] == [["if": ["contains": ["const": "none"]],
                                   "then": ["maxItems": 1, "errorMessage": ["maxItems": "Select “None of these” or other options for “Which pets do you have?”, not both"]]]])
        #expect(properties["pets_other"]?["type"] == "string")
        #expect(properties["contact"]?["enum"] == ["Email", "Phone", "other"])
    }

    @Test func theReferencePageNamesTheExclusiveOptionAndOther() throws {
        let form = try Self.choicesForm()
        let writer = ReferenceWriter(form: form)
        let html = PageRenderer(theme: RenderTests.theme, settings: SiteSettings())
            .renderReference(writer.document(), path: "choices/reference", title: writer.title, language: "en", breadcrumb: (form.title, "../"))
        #expect(html.contains("<code>none</code> (None of these), only on its own."))
        #expect(html.contains("<strong>Other:</strong> choosing <code>other</code> asks what it is in <code>pets_other</code>."))
        #expect(html.contains("<strong>Other of:</strong> the text of <code>pets</code>’s <code>other</code>, asked (and required) only when it is chosen.")
                || html.contains("<strong>Other of:</strong> the text of <code>pets</code>'s <code>other</code>, asked (and required) only when it is chosen."))
        #expect(html.contains("<td><code>none</code> not with another option</td>"))
    }

    @Test func theValidatorRefusesBothAndAsksForOthersText() throws {
        let validator = FormValidator(spec: FormSpec(try Self.choicesForm()))
        func errors(_ values: [String: JSONValue]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: validator.validate(values).errors.map { ($0.field, $0.message) })
        }
        #expect(errors(["pets": ["cat", "none"]]) == ["pets": "Select “None of these” or other options for “Which pets do you have?”, not both"])
        #expect(errors(["pets": ["none"]]).isEmpty)
        #expect(errors(["pets": ["other"], "pets_other": " "]) == ["pets_other": "Enter your “Another animal” answer for “Which pets do you have?”"])
        #expect(errors(["pets": ["other"], "pets_other": "Ferret", "contact": "other"]) == ["contact_other": "Enter your “Other” answer for “How should we contact you?”"])
        let result = validator.validate(["pets": ["cat"], "pets_other": "Ferret", "colour": "other", "colour_other": "Teal"])
        #expect(result.errors.isEmpty)
        #expect(result.data == ["pets": ["cat"], "colour": "other", "colour_other": "Teal"])
    }
}
