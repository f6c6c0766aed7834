import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Form journeys: page ids, branches, exit pages and the review step, from the config to the validator and the page.
@Suite struct JourneyTests {
    static let form = """
    title: Pets
    pages:
      - id: about
        title: Your pets
        fields:
          - {id: has_pets, label: Do you have pets?, type: yesno, required: true}
          - {id: count, label: How many?, type: number}
        next:
          - {when: has_pets, condition: equals, value: "No", goTo: no-pets}
          - {when: count, condition: greaterThan, value: 5, goTo: shelter}
      - id: no-pets
        exit: true
        title: You need a pet to use this form
        text: Try [the adoption list](/pet-adoption/) instead.
      - id: names
        title: Names
        fields:
          - {id: pet_name, label: Pet name, required: true}
      - id: shelter
        title: Shelter visit
        fields:
          - {id: day, label: Visit day, required: true}

    """

    static func load(_ text: String, file: String = "configs/forms/f.yaml") throws -> (Form?, [String]) {
        let site = try TestSite([file: text])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (loaded, diagnostics) = site.load()
        return (loaded.forms.first, diagnostics)
    }

    @Test func readsIdsBranchesExitPagesAndTheReviewDefault() throws {
        let (loaded, diagnostics) = try Self.load(Self.form)
        let form = try #require(loaded)
        #expect(diagnostics.isEmpty)
        #expect(form.pages.map(\.id) == ["about", "no-pets", "names", "shelter"])
        #expect(form.pages[0].next.map(\.goTo) == ["no-pets", "shelter"])
        #expect(form.pages[0].next[1].condition == .greaterThan && form.pages[0].next[1].values == ["5"])
        #expect(form.pages[1].isExit && form.pages[1].items.isEmpty && form.pages[1].text == "Try [the adoption list](/pet-adoption/) instead.")
        #expect(form.hasReview)
        let spec = FormSpec(form)
        #expect(spec.review == true && spec.hasJourney)
        #expect(spec.pages[1].exit == true && spec.pages[0].next?.first == FormSpec.BranchSpec(field: "has_pets", condition: "equals", values: ["No"], goTo: "no-pets"))
        #expect(RuntimeScript.modules(for: spec).isSuperset(of: ["wizard", "journey"]))
    }

