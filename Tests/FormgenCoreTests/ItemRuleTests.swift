import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Rules on the fields of a repeating section's items: which the build allows, and how the validator, the spec,
/// the page without JavaScript, the reference page and the schema apply them per item.
@Suite struct ItemRuleTests {
    static let form = """
    title: Pets
    fields:
      - {id: owner, label: Owner, required: true}
      - {id: vet, label: Do you have a vet?, type: yesno}
    sections:
      - id: pets
        title: Your pets
        repeat: {min: 1, max: 3, itemLabel: "Pet {n}"}
        fields:
          - {id: pet_name, label: Name, required: true}
          - {id: kind, label: Kind, type: radio, required: true, options: [Dog, Cat, {value: other, label: Other}]}
          - {id: kind_other, label: Describe the pet, required: true, validation: {required: {value: true, message: Describe the pet}}}
          - {id: vet_name, label: Vet's name}
    rules:
      - {when: kind, condition: equals, value: other, action: show, otherwise: hide, targets: [kind_other]}
      - {when: vet, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [vet_name]}

    """

    static func load(_ text: String) throws -> (Form?, [String]) {
        let site = try TestSite(["configs/forms/f.yaml": text])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (loaded, diagnostics) = site.load()
        return (loaded.forms.first, diagnostics)
    }

    static let sections = """
    title: T
    fields:
      - {id: x, label: X}
    sections:
      - id: pets
        repeat: true
        fields: [{id: a, label: A}, {id: b, label: B}]
      - id: cars
        repeat: true
        fields: [{id: c, label: C}]

    """

