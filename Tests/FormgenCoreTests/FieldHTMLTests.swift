import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Fields written in Swift (``FieldView/html(into:src:choose:reveal:)``) are byte for byte what the built-in field
/// partials write from the field's context: for every field kind, the example site's forms and the test fixtures' forms;
/// a site that overrides one of those templates gets its own template's output.
@Suite struct FieldHTMLTests {
    /// Every field kind, with what changes its HTML: help, counts, masks, limits, defaults, read-only and prefilled
    /// fields, uploads, images, reveals, a field a rule may hide, and text that needs escaping.
    static let everyKind = """
    id: kinds
    title: Every kind
    lang: LANG
    fields:
      - {id: name, label: "Name & <title>", required: true, help: "Your *full* name, as on \\"your\\" passport", placeholder: "Ann O'Neil", default: "x<y>"}
      - {id: age, label: Age, type: number, validation: {minValue: 18, maxValue: 120}}
      - {id: price, label: Price, type: number}
      - {id: email, label: Email, type: email, required: true, autocomplete: email}
      - {id: phone, label: Phone, type: tel, mask: "####-###-####", keyboard: numeric}
      - {id: code, label: Code, type: formattednumeric, mask: "AA-####"}
      - {id: secret, label: Password, type: password, validation: {minLength: 8, regex: "^[a-z]+$"}}
      - {id: born, label: Born, type: date, validation: {minDate: "1900-01-01", maxDate: today}}
      - {id: dob, label: Date of birth, type: date, dateStyle: boxes, required: true, default: "1990-03-07"}
      - {id: since, label: Since, type: date, dateStyle: boxes, help: "Roughly"}
      - {id: filled, label: Filled, type: date, readOnly: true}
      - {id: notes, label: Notes, type: textarea, default: "a & b", validation: {maxLength: 500, maxWords: 80}}
      - {id: summary, label: Summary, type: text, validation: {maxWords: 20}}
      - {id: short, label: Short, type: text, validation: {maxLength: 4}}
      - id: country
        label: Country
        type: select
        default: BE
        options:
          - {value: AT, label: Austria, synonyms: [Österreich]}
          - {value: BE, label: Belgium, synonyms: [België, Belgique]}
          - {value: "x\\"y", label: "<Other>"}
      - {id: colour, label: Colour, type: radio, options: [Red, Blue, Green], default: Blue, required: true}
      - id: pets
        label: Pets
        type: checkbox
        required: true
        help: Tick all that apply
        options:
          - {value: cat, label: Cat}
          - {value: none, label: None of these, exclusive: true}
      - {id: agree, label: I agree, type: checkbox, required: true, default: "yes", help: "The *terms*"}
      - {id: news, label: Newsletter, type: checkbox}
      - {id: married, label: Married?, type: yesno, required: true}
      - {id: reveal_me, label: Which?, type: radio, options: [One, Two]}
      - {id: revealed, label: Revealed, type: text, required: true}
      - {id: also_revealed, label: Also revealed, type: yesno}
      - {id: hidden_by_rule, label: Sometimes, type: text, required: true}
      - {id: photo, label: Photo, type: file, help: A PNG, accept: [image/png, .jpg], maxSize: 5MB, multiple: true, maxFiles: 3}
      - {id: doc, label: Document, type: file}
      - {id: intro, type: paragraph, text: "Some **bold** text & more"}
      - {id: picture, type: image, label: "A <picture>", src: "https://example.org/a.png"}
      - id: service
        label: Rate our service
        type: grid
        required: true
        help: One per row
        rows: [{id: speed, label: Speed}, {id: staff, label: "Staff & co"}]
        columns: [{value: good, label: Good}, {value: poor, label: Poor}]
      - {id: likes, label: Likes, type: grid, multiple: true, rows: [Hours, Parking], columns: [Yes, No]}
      - {id: nps, label: Recommend?, type: scale, min: 0, max: 10, minLabel: Not likely, maxLabel: Very likely, required: true, help: Pick one}
      - {id: plain_scale, label: Plain, type: scale, min: 1, max: 5}
    rules:
      - {when: reveal_me, condition: equals, value: Two, action: show, otherwise: hide, targets: [revealed, also_revealed]}
      - {when: married, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [hidden_by_rule, news]}
    """

    /// The page of `form` through both paths: fields written in Swift, and every field's context through the templates.
    static func bothPaths(_ form: Form, theme: Theme = RenderTests.theme, settings: SiteSettings = SiteSettings()) -> (swift: String, templates: String) {
        let swift = PageRenderer(theme: theme, settings: settings, fieldsInSwift: true)
        let templates = PageRenderer(theme: theme, settings: settings, fieldsInSwift: false)
        #expect(swift.fieldsInSwift && !templates.fieldsInSwift)
        return (swift.renderForm(form), templates.renderForm(form))
    }

