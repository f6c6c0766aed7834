import Foundation
@testable import FormgenCore
import Testing

/// Code and texts a page carries only when its form needs them (the manual, configs/manual/docs/validation.md, "Page weight").
@Suite struct PageWeightTests {
    static let runtime = RenderTests.theme.runtime

    static func embeddedSpec(_ path: String) throws -> FormSpec {
        let spec = FormSpec(try #require(ExampleSite.form(path)))
        return spec.embedded(with: runtime.script(for: spec))
    }

    /// The Retry button (`retry.js` and the `retry` text) joins the pages whose requests can fail: data sources or
    /// an action; a form without either carries neither.
    @Test func retryJoinsOnlyPagesWithDataSourcesOrAnAction() throws {
        let retry = try #require(Self.runtime.modules["retry"]?.body)
        for path in ["pet-adoption", "kyc/be", "registration", "household"] {
            let spec = FormSpec(try #require(ExampleSite.form(path)))
            #expect(spec.dataSources.isEmpty && spec.submit.action == nil, "\(path)")
            #expect(!(Self.runtime.script(for: spec)?.text.contains(retry) ?? true), "\(path)")
            #expect(try Self.embeddedSpec(path).messages["retry"] == nil, "\(path)")
        }
        for path in ["login", "kyc/nl"] {
            let spec = FormSpec(try #require(ExampleSite.form(path)))
            #expect(Self.runtime.script(for: spec)?.text.contains(retry) == true, "\(path)")
            #expect(try Self.embeddedSpec(path).messages["retry"] != nil, "\(path)")
        }
    }

    /// `tooFast` (read by send.js and the sink) is embedded only when the form sets `minSeconds`.
    @Test func tooFastOnlyWithMinSeconds() throws {
        let form = try #require(ExampleSite.form("login"))
        let spec = FormSpec(form)
        #expect(spec.submit.minSeconds == nil && spec.embedded(with: Self.runtime.script(for: spec)).messages["tooFast"] == nil)
        var timed = spec
        timed.submit.minSeconds = 3
        #expect(timed.embedded(with: Self.runtime.script(for: timed)).messages["tooFast"] == spec.messages["tooFast"])
        #expect(spec.messages["tooFast"] != nil)
    }

    /// `globalThis.Formgen` (expose.js) only on the pages `formgen serve` previews; the rules' conditions only for
    /// forms with rules.
    @Test func theConsoleObjectOnlyInThePreviewAndConditionsOnlyWithRules() throws {
        let expose = try #require(Self.runtime.modules["expose"]?.body)
        let conditions = try #require(Self.runtime.modules["conditions"]?.body)
        for path in ["login", "kyc/be", "pet-adoption"] {
            let spec = FormSpec(try #require(ExampleSite.form(path)))
            let built = try #require(Self.runtime.script(for: spec)).text
            let previewed = try #require(Self.runtime.script(for: spec, exposing: true)).text
            #expect(!built.contains("globalThis") && !built.contains(expose), "\(path)")
            #expect(previewed.contains(expose) && previewed.contains("globalThis.Formgen="), "\(path)")
            #expect(built.contains(conditions) == !spec.rules.isEmpty, "\(path)")
        }
        let form = try #require(ExampleSite.form("login"))
        var renderer = PageRenderer(theme: RenderTests.theme, settings: ExampleSite.loaded.site.settings)
        #expect(!renderer.renderForm(form).contains("globalThis"))
        renderer.preview = PreviewMode(sinkPrefix: "/_formgen/submit/", script: "reload()")
        #expect(renderer.renderForm(form).contains("globalThis.Formgen="))
    }

    /// A count's texts in characters only when a field counts characters, in words only when one counts words:
    /// registration's textarea counts words (`maxWords` wins over its `maxLength`).
    @Test func countTextsOnlyForWhatTheFieldsCount() throws {
        let registration = try Self.embeddedSpec("registration")
        #expect(registration.messages["countWordsLeft.other"] != nil && registration.messages["countWordsOver.one"] != nil)
        #expect(!registration.messages.keys.contains { $0.hasPrefix("countChars") })
        let spec = FormSpec(try #require(ExampleSite.form("registration")))
        var chars = spec
        chars.fields = chars.fields.map { field in
            var field = field
            field.validations.removeAll { $0.rule == "maxWords" }
            return field
        }
        let embedded = chars.embedded(with: Self.runtime.script(for: chars))
        #expect(embedded.messages["countCharsLeft.other"] == spec.messages["countCharsLeft.other"] && embedded.messages["countCharsOver.other"] != nil)
        #expect(!embedded.messages.keys.contains { $0.hasPrefix("countWords") })
        // kyc/be counts nothing: no count texts at all.
        #expect(!(try Self.embeddedSpec("kyc/be")).messages.keys.contains { $0.hasPrefix("count") })
    }

    /// The success message stays in the embedded spec without an action too: `formgen collect` answers every form of the
    /// site it serves with it, whatever the page's action.
    @Test func theSuccessMessageStaysWithoutAnAction() throws {
        let spec = FormSpec(try #require(ExampleSite.form("registration")))
        #expect(spec.submit.action == nil && spec.submit.successMessage == "Thank you, your account has been created.")
        #expect(try Self.embeddedSpec("registration").submit.successMessage == spec.submit.successMessage)
    }

    /// Only an exit page's title is in the embedded spec (the error a journey ending there shows); the wizard reads the
    /// others' headings from the page.
    @Test func onlyExitPagesKeepTheirTitleInTheSpec() throws {
        let registration = try Self.embeddedSpec("registration")
        #expect(registration.pages.count == 3 && registration.pages.allSatisfy { $0.title == nil })
        let journey = FormSpec(try #require(ExampleSite.form("pet-adoption-journey")))
        let embedded = journey.embedded(with: Self.runtime.script(for: journey))
        #expect(journey.pages.contains { $0.exit == true && $0.title != nil })
        for (page, full) in zip(embedded.pages, journey.pages) {
            #expect(page.title == (full.exit == true ? full.title : nil))
        }
    }

    /// Display-only fields (registration's paragraph and image) are not in the embedded spec, neither in its fields nor
    /// in its pages; its answers validate alike.
    @Test func displayOnlyFieldsAreLeftOutOfTheEmbeddedSpec() throws {
        let full = FormSpec(try #require(ExampleSite.form("registration")))
        #expect(full.fields.contains { $0.id == "intro" && $0.isDisplayOnly } && full.fields.contains { $0.id == "logo" && $0.isDisplayOnly })
        let embedded = try Self.embeddedSpec("registration")
        #expect(embedded.fields.map(\.id) == full.fields.filter { !$0.isDisplayOnly }.map(\.id))
        #expect(embedded.pages[2].fields == ["has_pets", "pet_kinds", "pet_notes", "photo", "newsletter", "terms"])
        #expect(full.review == true && embedded.review == nil)
        let answers: [String: JSONValue] = ["full_name": .string("Ann 2"), "has_pets": .string("Yes"), "pet_notes": .string("Two cats")]
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let errors = FormValidator(spec: embedded, now: now).validate(answers).errors
        #expect(!errors.isEmpty && errors == FormValidator(spec: full, now: now).validate(answers).errors)
    }

    /// A field that is not required and that no rule can require carries no `required` message in the spec.
    @Test func onlyFieldsThatCanBeRequiredCarryTheirRequiredMessage() throws {
        let pets = FormSpec(try #require(ExampleSite.form("pet-adoption")))
        let byId = Dictionary(uniqueKeysWithValues: pets.fields.map { ($0.id, $0) })
        #expect(byId["text_4"]?.required == false && byId["text_4"]?.messages == nil)
        #expect(byId["text_5"]?.messages?["required"] == "Enter please provide the name of a personal reference")
        let registration = FormSpec(try #require(ExampleSite.form("registration")))
        let phone = try #require(registration.fields.first { $0.id == "phone" })
        #expect(!phone.required && phone.messages?["required"] != nil, "a rule requires it")
        #expect(registration.fields.first { $0.id == "pet_notes" }.map { !$0.required && $0.messages?["required"] == nil } == true)
        // pet-adoption's phone has the mask as its own and as a rule (Lumiform): the rule, which cannot fail, is left out.
        #expect(byId["formattednumeric_1"]?.mask == "####-###-####" && byId["formattednumeric_1"]?.validations.isEmpty == true)
    }
}
