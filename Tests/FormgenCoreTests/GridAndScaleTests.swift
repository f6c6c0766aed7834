import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Grids (`type: grid`: rows of radios or checkboxes under shared columns) and scales (`type: scale`: the whole
/// numbers from `min` to `max` as a row of large targets): reading, located diagnostics, HTML, spec, runtime modules,
/// no-JS bodies, JSON Schema and reference page.
@Suite struct GridAndScaleTests {
    static func form(_ yaml: String, name: String = "f.yaml") throws -> (form: Form, diagnostics: [String]) {
        let loaded = try TestSite.form(name, yaml).load()
        return (try #require(loaded.site.allForms.first, "\(loaded.diagnostics)"), loaded.diagnostics)
    }

    static func diagnostics(_ fields: String) throws -> [String] {
        try TestSite.form("f.yaml", "title: F\nfields:\n" + fields).load().diagnostics
    }

    static func html(_ form: Form) -> String {
        PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
    }

    static let survey = """
    title: Survey
    fields:
      - id: service
        label: Rate our service
        type: grid
        required: true
        rows: [{id: speed, label: Speed}, {id: staff, label: Staff}]
        columns: [{value: good, label: Good}, {value: poor, label: Poor}]
      - id: likes
        label: What did you like?
        type: grid
        multiple: true
        rows: [Opening hours, Parking]
        columns: [Yes, No]
      - id: nps
        label: How likely are you to recommend us?
        type: scale
        min: 0
        max: 10
        minLabel: {en: Not at all likely, fr: Pas du tout probable}
        maxLabel: Extremely likely
        required: true
    """

    // MARK: Reading

    @Test func aGridReadsItsRowsColumnsAndMultiple() throws {
        let (form, diagnostics) = try Self.form(Self.survey)
        #expect(diagnostics.isEmpty)
        let service = try #require(form.field("service")), likes = try #require(form.field("likes"))
        #expect(service.kind == .grid && service.type == .grid)
        #expect(service.rows == [FieldOption(value: "speed", label: "Speed"), FieldOption(value: "staff", label: "Staff")])
        #expect(service.options.map(\.value) == ["good", "poor"])
        #expect(!service.multiple && likes.multiple)
        #expect(likes.rows == [FieldOption(value: "opening_hours", label: "Opening hours"), FieldOption(value: "parking", label: "Parking")],
                "a row written as text gets an id made from it")
    }

    @Test func aScaleReadsItsBoundsAndEndLabelsInEachLanguage() throws {
        let nps = try #require(try Self.form(Self.survey).form.field("nps"))
        #expect(nps.kind == .scale)
        #expect(nps.scale == ScaleRange(min: 0, max: 10, minLabel: "Not at all likely", maxLabel: "Extremely likely"))
        #expect(nps.effectiveOptions.map(\.value) == (0...10).map(String.init))
        #expect(nps.translated(to: "fr").scale?.minLabel == "Pas du tout probable")
        #expect(nps.translated(to: "fr").scale?.maxLabel == "Extremely likely")
    }

    @Test func theJSONFormatSaysTheSame() throws {
        let json = """
        {"title": "Survey", "fields": [
          {"id": "service", "label": "Rate our service", "type": "grid", "required": true,
           "rows": [{"id": "speed", "label": "Speed"}], "columns": [{"value": "good", "label": "Good"}]},
          {"id": "nps", "label": "Recommend?", "type": "scale", "min": 1, "max": 5}
        ]}
        """
        let (form, diagnostics) = try Self.form(json, name: "f.json")
        #expect(diagnostics.isEmpty)
        #expect(form.field("service")?.rows == [FieldOption(value: "speed", label: "Speed")])
        #expect(form.field("nps")?.scale == ScaleRange(min: 1, max: 5))
    }

    // MARK: Diagnostics

    @Test func aGridWithoutRowsOrColumnsIsAnError() throws {
        #expect(try Self.diagnostics("  - {id: g, label: G, type: grid}\n") == [
            "configs/forms/f.yaml:3:5: error: grid 'g' is missing 'columns' (a list of {value, label})",
            "configs/forms/f.yaml:3:5: error: grid 'g' is missing 'rows' (a list of {id, label})",
        ])
        #expect(try Self.diagnostics("  - {id: g, label: G, type: grid, rows: [], columns: []}\n") == [
            "configs/forms/f.yaml:3:41: error: grid 'g' has no rows: give 'rows' at least one {id, label}",
            "configs/forms/f.yaml:3:54: error: grid 'g' has no columns: give 'columns' at least one {value, label}",
        ])
    }

    @Test func aDuplicatedRowOrColumnIsAnErrorAtTheSecond() throws {
        let fields = """
          - id: g
            label: G
            type: grid
            rows: [{id: a, label: A}, {id: a, label: Again}]
            columns: [x, y, x]
        """
        #expect(try Self.diagnostics(fields + "\n") == [
            "configs/forms/f.yaml:6:36: error: grid 'g' has the row 'a' twice; each row needs its own id",
            "configs/forms/f.yaml:7:21: error: grid 'g' has the column 'x' twice; each column needs its own value",
        ])
    }

    @Test func aRowNeedsAValidID() throws {
        let fields = "  - {id: g, label: G, type: grid, columns: [x], rows: [{label: A}, {id: 2nd, label: B}]}\n"
        #expect(try Self.diagnostics(fields) == [
            "configs/forms/f.yaml:3:56: error: grid row is missing 'id'",
            "configs/forms/f.yaml:3:73: error: grid row id '2nd' may only use letters, digits, '_' and '-', and must start with a letter",
        ])
    }

    @Test func aScaleNeedsMinBelowMaxAndAtMostElevenNumbers() throws {
        #expect(try Self.diagnostics("  - {id: s, label: S, type: scale, min: 5, max: 5}\n") == [
            "configs/forms/f.yaml:3:49: error: scale 's' must have 'min' below 'max', found min 5 and max 5",
        ])
        #expect(try Self.diagnostics("  - {id: s, label: S, type: scale, min: 10, max: 1}\n") == [
            "configs/forms/f.yaml:3:50: error: scale 's' must have 'min' below 'max', found min 10 and max 1",
        ])
        #expect(try Self.diagnostics("  - {id: s, label: S, type: scale, min: 0, max: 11}\n") == [
            "configs/forms/f.yaml:3:49: error: scale 's' offers 12 numbers (0 to 11); a scale offers at most 11, such as 0 to 10",
        ])
        #expect(try Self.diagnostics("  - {id: s, label: S, type: scale}\n") == [
            "configs/forms/f.yaml:3:5: error: scale 's' is missing 'max' (its highest number, such as 5 or 10)",
            "configs/forms/f.yaml:3:5: error: scale 's' is missing 'min' (its lowest number, such as 0 or 1)",
        ])
        #expect(try Self.diagnostics("  - {id: s, label: S, type: scale, min: 1, max: five}\n") == [
            "configs/forms/f.yaml:3:49: error: expected 'max' to be a whole number, found 'five'",
        ])
    }

    @Test func theirKeysOnAnotherTypeAreWarningsAndOptionsOnThemErrors() throws {
        #expect(try Self.diagnostics("  - {id: t, label: T, rows: [a], min: 1}\n") == [
            "configs/forms/f.yaml:3:29: warning: 'rows' applies only to grid fields (type: grid); this is a text field",
            "configs/forms/f.yaml:3:39: warning: 'min' applies only to scale fields (type: scale); this is a text field",
        ])
        #expect(try Self.diagnostics("  - {id: s, label: S, type: scale, min: 1, max: 5, options: [a]}\n") == [
            "configs/forms/f.yaml:3:61: error: a scale's choices are the numbers from 'min' to 'max', not 'options'",
        ])
        #expect(try Self.diagnostics("  - {id: g, label: G, type: grid, rows: [a], columns: [x], options: [a]}\n") == [
            "configs/forms/f.yaml:3:69: error: a grid's choices are its 'columns', not 'options'",
        ])
    }

    @Test func aGridInARepeatOrTestedByARuleOrBranchIsAnError() throws {
        let yaml = """
        title: F
        pages:
          - id: one
            sections:
              - id: pets
                repeat: {min: 1}
                fields:
                  - {id: g, label: G, type: grid, rows: [a], columns: [x]}
              - fields:
                  - {id: h, label: H, type: grid, rows: [constructor], columns: [x]}
                  - {id: t, label: T}
            next:
              - {when: h, condition: notEmpty, goTo: two}
          - id: two
            fields:
              - {id: u, label: U}
        rules:
          - {when: h, condition: notEmpty, action: show, targets: [t]}
        """
        #expect(try TestSite.form("f.yaml", yaml).load().diagnostics == [
            "configs/forms/f.yaml:8:37: error: grid 'g' is in repeating section 'pets'; a grid must be outside repeating sections",
            "configs/forms/f.yaml:10:49: error: grid 'h' has a row id 'constructor', a name every JavaScript object already has; rename the row (for example 'constructor_')",
            "configs/forms/f.yaml:13:9: error: branch tests grid 'h', which has an answer per row and none to compare; test another field",
            "configs/forms/f.yaml:18:5: error: rule tests grid 'h', which has an answer per row and none to compare; test another field",
        ])
    }

    // MARK: The page

    @Test func aGridIsAFieldsetOfRowFieldsetsNamedGridDotRow() throws {
        let html = Self.html(try Self.form(Self.survey).form)
        #expect(html.contains("""
            <div class="fg-field" id="fg-field-service">
            <fieldset class="fg-choices fg-grid" id="f-service">
            <legend class="fg-label">Rate our service</legend>
            <p class="fg-error-message" id="f-service-error" hidden></p>
            <div class="fg-grid-head" aria-hidden="true"><span></span><span>Good</span><span>Poor</span></div>
            <div class="fg-grid-line" id="fg-field-service.speed">
            <fieldset class="fg-grid-row" id="f-service.speed">
            <legend class="fg-grid-legend">Speed</legend>
            <p class="fg-error-message" id="f-service.speed-error" hidden></p>
            <div class="fg-grid-cells">
            <div class="fg-choice fg-grid-cell"><input class="fg-choice-input" id="f-service.speed-0" name="service.speed" type="radio" value="good" required><label class="fg-choice-label" for="f-service.speed-0">Good</label></div>
            <div class="fg-choice fg-grid-cell"><input class="fg-choice-input" id="f-service.speed-1" name="service.speed" type="radio" value="poor" required><label class="fg-choice-label" for="f-service.speed-1">Poor</label></div>
            </div>
            </fieldset>
            </div>
            """), "\(html)")
        #expect(html.contains(#"<input class="fg-choice-input" id="f-likes.parking-1" name="likes.parking" type="checkbox" value="No"><label"#),
                "a grid of checkboxes: no native required (it would ask for every box)")
    }

    @Test func aScaleIsARowOfRadiosItsEndsDescribingTheGroup() throws {
        let html = Self.html(try Self.form(Self.survey).form)
        #expect(html.contains("""
            <div class="fg-field" id="fg-field-nps">
            <fieldset class="fg-choices fg-scale" id="f-nps" aria-describedby="f-nps-ends">
            <legend class="fg-label">How likely are you to recommend us?</legend>
            <p class="fg-error-message" id="f-nps-error" hidden></p>
            <div class="fg-scale-body">
            <div class="fg-scale-list">
            <div class="fg-scale-choice"><input class="fg-scale-input" id="f-nps-0" name="nps" type="radio" value="0" required><label class="fg-scale-label" for="f-nps-0">0</label></div>
            """), "\(html)")
        #expect(html.contains(#"<label class="fg-scale-label" for="f-nps-10">10</label></div>"#))
        #expect(html.contains(#"<div class="fg-scale-ends" id="f-nps-ends"><span class="fg-scale-min">0 – Not at all likely</span><span class="fg-scale-max">10 – Extremely likely</span></div>"#))
        let plain = Self.html(try Self.form("title: F\nfields:\n  - {id: s, label: S, type: scale, min: 1, max: 5, help: Pick one}\n").form)
        #expect(plain.contains(#"<fieldset class="fg-choices fg-scale" id="f-s" aria-describedby="f-s-hint">"#))
        #expect(!plain.contains("fg-scale-ends"), "no end labels, no empty line for them")
    }

    @Test func theSpecCarriesRowsColumnsMultipleAndTheScale() throws {
        let spec = FormSpec(try Self.form(Self.survey).form)
        let service = try #require(spec.fields.first { $0.id == "service" }), likes = try #require(spec.fields.first { $0.id == "likes" })
        let nps = try #require(spec.fields.first { $0.id == "nps" })
        #expect(service.kind == .grid && service.rows?.map(\.value) == ["speed", "staff"] && service.multiple == nil)
        #expect(likes.multiple == true)
        #expect(service.messages?["gridRow"] == "Select an answer for {value}")
        #expect(service.messages?["option"] == "Select one of the options for rate our service")
        #expect(nps.kind == .scale && nps.options == nil)
        #expect(nps.scale == .init(min: 0, max: 10, minLabel: "Not at all likely", maxLabel: "Extremely likely"))
        // Submitted as a number: a number field's type and checks, each with the scale's one message.
        let said = "Select a whole number from 0 to 10 for “How likely are you to recommend us?”"
        #expect(nps.type == "number" && nps.messages?["number"] == said && nps.messages?["scale"] == nil)
        #expect(nps.validations == [.init(rule: "regex", value: .string("^-?[0-9]+$"), message: said),
                                    .init(rule: "minValue", value: .number(0), message: said), .init(rule: "maxValue", value: .number(10), message: said)])
        #expect(spec.embeddableJSON().contains(#""rows":[{"label":"Speed","value":"speed"},{"label":"Staff","value":"staff"}]"#))
    }

    @Test func theirModulesJoinOnlyThePagesThatUseThem() throws {
        let survey = FormSpec(try Self.form(Self.survey).form)
        #expect(RuntimeScript.modules(for: survey).isSuperset(of: ["grid", "scale"]))
        let runtime = RenderTests.theme.runtime
        for path in ["kyc/nl", "pet-adoption", "household", "registration"] {
            let spec = FormSpec(try #require(ExampleSite.form(path)))
            #expect(RuntimeScript.modules(for: spec).isDisjoint(with: ["grid", "scale"]), "\(path)")
            #expect(runtime.script(for: spec)?.text.contains("gridRow") == false, "\(path)")
        }
        #expect(runtime.script(for: survey)?.text.contains("gridRow") == true)
    }

    // MARK: Submissions

    @Test func aGridPostedWithoutJavaScriptIsAnObjectOfRows() throws {
        let spec = FormSpec(try Self.form(Self.survey).form)
        func posted(_ body: String) throws -> [String: JSONValue] {
            try SubmissionBody.values(Data(body.utf8), encoding: .urlEncoded, spec: spec)
        }
        #expect(try posted("service.speed=good&service.staff=poor&nps=7") == [
            "service": .object(["speed": .string("good"), "staff": .string("poor")]), "nps": .string("7")])
        #expect(try posted("likes.parking=Yes&likes.parking=No&likes.opening_hours=No") == [
            "likes": .object(["parking": .array([.string("Yes"), .string("No")]), "opening_hours": .array([.string("No")])])])
        let result = FormValidator(spec: spec).validate(try posted("service.speed=good&service.price=good&nps=7"))
        #expect(result.errors == [FieldError(field: "service", message: "Select one of the options for rate our service"),
                                  FieldError(field: "service.staff", message: "Select an answer for Staff")])
        #expect(result.data == ["service": .object(["speed": .string("good")]), "nps": .number(7)])
    }

    // MARK: Schema and reference

    @Test func theJSONSchemaDescribesRowsAndTheScalesBounds() throws {
        let form = try Self.form(Self.survey).form
        let schema = SubmissionSchema(form: form).document()
        let service = try #require(schema["properties"]?["service"])
        #expect(service["type"] == "object")
        #expect(service["additionalProperties"] == false)
        #expect(service["required"] == ["speed", "staff"])
        #expect(service["properties"]?["speed"]?["enum"] == ["good", "poor"])
        #expect(service["errorMessage"]?["required"]?["staff"] == "Select an answer for Staff")
        let likes = try #require(schema["properties"]?["likes"])
        #expect(likes["properties"]?["parking"]?["type"] == "array")
        #expect(likes["required"] == nil)
        let nps = try #require(schema["properties"]?["nps"])
        #expect(nps["type"] == "integer" && nps["minimum"] == 0 && nps["maximum"] == 10)
    }

    @Test func theReferencePageListsRowsColumnsAndEnds() throws {
        let form = try Self.form(Self.survey).form
        let writer = ReferenceWriter(form: form)
        let html = PageRenderer(theme: RenderTests.theme, settings: SiteSettings())
            .renderReference(writer.document(), path: "f/reference", title: writer.title, language: "en", breadcrumb: (form.title, "../"))
        #expect(html.contains("submitted as an object of row id → column."), "\(html)")
        #expect(html.contains("<strong>Rows:</strong> <code>speed</code> (Speed), <code>staff</code> (Staff). Each is posted as <code>service.&lt;row&gt;</code> without JavaScript."))
        #expect(html.contains("a whole number from <code>0</code> to <code>10</code>"))
        #expect(html.contains("<strong>Ends:</strong> <code>0</code> Not at all likely, <code>10</code> Extremely likely."))
        #expect(html.contains("Every row answered, when required"))
    }
}
