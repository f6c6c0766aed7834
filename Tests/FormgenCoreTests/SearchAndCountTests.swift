import FormgenRuntime
import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Search in long lists (`search`, `type: autocomplete`, option synonyms) and character and word counts (`maxLength`,
/// `maxWords`): reading, diagnostics, the page's HTML, the spec, the modules joined, the validator and the reference.
@Suite struct SearchAndCountTests {
    static func form(_ yaml: String) throws -> Form {
        let loaded = try TestSite.form("f.yaml", yaml).load()
        return try #require(loaded.site.allForms.first, "\(loaded.diagnostics)")
    }

    static func diagnostics(_ yaml: String) throws -> [String] {
        try TestSite.form("f.yaml", yaml).load().diagnostics
    }

    static func html(_ form: Form) -> String {
        PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
    }

    static func options(_ count: Int) -> String {
        (1...count).map { "{value: o\($0), label: Option \($0)}" }.joined(separator: ", ")
    }

    // MARK: search

    @Test func autocompleteIsASelectWithSearchAndOptionsCarryTheirSynonyms() throws {
        let form = try Self.form("""
            title: F
            fields:
              - id: country
                label: Country
                type: autocomplete
                options:
                  - {value: DE, label: Germany, synonyms: [Deutschland, Allemagne]}
                  - {value: FR, label: France}
            """)
        let field = try #require(form.field("country"))
        #expect(field.type == .select && field.search == true && field.searches)
        #expect(field.options.map(\.synonyms) == [["Deutschland", "Allemagne"], []])
        let spec = FormSpec(form)
        #expect(spec.fields.first?.search == true)
        let json = spec.embeddableJSON()
        #expect(json.contains(#""search":true"#))
        #expect(!json.contains("Deutschland"), "synonyms ride on the <option>, not in the spec")
        let html = Self.html(form)
        #expect(html.contains(#"<option value="DE" data-fg-synonyms="Deutschland|Allemagne">Germany</option>"#))
        #expect(html.contains(#"<option value="FR">France</option>"#))
        #expect(html.contains(#"<select class="fg-input fg-select" id="f-country" name="country""#), "without JavaScript the select stays")
    }

    @Test func searchIsOnByDefaultOverTwentyOptionsAndCanBeTurnedOff() throws {
        let twenty = try Self.form("title: F\nfields:\n  - {id: s, label: S, type: select, options: [\(Self.options(20))]}\n")
        let many = try Self.form("title: F\nfields:\n  - {id: s, label: S, type: select, options: [\(Self.options(21))]}\n")
        let off = try Self.form("title: F\nfields:\n  - {id: s, label: S, type: select, search: false, options: [\(Self.options(21))]}\n")
        let live = try Self.form("""
            title: F
            dataSources: [{id: c, type: api, endpoint: /api/c}]
            fields:
              - {id: s, label: S, type: select, optionsFrom: {dataSource: c}}
              - {id: t, label: T, type: select, search: true, optionsFrom: {dataSource: c}}
            """)
        #expect(twenty.field("s")?.searches == false)
        #expect(many.field("s")?.searches == true)
        #expect(off.field("s")?.searches == false)
        #expect(live.field("s")?.searches == false, "a live list's length is unknown at build time")
        #expect(live.field("t")?.searches == true)
        #expect(RuntimeScript.modules(for: FormSpec(many)).contains("search"))
        #expect(!RuntimeScript.modules(for: FormSpec(twenty)).contains("search"))
        #expect(!RuntimeScript.modules(for: FormSpec(off)).contains("search"))
        #expect(RuntimeScript.modules(for: FormSpec(live)).contains("search"))
    }

    @Test func theSearchModuleAndItsWordsShipOnlyWithPagesThatSearch() throws {
        let many = FormSpec(try Self.form("title: F\nfields:\n  - {id: s, label: S, type: select, options: [\(Self.options(21))]}\n"))
        let few = FormSpec(try Self.form("title: F\nfields:\n  - {id: s, label: S, type: select, options: [\(Self.options(3))]}\n"))
        let runtime = RenderTests.theme.runtime
        let searching = try #require(runtime.script(for: many)), plain = try #require(runtime.script(for: few))
        #expect(searching.text.contains("aria-activedescendant") && !plain.text.contains("aria-activedescendant"))
        #expect(searching.messageKeys?.isSuperset(of: ["searchResults", "searchNone", "searchHint"]) == true)
        #expect(plain.messageKeys?.isDisjoint(with: ["searchResults", "searchNone", "searchHint"]) == true)
        let messages = many.embedded(with: searching).messages
        #expect(messages["searchResults.one"] == "{value} result is available")
        #expect(messages["searchResults.other"] == "{value} results are available")
        #expect(few.embedded(with: plain).messages["searchHint"] == nil)
    }

    @Test func badSearchValuesAreLocatedErrors() throws {
        #expect(try Self.diagnostics("""
            title: F
            fields:
              - {id: a, label: A, type: text, search: true}
              - {id: b, label: B, type: select, search: maybe, options: [x]}
              - {id: c, label: C, type: autocomplete, search: false, options: [x]}
              - {id: d, label: D, type: select, options: [{value: x, synonyms: {a: b}}]}
              - {id: e, label: E, type: autocompete, options: [x]}
            """) == [
            "configs/forms/f.yaml:3:43: error: 'search' applies only to select fields; 'a' is a text field",
            "configs/forms/f.yaml:4:45: error: expected 'search' to be true or false, found 'maybe'",
            "configs/forms/f.yaml:5:51: error: 'type: autocomplete' is a select with search: leave 'search: false' out, or write 'type: select'",
            "configs/forms/f.yaml:6:68: error: expected 'synonyms' to be a list, found a mapping",
            "configs/forms/f.yaml:7:29: error: unknown field type 'autocompete' (did you mean 'autocomplete'?)",
        ])
    }

    @Test func theValidatorTreatsASearchableSelectAsASelect() throws {
        let form = try Self.form("title: F\nfields:\n  - {id: s, label: Country, type: autocomplete, required: true, options: [{value: DE, label: Germany, synonyms: [Deutschland]}]}\n")
        let validator = FormValidator(spec: FormSpec(form), now: Date(timeIntervalSince1970: 0))
        #expect(validator.validate(["s": .string("DE")]).errors.isEmpty)
        #expect(validator.validate(["s": .string("Deutschland")]).errors.map(\.message) == ["Select one of the options for country"])
        #expect(validator.validate(["s": .string("Germany")]).errors.map(\.message) == ["Select one of the options for country"])
        #expect(validator.validate([:]).errors.map(\.message) == ["Select country"])
    }

    @Test func theReferenceSaysTheListSearches() throws {
        let form = try Self.form("title: F\nfields:\n  - {id: s, label: S, type: select, options: [{value: DE, label: Germany, synonyms: [Deutschland]}, \(Self.options(20))]}\n")
        let markdown = ReferenceWriter(form: form).markdown()
        #expect(markdown.contains("**Search:** on, as the list has more than 20 options; type to filter, arrow keys and Enter to choose, matching 1 option on its synonyms too. Without JavaScript, the list."))
    }

    // MARK: counts

    static let countForm = """
        title: F
        lang: LANG
        fields:
          - {id: story, label: Your story, type: textarea, help: A few words, validation: {maxWords: 50}}
          - {id: notes, label: Notes, type: textarea, validation: {maxLength: 200}}
          - {id: title, label: Title, type: text, validation: {maxLength: 100}}
          - {id: motto, label: Motto, type: text, validation: {maxWords: 8}}
          - {id: code, label: Code, type: text, validation: {maxLength: 20}}
          - {id: email, label: Email, type: email, validation: {maxLength: 80}}
        """

    @Test func aCountedFieldHasItsHintTiedByDescribedByAndNoMaxlength() throws {
        let html = Self.html(try Self.form(Self.countForm.replacingOccurrences(of: "LANG", with: "en")))
        #expect(html.contains("""
            <div class="fg-hint" id="f-story-hint">A few words</div>
            <p class="fg-error-message" id="f-story-error" hidden></p>
            <textarea class="fg-input" id="f-story" name="story" rows="5" aria-describedby="f-story-hint f-story-count"></textarea>
            <div class="fg-hint fg-count" id="f-story-count">You can enter up to 50 words</div>
            """))
        #expect(html.contains("""
            <textarea class="fg-input" id="f-notes" name="notes" rows="5" aria-describedby="f-notes-count"></textarea>
            <div class="fg-hint fg-count" id="f-notes-count">You can enter up to 200 characters</div>
            """))
        #expect(html.contains(#"<input class="fg-input" id="f-title" name="title">"#), "a one-line answer's maxLength: no count")
        #expect(html.contains(#"<input class="fg-input" id="f-motto" name="motto" aria-describedby="f-motto-count">"#))
        #expect(html.contains(#"<div class="fg-hint fg-count" id="f-motto-count">You can enter up to 8 words</div>"#))
        #expect(html.contains(#"<input class="fg-input fg-width-20" id="f-code" name="code">"#), "a short input's width says its length")
        #expect(!html.contains("f-code-count") && !html.contains("f-email-count") && !html.contains("f-title-count"))
        #expect(!html.contains("maxlength"), "nothing cuts what is typed")
    }

    @Test(arguments: [("pl", "Możesz wpisać najwyżej 50 słów", "Możesz wpisać najwyżej 200 znaków"),
                      ("ar", "الحد الأقصى لعدد الكلمات: 50", "الحد الأقصى لعدد الأحرف: 200"),
                      ("fr", "Vous pouvez saisir jusqu’à 50 mots", "Vous pouvez saisir jusqu’à 200 caractères"),
                      ("de", "Sie können bis zu 50 Wörter eingeben", "Sie können bis zu 200 Zeichen eingeben")])
    func theHintSpeaksThePagesLanguageInItsPluralForm(_ language: String, _ words: String, _ characters: String) throws {
        let html = Self.html(try Self.form(Self.countForm.replacingOccurrences(of: "LANG", with: language)))
        #expect(html.contains(#"id="f-story-count">\#(words)</div>"#))
        #expect(html.contains(#"id="f-notes-count">\#(characters)</div>"#))
    }

    @Test func theCountModuleShipsOnlyWithCountedFields() throws {
        let counted = FormSpec(try Self.form(Self.countForm.replacingOccurrences(of: "LANG", with: "en")))
        let short = FormSpec(try Self.form("title: F\nfields:\n  - {id: code, label: Code, validation: {maxLength: 20}}\n"))
        #expect(RuntimeScript.modules(for: counted).contains("count"))
        #expect(!RuntimeScript.modules(for: short).contains("count"))
        let script = try #require(RenderTests.theme.runtime.script(for: counted))
        #expect(script.messageKeys?.isSuperset(of: ["countCharsLeft", "countCharsOver", "countWordsLeft", "countWordsOver"]) == true)
        #expect(RuntimeScript.modules(for: FormSpec(try #require(ExampleSite.form("registration")))).contains("count"), "its pet notes: a textarea of 500")
        for path in ["kyc/be", "kyc/nl", "pet-adoption", "household", "login", "currency-exchange"] {
            #expect(!RuntimeScript.modules(for: FormSpec(try #require(ExampleSite.form(path)))).contains("count"), "\(path)")
            #expect(!RuntimeScript.modules(for: FormSpec(try #require(ExampleSite.form(path)))).contains("search"), "\(path)")
        }
    }

    @Test func maxWordsIsReadCheckedAndWorded() throws {
        let form = try Self.form("title: F\nfields:\n  - {id: story, label: Your story, type: textarea, validation: {maxWords: 3}}\n")
        let spec = FormSpec(form)
        #expect(spec.fields.first?.validations == [.init(rule: "maxWords", value: .number(3), message: "Your story must be {value} words or fewer")])
        let validator = FormValidator(spec: spec, now: Date(timeIntervalSince1970: 0))
        #expect(validator.validate(["story": .string("  one two\n\tthree ")]).errors.isEmpty)
        #expect(validator.validate(["story": .string("one two three four")]).errors.map(\.message) == ["Your story must be 3 words or fewer"])
        #expect(ReferenceWriter(form: form).markdown().contains("At most 3 words"))
        #expect(ReferenceWriter(form: form).markdown().contains("**Count:** shows the words left of 3 as the person types."))
        let schema = SubmissionSchema(form: form).json()
        #expect(schema.contains(#""rule" : "maxWords""#) || schema.contains(#""rule": "maxWords""#), "listed under x-formgen-unchecked")
    }

    @Test func badCountValuesAreLocatedErrors() throws {
        #expect(try Self.diagnostics("""
            title: F
            fields:
              - {id: a, label: A, type: textarea, validation: {maxWords: 0}}
              - {id: b, label: B, type: textarea, validation: {maxWords: lots}}
              - {id: c, label: C, type: number, validation: {maxWords: 3}}
              - {id: d, label: D, type: textarea, validation: {maxWord: 3}}
            """) == [
            "configs/forms/f.yaml:3:62: error: validation 'maxWords' expects a whole number of 1 or more, found '0'",
            "configs/forms/f.yaml:4:62: error: validation 'maxWords' expects a whole number of 1 or more, found 'lots'",
            "configs/forms/f.yaml:5:50: error: 'maxWords' applies only to text and textarea fields; 'c' is a number field",
            "configs/forms/f.yaml:6:52: error: unknown validation 'maxWord' (did you mean 'maxWords'?)",
        ])
    }

    /// The shared count vectors: Swift's lengths and word counts give the page's count, in its plural form.
    @Test func theCountVectorsAgreeWithSwiftsMeasures() throws {
        let url = Repository.root.appendingPathComponent("Tests/vectors/validation.json")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let counts = try #require(document?["counts"] as? [[String: Any]])
        #expect(counts.count >= 20)
        for vector in counts {
            let lang = try #require(vector["lang"] as? String), rule = try #require(vector["rule"] as? String)
            let limit = try #require(vector["limit"] as? Int), value = try #require(vector["value"] as? String)
            let count = FieldCountText(rule: rule, limit: limit, value: value)
            #expect(count.message(language: lang, in: MessageTables.builtin.table(for: lang)) == vector["message"] as? String, "\(vector["name"] ?? "")")
            #expect(count.isOver == (vector["over"] as? Bool), "\(vector["name"] ?? "")")
        }
    }
}
