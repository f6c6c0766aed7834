import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Repeating sections: config and lints, the spec, the validator's lists, the page, the schema, the reference page
/// and posts without JavaScript.
@Suite struct RepeatTests {
    static let form = """
    title: Pets
    fields:
      - {id: owner, label: Owner, required: true}
    sections:
      - id: pets
        title: Your pets
        repeat: {min: 1, max: 3, itemLabel: "Pet {n}", addLabel: Add another pet, removeLabel: Remove}
        fields:
          - {id: pet_name, label: Name, required: true}
          - {id: age, label: Age, type: number}

    """

    static func load(_ text: String) throws -> (Form?, [String]) {
        let site = try TestSite(["configs/forms/f.yaml": text])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (loaded, diagnostics) = site.load()
        return (loaded.forms.first, diagnostics)
    }

    @Test func readsTheSectionIntoTheModelAndTheSpec() throws {
        let (loaded, diagnostics) = try Self.load(Self.form)
        let form = try #require(loaded)
        #expect(diagnostics.isEmpty)
        let section = try #require(form.repeatingSections.first)
        #expect(section.id == "pets" && section.repeat?.min == 1 && section.repeat?.max == 3 && section.repeat?.itemLabel == "Pet {n}")
        #expect(form.repeatOf == ["pet_name": "pets", "age": "pets"])
        let spec = FormSpec(form)
        #expect(spec.fields.map(\.id) == ["owner", "pets"])
        #expect(spec.pages[0].fields == ["owner", "pets"])
        let pets = spec.fields[1]
        #expect(pets.kind == .repeat && pets.required && pets.fields?.map(\.id) == ["pet_name", "age"])
        #expect(pets.repeat == FormSpec.RepeatSpec(min: 1, max: 3, itemLabel: "Pet {n}", addLabel: "Add another pet", removeLabel: "Remove",
                                                  added: "{item} added", removed: "{item} removed"))
        #expect(pets.messages == ["minItems": "Your pets: add at least {value} item", "maxItems": "Your pets: add {value} items or fewer"])
        #expect(RuntimeScript.modules(for: spec).contains("repeat"))
        let plain = FormSpec(try #require(try Self.load("title: T\nfields:\n  - {id: a, label: A}\n").0))
        #expect(!RuntimeScript.modules(for: plain).contains("repeat"))
    }

    @Test(arguments: [
        ("min over max", "title: T\nsections:\n  - id: pets\n    repeat: {min: 4, max: 2}\n    fields: [{id: a, label: A}]\n",
         ["configs/forms/f.yaml:4:19: error: repeat 'min' (4) is greater than 'max' (2)"]),
        ("no id", "title: T\nsections:\n  - title: Pets\n    repeat: {min: 1}\n    fields: [{id: a, label: A}]\n",
         ["configs/forms/f.yaml:4:13: error: a repeating section needs an 'id' (the submission's key for its list of items)"]),
        ("negative min", "title: T\nsections:\n  - id: pets\n    repeat: {min: -1}\n    fields: [{id: a, label: A}]\n",
         ["configs/forms/f.yaml:4:19: error: repeat 'min' must be 0 or more, found -1"]),
        ("zero max", "title: T\nsections:\n  - id: pets\n    repeat: {max: 0}\n    fields: [{id: a, label: A}]\n",
         ["configs/forms/f.yaml:4:19: error: repeat 'max' must be 1 or more, found 0"]),
        ("not a mapping", "title: T\nsections:\n  - id: pets\n    repeat: often\n    fields: [{id: a, label: A}]\n",
         ["configs/forms/f.yaml:4:13: error: expected 'repeat' to be a mapping ({min, max, itemLabel, addLabel, removeLabel}) or true, found 'often'"]),
        ("nested", "title: T\nsections:\n  - id: pets\n    repeat: true\n    fields: [{id: a, label: A}]\n    sections:\n      - id: toys\n        repeat: true\n        fields: [{id: b, label: B}]\n",
         ["configs/forms/f.yaml:7:7: error: a repeating section cannot hold another repeating section"]),
        ("rule on an item field acting outside", "title: T\nfields:\n  - {id: x, label: X}\nsections:\n  - id: pets\n    repeat: true\n    fields: [{id: a, label: A}]\nrules:\n  - {when: a, condition: empty, action: hide, targets: [x]}\n",
         ["configs/forms/f.yaml:9:57: error: rule tests 'a' in repeating section 'pets' and targets 'x' outside it; a rule on an item field may target only fields of the same item"]),
        ("id taken by a field", "title: T\nfields:\n  - {id: pets, label: X}\nsections:\n  - id: pets\n    repeat: true\n    fields: [{id: a, label: A}]\n",
         ["configs/forms/f.yaml:5:5: error: repeating section id 'pets' is also the id of a field (defined at configs/forms/f.yaml:3:5)"]),
    ])
    func lints(_ name: String, _ text: String, _ expected: [String]) throws {
        let (_, diagnostics) = try Self.load(text)
        #expect(diagnostics.filter { $0.contains("error:") } == expected, "\(name)")
    }

    @Test func validatesEachItemAndTheCount() throws {
        let spec = FormSpec(try #require(try Self.load(Self.form).0))
        let validator = FormValidator(spec: spec)
        let result = validator.validate(["owner": "Ann", "pets": [["pet_name": "Rex", "age": "3"], ["pet_name": " "], ["age": "x"]]])
        #expect(result.messages == ["pets[1].pet_name": "Pet 2: Enter name", "pets[2].pet_name": "Pet 3: Enter name", "pets[2].age": "Pet 3: Age must be a number"])
        #expect(result.data["pets"] == [["pet_name": "Rex", "age": 3], [:], ["age": "x"]])
        #expect(validator.validate(["owner": "Ann"]).messages == ["pets": "Your pets: add at least 1 item"])
        let four: JSONValue = .array(Array(repeating: ["pet_name": "A"], count: 4))
        #expect(validator.validate(["owner": "Ann", "pets": four]).messages == ["pets": "Your pets: add 3 items or fewer"])
    }

    @Test func decodesJSONAndPostsWithoutJavaScript() throws {
        let spec = FormSpec(try #require(try Self.load(Self.form).0))
        let json = try SubmissionBody.values(Data(#"{"owner":"Ann","pets":[{"pet_name":"Rex","age":3}]}"#.utf8), encoding: .json, spec: spec)
        #expect(json["pets"] == [["pet_name": "Rex", "age": 3]])
        let body = "owner=Ann&pets%5B0%5D.pet_name=Rex&pets%5B0%5D.age=3&pets%5B2%5D.pet_name=Tom&pets%5Bx%5D.pet_name=No&nope%5B0%5D.a=1"
        let posted = try SubmissionBody.values(Data(body.utf8), encoding: .urlEncoded, spec: spec)
        #expect(posted == ["owner": "Ann", "pets": [["pet_name": "Rex", "age": 3], ["pet_name": "Tom"]]])
        #expect(FormValidator(spec: spec).validate(posted).isValid)
    }

    @Test func rendersMinItemsWithUniqueNamesAndHiddenButtons() throws {
        let form = try #require(try Self.load(Self.form.replacingOccurrences(of: "min: 1", with: "min: 2")).0)
        let html = PageRenderer(theme: Theme.load(overrides: nil, log: DiagnosticLog()), settings: SiteSettings()).renderForm(form)
        #expect(html.contains(#"<div class="fg-field fg-repeat" id="fg-field-pets" data-fg-repeat="pets">"#))
        #expect(html.contains(#"<fieldset class="fg-section fg-repeat-item" data-fg-item="0">"#))
        #expect(html.contains(#"<fieldset class="fg-section fg-repeat-item" data-fg-item="1">"#))
        #expect(!html.contains(#"data-fg-item="2""#))
        #expect(html.contains(#"<legend class="fg-label fg-repeat-legend" tabindex="-1">Pet 2</legend>"#))
        #expect(html.contains(#"<label class="fg-label" for="f-pets[1].pet_name">Name</label>"#))
        #expect(html.contains(#"id="f-pets[1].pet_name" name="pets[1].pet_name" required"#))
        #expect(html.contains(#"<button type="button" class="fg-button fg-button-secondary fg-repeat-add" data-fg-add hidden>Add another pet</button>"#))
        #expect(html.contains(#"data-fg-remove hidden>Remove<span class="fg-vh"> Pet 1</span></button>"#))
    }

    /// An optional list (`min: 0`) without JavaScript: one item is drawn, marked "(optional)", its fields not natively
    /// required, and a post that leaves it empty is valid and sends no list; an item with any answer is checked in full (#35).
    @Test func anOptionalListsEmptyItemIsNoItem() throws {
        let optional = Self.form.replacingOccurrences(of: "min: 1", with: "min: 0")
        let form = try #require(try Self.load(optional).0)
        let html = PageRenderer(theme: Theme.load(overrides: nil, log: DiagnosticLog()), settings: SiteSettings()).renderForm(form)
        #expect(html.contains(#"<legend class="fg-label fg-repeat-legend" tabindex="-1">Pet 1 (optional)</legend>"#))
        #expect(html.contains(#"name="pets[0].pet_name""#) && !html.contains(#"name="pets[0].pet_name" required"#))
        let spec = FormSpec(form)
        let blank = try SubmissionBody.values(Data("owner=Ann&pets%5B0%5D.pet_name=+&pets%5B0%5D.age=".utf8), encoding: .urlEncoded, spec: spec)
        let result = FormValidator(spec: spec).validate(blank)
        #expect(result.isValid && result.data == ["owner": "Ann"])
        let half = FormValidator(spec: spec).validate(["owner": "Ann", "pets": [["pet_name": ""], ["age": "3"]]])
        #expect(half.messages == ["pets[1].pet_name": "Pet 2: Enter name"])
        let kept = FormValidator(spec: spec).validate(["owner": "Ann", "pets": [[:], ["pet_name": "Rex"]]])
        #expect(kept.isValid && kept.data["pets"] == [["pet_name": "Rex"]])
        // A list that needs items checks an empty one as before.
        let needed = FormValidator(spec: FormSpec(try #require(try Self.load(Self.form).0))).validate(["owner": "Ann", "pets": [[:]]])
        #expect(needed.messages == ["pets[0].pet_name": "Pet 1: Enter name"])
    }

    /// A page's section titled as the page ("Your pets" under "Your pets") keeps its legend for screen readers only,
    /// so the heading is not shown twice (#35).
    @Test func aSectionTitledAsItsPageHidesItsLegend() throws {
        let text = """
            title: T
            pages:
              - title: Your pets
                sections:
                  - id: pets
                    title: Your pets
                    repeat: {min: 1}
                    fields: [{id: pet_name, label: Name}]
                  - title: Your vet
                    fields: [{id: vet, label: Vet}]
            """
        let form = try #require(try Self.load(text).0)
        let html = PageRenderer(theme: Theme.load(overrides: nil, log: DiagnosticLog()), settings: SiteSettings()).renderForm(form)
        #expect(html.contains(#"<legend class="fg-section-title fg-vh">Your pets</legend>"#))
        #expect(html.contains(#"<legend class="fg-section-title">Your vet</legend>"#))
    }

    @Test func schemaAndReferenceDescribeTheList() throws {
        let form = try #require(try Self.load(Self.form).0)
        let schema = SubmissionSchema(form: form).document()
        let pets = try #require(schema["properties"]?["pets"])
        #expect(pets["type"] == "array" && pets["minItems"] == 1 && pets["maxItems"] == 3)
        #expect(pets["items"]?["required"] == ["pet_name"] && pets["items"]?["additionalProperties"] == false)
        #expect(pets["items"]?["properties"]?["age"]?["type"] == "number")
        #expect(schema["properties"]?["pet_name"] == nil)
        #expect(schema["required"] == ["pets", "owner"])
        let reference = ReferenceWriter(form: form).markdown()
        #expect(reference.contains("## Repeating sections\n\n- Your pets (`pets`): submitted as a list of 1 to 3 items, each an object of `pet_name`, `age`"))
        #expect(reference.contains("**Repeats:** once in each item of the list `pets`, as `pets[0].pet_name`, `pets[1].pet_name`, …"))
    }

    /// A list far longer than `max` is refused as too long, its items past `max + 1` never built (bench/hostile.py
    /// times 2.7 million of them).
    @Test func aListFarOverItsMaxIsTooManyItems() throws {
        let (site, _) = try TestSite.form("f.yaml", """
            title: T
            pages:
              - sections:
                  - id: pets
                    title: Your pets
                    repeat: {min: 0, max: 3}
                    fields:
                      - {id: pet_name, label: Name, required: true}
            """).load()
        let spec = FormSpec(try #require(site.allForms.first))
        let body = "{\"pets\": [" + Array(repeating: "{}", count: 100_000).joined(separator: ",") + "]}"
        let result = try FormValidator(spec: spec).validate(json: Data(body.utf8))
        #expect(result.messages.keys.sorted() == ["pets"])
        #expect(try spec.decodeSubmission(Data(body.utf8)) == .object(["pets": .array(Array(repeating: .object([:]), count: 4))]))
    }
}