    /// Where two pages first differ, with a little of each around it.
    static func firstDifference(_ one: String, _ other: String) -> String {
        let a = Array(one.utf8), b = Array(other.utf8)
        guard let index = a.indices.first(where: { $0 >= b.count || a[$0] != b[$0] }) ?? (a.count == b.count ? nil : a.count) else { return "same" }
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 120)..<min(bytes.count, index + 120)], as: UTF8.self)
        }
        return "at byte \(index):\n--- Swift:\n\(around(a))\n--- templates:\n\(around(b))"
    }

    @Test(arguments: ["en", "ar", "nl-BE"])
    func everyFieldKindIsWrittenAsTheTemplatesWriteIt(_ language: String) throws {
        let loaded = try TestSite.form("kinds.yaml", Self.everyKind.replacingOccurrences(of: "LANG", with: language)).load()
        let form = try #require(loaded.site.allForms.first, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.allSatisfy { !$0.contains("error") }, "\(loaded.diagnostics)")
        #expect(Set(form.allFields.map(\.type)) == Set(FieldType.allCases), "the form has a field of every type")
        let (swift, templates) = Self.bothPaths(form)
        let (revealed, escaped, same) = (swift.contains(#"<div class="fg-reveal" id="fg-reveal-reveal_me-1">"#),
                                         swift.contains("Name &amp; &lt;title&gt;"), swift == templates)
        #expect(revealed)
        #expect(escaped)
        #expect(same, "\(Self.firstDifference(swift, templates))")
    }

    /// The example site's and the fixture forms' pages (every one, translations and country forms too).
    @Test func exampleAndFixtureFormsAreWrittenAsTheTemplatesWriteThem() throws {
        let builder = SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil))
        let (site, theme) = try builder.loadAndCheck()
        var forms = site.allForms
        for yaml in [ChoiceTests.choices.replacingOccurrences(of: "LANG", with: "en"), GridAndScaleTests.survey,
                     DateBoxesAndRevealTests.revealForm, DateBoxesAndRevealTests.dateForm.replacingOccurrences(of: "LANG", with: "fr")] {
            forms.append(try #require(try TestSite.form("f.yaml", yaml).load().site.allForms.first))
        }
        #expect(forms.count > 20)
        for form in forms {
            let (swift, templates) = Self.bothPaths(form, theme: theme, settings: site.settings)
            let same = swift == templates
            #expect(same, "\(form.path): \(Self.firstDifference(swift, templates))")
        }
    }

    /// The built-in theme writes fields in Swift; a theme whose templates render only through swift-mustache does not.
    @Test func onlyTheBuiltInFieldTemplatesAreWrittenInSwift() {
        #expect(RenderTests.theme.rendersFieldsInSwift)
        #expect(!RenderTests.theme.renderingThroughSwiftMustache.rendersFieldsInSwift)
        #expect(PageRenderer(theme: RenderTests.theme, settings: SiteSettings()).fieldsInSwift)
    }

    /// A site overriding any template a field is drawn with gets that template's output, through the compiled path.
    @Test(arguments: ["field", "choices", "grid", "scale", "date-boxes", "checkbox", "attributes", "items"])
    func aSiteOverridingAFieldPartialGetsItsTemplate(_ partial: String) throws {
        let builtin = try String(contentsOf: BuiltinTemplatesDirectory.partial(partial), encoding: .utf8)
        let own = "<!-- own \(partial) -->" + builtin
        let site = try TestSite(["templates/partials/\(partial).mustache": own])
        let theme = Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: DiagnosticLog())
        #expect(theme.compiled != nil)
        #expect(!theme.rendersFieldsInSwift)
        let form = try #require(try TestSite.form("kinds.yaml", Self.everyKind.replacingOccurrences(of: "LANG", with: "en")).load().site.allForms.first)
        let renderer = PageRenderer(theme: theme, settings: SiteSettings())
        #expect(!renderer.fieldsInSwift)
        let html = renderer.renderForm(form)
        let throughMustache = PageRenderer(theme: theme.renderingThroughSwiftMustache, settings: SiteSettings()).renderForm(form)
        let (hasOwn, same) = (html.contains("<!-- own \(partial) -->"), html == throughMustache)
        #expect(hasOwn)
        #expect(same, "\(Self.firstDifference(html, throughMustache))")
    }

    /// A site's own base layout that indents the page's main block: every line of the fields indented, as the templates
    /// indent them; a base that does not indent keeps fields written in Swift.
    @Test func anIndentedBaseLayoutRendersFieldsThroughTheTemplates() throws {
        let base = try String(contentsOf: BuiltinTemplatesDirectory.layout("base"), encoding: .utf8)
        let indented = base.replacingOccurrences(of: "\n{{$main}}{{/main}}\n", with: "\n  {{$main}}{{/main}}\n")
        #expect(indented != base)
        let form = try #require(try TestSite.form("kinds.yaml", Self.everyKind.replacingOccurrences(of: "LANG", with: "en")).load().site.allForms.first)
        for (text, inSwift) in [(indented, false), ("<!-- own base -->\n" + base, true)] {
            let site = try TestSite(["templates/layouts/base.mustache": text])
            let theme = Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: DiagnosticLog())
            #expect(theme.rendersFieldsInSwift == inSwift)
            let html = PageRenderer(theme: theme, settings: SiteSettings()).renderForm(form)
            let throughMustache = PageRenderer(theme: theme.renderingThroughSwiftMustache, settings: SiteSettings()).renderForm(form)
            let (same, indented) = (html == throughMustache, html.contains("\n  <div class=\"fg-field\" id=\"fg-field-name\">"))
            #expect(same, "\(Self.firstDifference(html, throughMustache))")
            #expect(indented == !inSwift)
        }
    }
}

/// The built-in templates' files, in the repository.
enum BuiltinTemplatesDirectory {
    static func partial(_ name: String) -> URL {
        URL(fileURLWithPath: Repository.templates).appendingPathComponent("partials/\(name).mustache")
    }

    static func layout(_ name: String) -> URL {
        URL(fileURLWithPath: Repository.templates).appendingPathComponent("layouts/\(name).mustache")
    }
}