    @Test func allowsRulesWithinAnItemAndFromOutside() throws {
        let (form, diagnostics) = try Self.load(Self.form)
        #expect(diagnostics.isEmpty)
        let spec = FormSpec(try #require(form))
        #expect(spec.rules.isEmpty)
        let pets = try #require(spec.fields.first { $0.id == "pets" })
        #expect(pets.rules == [
            FormSpec.RuleSpec(field: "kind", condition: "equals", values: ["other"], action: "show", otherwise: "hide", targets: ["kind_other"]),
            FormSpec.RuleSpec(field: "vet", condition: "equals", values: ["Yes"], action: "show", otherwise: "hide", targets: ["vet_name"]),
        ])
    }

    @Test func splitsARuleThatActsInsideAndOutside() throws {
        let text = Self.sections + "rules:\n  - {when: x, condition: empty, action: hide, targets: [a, x2]}\n"
        let form = try #require(try Self.load(text.replacingOccurrences(of: "  - {id: x, label: X}\n", with: "  - {id: x, label: X}\n  - {id: x2, label: X2}\n")).0)
        let spec = FormSpec(form)
        #expect(spec.rules.map(\.targets) == [["x2"]])
        #expect(spec.fields.first { $0.id == "pets" }?.rules?.map(\.targets) == [["a"]])
        #expect(spec.fields.first { $0.id == "cars" }?.rules == nil)
    }

    @Test(arguments: [
        ("same item", "  - {when: a, condition: empty, action: hide, targets: [b]}\n", [String]()),
        ("outside to an item", "  - {when: x, condition: empty, action: require, targets: [a, c]}\n", []),
        ("item to outside", "  - {when: a, condition: empty, action: hide, targets: [x]}\n",
         ["configs/forms/f.yaml:12:57: error: rule tests 'a' in repeating section 'pets' and targets 'x' outside it; a rule on an item field may target only fields of the same item"]),
        ("item to another section", "  - {when: a, condition: empty, action: hide, targets: [b, c]}\n",
         ["configs/forms/f.yaml:12:60: error: rule tests 'a' in repeating section 'pets' and targets 'c' in repeating section 'cars'; a rule on an item field may target only fields of the same item"]),
    ])
    func checksWhereARuleOnAnItemFieldActs(_ name: String, _ rule: String, _ expected: [String]) throws {
        let (_, diagnostics) = try Self.load(Self.sections + "rules:\n" + rule)
        #expect(diagnostics.filter { $0.contains("error:") } == expected, "\(name)")
    }

    @Test func refusesABranchOnAnItemField() throws {
        let text = """
        title: T
        pages:
          - title: One
            sections:
              - id: pets
                repeat: true
                fields: [{id: a, label: A}]
            next:
              - {when: a, condition: empty, goTo: two}
          - id: two
            title: Two
            fields: [{id: x, label: X}]

        """
        let (_, diagnostics) = try Self.load(text)
        #expect(diagnostics.filter { $0.contains("error:") } == [
            "configs/forms/f.yaml:9:9: error: branch tests 'a', a field of repeating section 'pets'; a branch may test only fields outside repeating sections",
        ])
    }

    @Test func validatesEachItemWithItsOwnRules() throws {
        let validator = FormValidator(spec: FormSpec(try #require(try Self.load(Self.form).0)))
        let result = validator.validate(["owner": "Ann", "vet": "No", "pets": [
            ["pet_name": "Rex", "kind": "other", "vet_name": "Dr Vos"],
            ["pet_name": "Tom", "kind": "Dog", "kind_other": "Lizard"],
        ]])
        #expect(result.messages == ["pets[0].kind_other": "Pet 1: Describe the pet"])
        #expect(result.hidden == ["pets[0].vet_name", "pets[1].kind_other", "pets[1].vet_name"])
        #expect(result.data["pets"] == [["pet_name": "Rex", "kind": "other"], ["pet_name": "Tom", "kind": "Dog"]])
        let fixed = validator.validate(["owner": "Ann", "vet": "Yes", "pets": [
            ["pet_name": "Rex", "kind": "other", "kind_other": " Lizard ", "vet_name": "Dr Vos"],
            ["pet_name": "Tom", "kind": "Dog", "kind_other": "Lizard"],
        ]])
        #expect(fixed.isValid)
        #expect(fixed.hidden == ["pets[1].kind_other"])
        #expect(fixed.data["pets"] == [["pet_name": "Rex", "kind": "other", "kind_other": "Lizard", "vet_name": "Dr Vos"], ["pet_name": "Tom", "kind": "Dog"]])
    }

    @Test func postsWithoutJavaScriptKeepOnlyTheShownItemFields() throws {
        let spec = FormSpec(try #require(try Self.load(Self.form).0))
        let body = "owner=Ann&vet=No&pets%5B0%5D.pet_name=Rex&pets%5B0%5D.kind=Dog&pets%5B0%5D.kind_other=Lizard&pets%5B1%5D.pet_name=Kit&pets%5B1%5D.kind=other"
        let result = FormValidator(spec: spec).validate(try SubmissionBody.values(Data(body.utf8), encoding: .urlEncoded, spec: spec))
        #expect(result.messages == ["pets[1].kind_other": "Pet 2: Describe the pet"])
        #expect(result.data["pets"] == [["pet_name": "Rex", "kind": "Dog"], ["pet_name": "Kit", "kind": "other"]])
    }

    @Test func rendersItemFieldsARuleMayHideWithoutNativeRequired() throws {
        let form = try #require(try Self.load(Self.form).0)
        let html = PageRenderer(theme: Theme.load(overrides: nil, log: DiagnosticLog()), settings: SiteSettings()).renderForm(form)
        #expect(html.contains(#"id="f-pets[0].pet_name" name="pets[0].pet_name" required"#))
        #expect(html.contains(#"id="f-pets[0].kind_other" name="pets[0].kind_other">"#))
        #expect(html.contains(#"<label class="fg-label" for="f-pets[0].kind_other">Describe the pet</label>"#))
    }

    @Test func referenceAndSchemaDescribeTheItemRules() throws {
        let form = try #require(try Self.load(Self.form).0)
        let reference = ReferenceWriter(form: form).markdown()
        #expect(reference.contains("1. In each item of the list `pets`, when *Kind* is other (Other): show *Describe the pet*; otherwise hide it."))
        #expect(reference.contains(#"2. When *Do you have a vet\?* is Yes: show *Vet\'s name* (in each item of the list `pets`); otherwise hide it."#))
        #expect(reference.contains("Shown in each item when *Kind* is other (Other) (in the same item); otherwise hidden."))
        #expect(reference.contains(#"Shown in each item when *Do you have a vet\?* is Yes; otherwise hidden."#))
        let items = try #require(SubmissionSchema(form: form).document()["properties"]?["pets"]?["items"])
        #expect(items["required"] == ["pet_name", "kind"])
        #expect(items["allOf"] == [[
            "if": ["required": ["kind"], "properties": ["kind": ["const": "other"]]],
            "then": ["required": ["kind_other"], "errorMessage": ["required": ["kind_other": "Describe the pet"]]],
            "else": ["not": ["required": ["kind_other"]]],
        ]])
        guard case .array(let notes)? = items["properties"]?["vet_name"]?["x-formgen-unchecked"] else { Issue.record("no notes"); return }
        #expect(notes.map { $0["rule"] } == ["rules"])
    }
}