    @Test func reviewFollowsTheConfigAndOnePageFormsHaveNone() throws {
        let (off, _) = try Self.load(Self.form + "review: false\n")
        #expect(try #require(off).hasReview == false)
        #expect(FormSpec(try #require(off)).review == nil)
        let (single, _) = try Self.load("title: T\nfields:\n  - {id: a, label: A}\n")
        #expect(try #require(single).hasReview == false)
        let (forced, _) = try Self.load("title: T\nreview: true\nfields:\n  - {id: a, label: A}\n")
        let spec = FormSpec(try #require(forced))
        #expect(spec.review == true && RuntimeScript.modules(for: spec).contains("wizard") && !spec.hasJourney)
    }

    @Test(arguments: [
        ("unknown page", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X}]\n    next: [{when: x, condition: empty, goTo: bb}]\n  - id: b\n    fields: [{id: y, label: Y}]\n",
         ["configs/forms/f.yaml:5:46: error: branch goes to unknown page 'bb' (did you mean 'b'?)"]),
        ("backwards", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X}]\n  - id: b\n    fields: [{id: y, label: Y}]\n    next: [{when: y, condition: empty, goTo: a}]\n",
         ["configs/forms/f.yaml:7:46: error: branch goes back to page 'a' (page 1) from page 2; a journey only goes forward, so this would loop"]),
        ("to itself", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X}]\n    next: [{when: x, condition: empty, goTo: a}]\n  - id: b\n    fields: [{id: y, label: Y}]\n",
         ["configs/forms/f.yaml:5:46: error: branch goes back to page 'a' (page 1) from page 1; a journey only goes forward, so this would loop"]),
        ("unreachable exit", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X}]\n  - id: gone\n    exit: true\n    title: Gone\n",
         ["configs/forms/f.yaml:5:5: warning: exit page 'gone' is unreachable: no branch goes to it (give it an 'id' and add a 'next' branch with 'goTo' to a page before it)"]),
        ("exit page with fields", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X}]\n    next: [{when: x, condition: empty, goTo: e}]\n  - id: e\n    exit: true\n    fields: [{id: y, label: Y}]\n",
         ["configs/forms/f.yaml:8:13: error: exit page has fields; an exit page shows only its 'text'"]),
        ("unknown field", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X}]\n    next: [{when: xx, condition: empty, goTo: b}]\n  - id: b\n    fields: [{id: y, label: Y}]\n",
         ["configs/forms/f.yaml:5:12: error: branch tests unknown field 'xx' (did you mean 'x'?)"]),
        ("duplicate page id", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X}]\n  - id: a\n    fields: [{id: y, label: Y}]\n",
         ["configs/forms/f.yaml:5:5: error: duplicate page id 'a' (first used by page 1)"]),
        ("branch without goTo", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X}]\n    next: [{when: x, condition: empty}]\n  - id: b\n    fields: [{id: y, label: Y}]\n",
         ["configs/forms/f.yaml:5:12: error: branch is missing 'goTo' (a later page's id, or 'review')"]),
        ("branch value not an option", "title: T\npages:\n  - id: a\n    fields: [{id: x, label: X, type: radio, options: [Yes, No]}]\n    next: [{when: x, condition: equals, value: Maybe, goTo: b}]\n  - id: b\n    fields: [{id: y, label: Y}]\n",
         ["configs/forms/f.yaml:5:12: warning: rule value 'Maybe' is not an option of 'x', so it never matches (options: Yes, No)"]),
        ("first page an exit", "title: T\npages:\n  - id: e\n    exit: true\n    title: E\n  - id: a\n    fields: [{id: x, label: X}]\n",
         ["configs/forms/f.yaml:3:5: error: the first page is an exit page; a form must ask something before it ends"]),
    ] as [(String, String, [String])])
    func lints(_ name: String, _ config: String, _ expected: [String]) throws {
        let (_, diagnostics) = try Self.load(config)
        #expect(diagnostics == expected, "\(name)")
    }

    static func validator() throws -> FormValidator {
        let (loaded, _) = try load(form)
        return FormValidator(spec: FormSpec(try #require(loaded)))
    }

    @Test func anExitPageEndsTheJourneyAndLaterPagesAreNotDemanded() throws {
        let result = try Self.validator().validate(["has_pets": .string("No"), "pet_name": .string("Rex")])
        #expect(result.messages == ["no-pets": "You need a pet to use this form"])
        #expect(result.hidden == ["day", "pet_name"])
        #expect(result.data == ["has_pets": .string("No")])
    }

    @Test func aBranchSkipsAPageWhoseFieldsAreNeitherDemandedNorSent() throws {
        let result = try Self.validator().validate(["has_pets": .string("Yes"), "count": .string("7"), "pet_name": .string("Rex"), "day": .string("Monday")])
        #expect(result.isValid)
        #expect(result.hidden == ["pet_name"])
        #expect(result.data == ["has_pets": .string("Yes"), "count": .number(7), "day": .string("Monday")])
        let straight = try Self.validator().validate(["has_pets": .string("Yes"), "count": .string("2")])
        #expect(straight.messages == ["pet_name": "Enter pet name", "day": "Enter visit day"])
    }

    @Test func aPageWhoseEveryFieldIsHiddenIsSkippedWithItsDisplayFields() throws {
        let (loaded, _) = try Self.load("""
        title: T
        pages:
          - fields: [{id: a, label: A, type: yesno, required: true}]
          - fields: [{id: note, type: paragraph, text: About B}, {id: b, label: B, required: true}]
          - fields: [{id: c, label: C, required: true}]
        rules:
          - {when: a, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [b]}

        """)
        let spec = FormSpec(try #require(loaded))
        #expect(spec.hasJourney)
        let states = FieldStates(spec: spec, values: ["a": .string("No")])
        #expect(states.journey.path == [0, 2])
        #expect(states.hidden == ["b", "note"])
        #expect(FormValidator(spec: spec).validate(["a": .string("No")]).messages == ["c": "Enter c"])
        #expect(FieldStates(spec: spec, values: ["a": .string("Yes")]).journey.path == [0, 1, 2])
    }

    @Test func thePageCarriesTheJourneyForReadersWithoutJavaScript() throws {
        let (loaded, _) = try Self.load(Self.form)
        let theme = Theme.load(overrides: nil, log: DiagnosticLog())
        let html = PageRenderer(theme: theme, settings: SiteSettings()).renderForm(try #require(loaded))
        #expect(html.contains("<p class=\"fg-journey-note\" data-fg-note>This applies if you answered “No” to “Do you have pets?”:</p>"))
        #expect(html.contains("<p class=\"fg-journey-note\" data-fg-note>Skip this page if your answer to “How many?” is more than 5.</p>"))
        #expect(html.contains("<section class=\"fg-page fg-exit\" id=\"fg-page-1\""))
        #expect(html.contains("<div class=\"fg-exit-text\"><p>Try <a href=\"/pet-adoption/\">the adoption list</a> instead.</p>"))
        #expect(html.contains("<section id=\"fg-review\" class=\"fg-review\" aria-labelledby=\"fg-review-title\" data-change=\"Change\" data-not-answered=\"Not answered\" data-yes=\"Yes\" data-no=\"No\" hidden>"))
        #expect(!html.contains("data-hidden="), "no password, so the review never says Hidden")
        #expect(html.contains(">Check your answers</h2>"))
    }

    @Test func withoutJavaScriptOnlyFieldsEveryJourneyAsksAreNativelyRequired() throws {
        let html = try RenderTests.page("pet-adoption-journey")
        #expect(RenderTests.tag(withID: "f-full_name", in: html)?.contains(" required") == true, "every journey asks it")
        #expect(RenderTests.tag(withID: "f-pet_count", in: html) == #"<input class="fg-input fg-width-3" id="f-pet_count" name="pet_count" type="number" min="1" max="20" step="any">"#,
                "a branch can skip its page")
        #expect(RenderTests.tag(withID: "f-pet_kinds-0", in: html)?.contains(" required") == false)
        #expect(html.contains(#"<legend class="fg-label">Which pets do you have?</legend>"#), "required when asked: not marked optional")
        #expect(html.contains(#"<label class="fg-label" for="f-pet_count">How many pets do you have?</label>"#))
        let (loaded, _) = try Self.load("""
        title: Rules
        fields:
          - {id: more, label: Tell us more?, type: yesno, required: true}
          - {id: detail, label: Detail, required: true}
        rules:
          - {when: more, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [detail]}
        """)
        let page = PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(try #require(loaded))
        #expect(RenderTests.tag(withID: "f-detail", in: page) == #"<input class="fg-input" id="f-detail" name="detail">"#)
        #expect(RenderTests.tag(withID: "f-more-0", in: page)?.contains(" required") == true)
    }

    @Test(arguments: [("nl", "Controleer uw antwoorden", "Wijzigen"), ("de", "Überprüfen Sie Ihre Antworten", "Ändern")])
    func theReviewSpeaksThePagesLanguage(_ language: String, _ heading: String, _ change: String) throws {
        let (loaded, _) = try Self.load(Self.form + "lang: \(language)\n")
        let theme = Theme.load(overrides: nil, log: DiagnosticLog())
        let html = PageRenderer(theme: theme, settings: SiteSettings()).renderForm(try #require(loaded))
        #expect(html.contains(">\(heading)</h2>") && html.contains("data-change=\"\(change)\""))
    }

    @Test func theReferencePageDrawsTheJourneyInWords() throws {
        let (loaded, _) = try Self.load(Self.form)
        let html = Markdown.html(ReferenceWriter(form: try #require(loaded)).markdown())
        #expect(html.contains("Journey</h2>"))
        #expect(html.contains("""
        <ol>
        <li><em>Your pets</em>
        <ul>
        <li>after <em>Your pets</em>: if <em>Do you have pets?</em> is No → <em>You need a pet to use this form</em></li>
        <li>after <em>Your pets</em>: if <em>How many?</em> is greater than 5 → <em>Shelter visit</em></li>
        <li>otherwise → <em>Names</em></li>
        </ul>
        </li>
        <li><em>You need a pet to use this form</em> — an exit page: the journey ends here, without sending</li>
        <li><em>Names</em></li>
        <li><em>Shelter visit</em></li>
        <li><em>Check your answers</em>: every answer given on the way, then sending</li>
        </ol>
        """))
    }

    @Test func theSubmissionSchemaLeavesOutSkippedPagesAndRefusesExits() throws {
        let (loaded, _) = try Self.load(Self.form)
        let document = SubmissionSchema(form: try #require(loaded)).document()
        #expect(document["required"] == ["has_pets", "day"])
        guard case .array(let conditions)? = document["allOf"] else { Issue.record("no allOf"); return }
        let no: JSONValue = ["required": ["has_pets"], "properties": ["has_pets": ["const": "No"]]]
        let many: JSONValue = ["required": ["count"], "properties": ["count": ["exclusiveMinimum": 5]]]
        let manyFirst: JSONValue = ["allOf": [["not": no], many]]
        #expect(conditions.contains(["if": manyFirst, "then": ["not": ["required": ["pet_name"]]],
                                     "else": ["required": ["pet_name"], "errorMessage": ["required": ["pet_name": "Enter pet name"]]]]))
        #expect(conditions.contains(["if": no, "then": false]))
    }

    /// The journey graph every reader shares: ids to indexes (the first of a repeated id), `review` past the last page,
    /// unknown pages and backward branches never taken, exit pages passed over in order.
    @Test func theJourneyGraphResolvesEveryBranchOnce() {
        let graph = JourneyGraph(ids: ["start", nil, "pets", "stop", "pets", "end"], exits: [false, false, false, true, false, false],
                                 goTos: [["pets", "review", "nowhere"], ["start"], ["end"], [], [], []])
        #expect(graph.indexByID == ["start": 0, "pets": 2, "stop": 3, "end": 5])
        #expect(graph.targets[0] == [2, 6, nil])
        #expect(graph.forwardTarget(from: 0, branch: 0) == 2)
        #expect(graph.forwardTarget(from: 0, branch: 1) == 6)
        #expect(graph.forwardTarget(from: 0, branch: 2) == nil)
        #expect(graph.forwardTarget(from: 1, branch: 0) == nil)
        #expect(graph.following(2) == 4)
        #expect(graph.following(5) == 6)
    }
}
