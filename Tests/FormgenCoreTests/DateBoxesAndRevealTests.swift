import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// GOV.UK's three-box date input (`dateStyle: boxes`) and conditional reveal: their HTML, spec, runtime module,
/// config checks and no-JS submissions.
@Suite struct DateBoxesAndRevealTests {
    static func form(_ yaml: String) throws -> (form: Form, diagnostics: [String]) {
        let loaded = try TestSite.form("f.yaml", yaml).load()
        return (try #require(loaded.site.allForms.first, "\(loaded.diagnostics)"), loaded.diagnostics)
    }

    static func html(_ form: Form) -> String {
        PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).renderForm(form)
    }

    static let dateForm = """
    id: f
    title: F
    lang: LANG
    fields:
      - {id: dob, label: Date of birth, type: date, dateStyle: boxes, required: true, default: "1990-03-07"}
      - {id: start, label: Start, type: date}
    """

    // MARK: dateStyle: boxes

    @Test func threeBoxesInAFieldsetWithLegendHintAndOneErrorSlot() throws {
        let form = try Self.form(Self.dateForm.replacingOccurrences(of: "LANG", with: "en")).form
        let html = Self.html(form)
        #expect(html.contains("""
            <div class="fg-field" id="fg-field-dob">
            <fieldset class="fg-choices" id="f-dob" role="group" aria-describedby="f-dob-hint">
            <legend class="fg-label">Date of birth</legend>
            <div class="fg-hint" id="f-dob-hint">For example, 27 3 2007</div>
            <p class="fg-error-message" id="f-dob-error" hidden></p>
            <div class="fg-date">
            <div><label for="f-dob-day">Day</label><input class="fg-input fg-date-day" id="f-dob-day" name="dob-day" data-fg-date="dob" inputmode="numeric" pattern="0?[1-9]|[12][0-9]|3[01]" maxlength="2" required autocomplete="bday-day" value="7"></div>
            <div><label for="f-dob-month">Month</label><input class="fg-input fg-date-month" id="f-dob-month" name="dob-month" data-fg-date="dob" inputmode="numeric" pattern="0?[1-9]|1[0-2]" maxlength="2" required autocomplete="bday-month" value="3"></div>
            <div><label for="f-dob-year">Year</label><input class="fg-input fg-date-year" id="f-dob-year" name="dob-year" data-fg-date="dob" inputmode="numeric" pattern="[0-9]{4}" maxlength="4" required autocomplete="bday-year" value="1990"></div>
            </div>
            </fieldset>
            </div>
            """))
        #expect(!html.contains(#"name="dob""#), "no control of the field's own name: the runtime composes the value")
        #expect(html.contains(#"<input class="fg-input fg-width-10" id="f-start" name="start" type="date">"#), "other dates keep the native input")
        #expect(FormSpec(form).fields.map(\.dateStyle) == ["boxes", nil])
        #expect(FormSpec(form).embeddableJSON().components(separatedBy: #""dateStyle":"boxes""#).count == 2, "in the page's spec, once")
    }

    @Test(arguments: [("nl-BE", "Dag", "Maand", "Jaar", "Bijvoorbeeld 27 3 2007"), ("de", "Tag", "Monat", "Jahr", "Zum Beispiel 27 3 2007")])
    func boxLabelsAndHintInThePagesLanguage(_ language: String, _ day: String, _ month: String, _ year: String, _ hint: String) throws {
        let html = Self.html(try Self.form(Self.dateForm.replacingOccurrences(of: "LANG", with: language)).form)
        for text in [">\(day)</label>", ">\(month)</label>", ">\(year)</label>", ">\(hint)</div>"] {
            #expect(html.contains(text), "\(text)")
        }
    }

    @Test func aFieldsOwnHelpReplacesTheExampleHint() throws {
        let form = try Self.form("title: F\nfields:\n  - {id: d, label: D, type: date, dateStyle: boxes, help: 'As on your *passport*'}\n").form
        #expect(Self.html(form).contains(#"<div class="fg-hint" id="f-d-hint">As on your <em>passport</em></div>"#))
    }

    @Test func theDateboxModuleShipsOnlyWithPagesThatUseBoxes() throws {
        let boxes = try Self.form(Self.dateForm.replacingOccurrences(of: "LANG", with: "en")).form
        let plain = try Self.form("title: F\ndrafts: false\nfields:\n  - {id: d, label: D, type: date}\n").form
        #expect(RuntimeScript.modules(for: FormSpec(boxes)).contains("datebox"))
        #expect(!RuntimeScript.modules(for: FormSpec(plain)).contains("datebox"))
        let runtime = RenderTests.theme.runtime
        let datebox = try #require(runtime.modules["datebox"]?.body).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(runtime.script(for: FormSpec(boxes))?.text.contains(datebox) == true)
        #expect(runtime.script(for: FormSpec(plain))?.text.contains(datebox) == false)
        #expect(try #require(ExampleSite.form("kyc/be")).field("birth_date")?.dateStyle == .boxes)
        for path in ["kyc/nl", "pet-adoption"] {
            #expect(!RuntimeScript.modules(for: FormSpec(try #require(ExampleSite.form(path)))).contains("datebox"), "\(path)")
        }
    }

    @Test func anUnknownDateStyleIsAnErrorAndBoxesOnAnotherTypeAWarning() throws {
        let site = try TestSite.form("f.yaml", "title: F\nfields:\n  - {id: d, label: D, type: date, dateStyle: box}\n  - {id: t, label: T, type: text, dateStyle: boxes}\n")
        #expect(site.load().diagnostics == [
            "configs/forms/f.yaml:3:46: error: unknown dateStyle 'box' (did you mean 'boxes'?)",
            "configs/forms/f.yaml:4:46: warning: 'dateStyle' applies only to date fields; 't' is a text field",
        ])
    }

    @Test func aFieldNamedLikeABoxIsAnError() throws {
        let site = try TestSite.form("f.yaml", "title: F\nfields:\n  - {id: d, label: D, type: date, dateStyle: boxes}\n  - {id: d-year, label: Year}\n")
        #expect(site.load().diagnostics == [
            "configs/forms/f.yaml:4:5: error: field id 'd-year' is the name of a box of the date 'd' (dateStyle: boxes); rename one",
        ])
    }

    @Test func aFormPostedWithoutJavaScriptGetsOneISODate() throws {
        let spec = FormSpec(try Self.form(Self.dateForm.replacingOccurrences(of: "LANG", with: "en")).form)
        func posted(_ body: String) throws -> [String: JSONValue] {
            try SubmissionBody.values(Data(body.utf8), encoding: .urlEncoded, spec: spec)
        }
        #expect(try posted("dob-day=7&dob-month=3&dob-year=1990&start=2020-01-01") == ["dob": .string("1990-03-07"), "start": .string("2020-01-01")])
        #expect(try posted("dob-day=27&dob-month=12&dob-year=2007") == ["dob": .string("2007-12-27")])
        #expect(try posted("dob-day=&dob-month=&dob-year=") == ["dob": .string("")])
        #expect(try posted("dob-day=x&dob-month=3&dob-year=90") == ["dob": .string("90-3-x")], "left for the date check to reject")
        #expect(try posted("start=2020-01-01") == ["start": .string("2020-01-01")])
        let result = FormValidator(spec: spec).validate(try posted("dob-day=31&dob-month=2&dob-year=1990"))
        #expect(result.errors.map(\.field) == ["dob"])
    }

    // MARK: Conditional reveal

    static let revealForm = """
    title: F
    fields:
      - {id: contact, label: How?, type: radio, options: [Email, Phone]}
      - {id: email, label: Email, type: email}
      - {id: phone, label: Phone, type: tel, required: true}
      - {id: pets, label: Pets?, type: yesno}
      - {id: kinds, label: Which?, type: text}
      - {id: notes, label: Notes, type: text}
    rules:
      - {when: contact, condition: equals, value: Phone, action: show, otherwise: hide, targets: [phone]}
      - {when: pets, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [kinds, notes]}
      - {when: contact, condition: equals, value: Email, action: require, otherwise: unrequire, targets: [notes]}
    """

    @Test func aRuleThatOnlyShowsItsTargetsForOneOptionRevealsThemUnderIt() throws {
        let form = try Self.form(Self.revealForm).form
        #expect(FormSpec(form).reveals == ["contact": ["Phone": ["phone"]]], "notes has a second rule, so pets reveals nothing")
        let html = Self.html(form)
        #expect(html.contains("""
            <div class="fg-choice"><input class="fg-choice-input" id="f-contact-0" name="contact" type="radio" value="Email"><label class="fg-choice-label" for="f-contact-0">Email</label></div>
            <div class="fg-choice"><input class="fg-choice-input" id="f-contact-1" name="contact" type="radio" value="Phone" aria-controls="fg-reveal-contact-1"><label class="fg-choice-label" for="f-contact-1">Phone</label></div>
            <div class="fg-reveal" id="fg-reveal-contact-1">
            """))
        let reveal = try #require(html.range(of: #"<div class="fg-reveal" id="fg-reveal-contact-1">"#))
        let phone = try #require(html.range(of: #"<div class="fg-field" id="fg-field-phone">"#))
        let email = try #require(html.range(of: #"id="fg-field-email""#))
        #expect(reveal.upperBound <= phone.lowerBound && phone.lowerBound < email.lowerBound, "the phone field sits in the reveal, before the email field")
        #expect(html.components(separatedBy: #"id="fg-field-phone""#).count == 2, "drawn once")
        #expect(html.contains(#"<input class="fg-input" id="f-phone" name="phone" type="tel" autocomplete="tel" spellcheck="false">"#),
                "required only when shown: no native required, which would demand it of a page without JavaScript when Email is chosen")
        #expect(FormSpec(form).rules.count == 3, "the rules still decide what is hidden and required")
        #expect(html.contains(#"<div class="fg-choice-list fg-inline">"#), "pets, with no reveal, stays inline")
    }

    @Test func aYesNoWithARevealIsNotInline() throws {
        let form = try Self.form("""
        title: F
        fields:
          - {id: pets, label: Pets?, type: yesno}
          - {id: kinds, label: Which?, type: text}
        rules:
          - {when: pets, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [kinds]}
        """).form
        let html = Self.html(form)
        #expect(html.contains(#"<div class="fg-choice-list">"#))
        #expect(html.contains(#"aria-controls="fg-reveal-pets-0""#))
    }

    @Test(arguments: [
        ("a select", "{id: contact, label: How?, type: select, options: [Email, Phone]}", "{when: contact, condition: equals, value: Phone, action: show, otherwise: hide, targets: [phone]}"),
        ("no otherwise", "{id: contact, label: How?, type: radio, options: [Email, Phone]}", "{when: contact, condition: equals, value: Phone, action: show, targets: [phone]}"),
        ("notEquals", "{id: contact, label: How?, type: radio, options: [Email, Phone]}", "{when: contact, condition: notEquals, value: Email, action: show, otherwise: hide, targets: [phone]}"),
        ("hide", "{id: contact, label: How?, type: radio, options: [Email, Phone]}", "{when: contact, condition: equals, value: Phone, action: hide, otherwise: show, targets: [phone]}"),
        ("a value no option has", "{id: contact, label: How?, type: radio, options: [Email, Phone]}", "{when: contact, condition: equals, value: Post, action: show, otherwise: hide, targets: [phone]}"),
    ])
    func otherRulesKeepTheirTargetsInPlace(_ name: String, _ field: String, _ rule: String) throws {
        let (form, _) = try Self.form("title: F\nfields:\n  - \(field)\n  - {id: phone, label: Phone, type: tel}\nrules:\n  - \(rule)\n")
        #expect(FormSpec(form).reveals.isEmpty, "\(name)")
        #expect(!Self.html(form).contains("fg-reveal-"), "\(name)")
    }

    @Test func aTargetOnAnotherPageStaysOnItsPage() throws {
        let (form, _) = try Self.form("""
        title: F
        pages:
          - {title: One, fields: [{id: contact, label: How?, type: radio, options: [Email, Phone]}]}
          - {title: Two, fields: [{id: phone, label: Phone, type: tel}]}
        rules:
          - {when: contact, condition: equals, value: Phone, action: show, otherwise: hide, targets: [phone]}
        """)
        #expect(FormSpec(form).reveals.isEmpty)
    }

    @Test func theExamplesYardQuestionIsRevealedUnderYes() throws {
        let pets = try #require(ExampleSite.form("pet-adoption"))
        #expect(FormSpec(pets).reveals == ["yesno_1": ["Yes": ["text_3"]]])
        let registration = try #require(ExampleSite.form("registration"))
        #expect(FormSpec(registration).reveals == ["has_pets": ["Yes": ["pet_kinds", "pet_notes"]]])
    }
}
