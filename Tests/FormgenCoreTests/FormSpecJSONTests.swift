import Foundation
import Testing
@testable import FormgenCore

/// The spec writer writes what `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) writes from the spec's
/// `Encodable` conformance, and makes it safe inside a `<script>` element when asked.
@Suite struct FormSpecJSONTests {
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func written(_ value: JSONValue, scriptSafe: Bool = false) -> String {
        var writer = CompactJSONWriter(scriptSafe: scriptSafe)
        writer.value(value)
        return writer.text
    }

    static let sample: JSONValue = [
        "text": "a/b \"q\" \\ \u{1}\u{8}\u{c}\n\r\t\u{1f} é \u{7f} \u{2028} \u{2029} \u{2026} <b>&",
        "numbers": .array([0, 1, -12, 0.1, 1.5, 1e21, 1e-7, 123_456_789_012, 0.30000000000000004, -0.0, 1e15, 2e15 + 1].map(JSONValue.number)),
        "flags": [true, false, .null],
        "keys": ["b": 1, "B": 2, "a10": 3, "a9": 4, "_x": 5, "é": 6, "tooLong.one": 7, "tooLong": 8],
        "empty": ["list": [], "object": .object([:]), "nested": [[1], []]],
    ]

    @Test func valuesAreWrittenAsJSONEncoderWritesThem() throws {
        #expect(Self.written(Self.sample) == (try Self.foundation(Self.sample)))
        #expect(Self.written(.object([:])) == "{}")
    }

    @Test func scriptSafeTextCannotCloseItsScriptElement() {
        let json = Self.written(["</script><!--": "a & b\u{2028}\u{2029}> \u{2026}"], scriptSafe: true)
        #expect(json == #"{"\u003c/script\u003e\u003c!--":"a \u0026 b\u2028\u2029\u003e …"}"#)
    }

    @Test func everyExampleFormSpecIsWrittenAsJSONEncoderWritesIt() throws {
        let (site, _) = try SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil)).loadAndCheck()
        #expect(site.allForms.count > 10)
        for form in site.allForms {
            let spec = FormSpec(form)
            #expect(spec.json(scriptSafe: false) == (try Self.foundation(spec)), "\(form.path)")
        }
    }

    /// Every optional member present, so that each one's key is written in its sorted place.
    @Test func aSpecWithEveryMemberIsWrittenAsJSONEncoderWritesIt() throws {
        let (site, _) = try SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil)).loadAndCheck()
        var spec = FormSpec(try #require(site.allForms.first))
        spec.review = true
        spec.pages[0].exit = true
        spec.pages[0].id = "start"
        spec.pages[0].title = "Start"
        spec.pages[0].next = [.init(field: "a", condition: "equals", values: ["x", "y"], goTo: "review")]
        var item = try #require(spec.fields.first)
        item.fields = nil
        var field = item
        field.dataSource = "people"
        field.dateStyle = "boxes"
        field.mask = "##-##"
        field.messages = ["required": "Enter it", "mask": "Like 12-34"]
        field.options = [FieldOption(value: "a", label: "A"), FieldOption(value: "b", label: "Bee")]
        field.optionsFrom = .init(dataSource: "list", valueKey: "code", labelKey: "name",
                                  dropIf: DropRule(key: "state", values: [.null, true, 2, .number(2.5), "closed", ["nested": [1]]]))
        field.readOnly = true
        field.repeat = .init(min: 1, max: 4, itemLabel: "Child {n}", addLabel: "Add", removeLabel: "Remove", added: "{item} added", removed: "{item} removed")
        field.required = true
        field.rules = [.init(field: "a", condition: "equals", values: ["1"], action: "show", otherwise: "hide", targets: ["b"])]
        field.sensitive = true
        field.upload = .init(accept: ["image/*", ".pdf"], maxSize: 1_000_000, multiple: true, maxFiles: 3)
        field.rows = [FieldOption(value: "speed", label: "Speed"), FieldOption(value: "staff", label: "Staff")]
        field.multiple = true
        field.scale = .init(min: 0, max: 10, minLabel: "Not likely", maxLabel: "Very likely")
        field.validations = [.init(rule: "minLength", value: .number(2), message: "Too short"), .init(rule: "regex", value: .string("^a$"), message: nil),
                             .init(rule: "minValue", value: .number(0.5), message: "Small"), .init(rule: "email", value: nil, message: "Email")]
        field.fields = [item]
        spec.fields = [field]
        spec.rules = [.init(field: "a", condition: "equals", values: ["1"], action: "show", otherwise: nil, targets: ["b"])]
        spec.submit = .init(action: "/send", method: "post", encoding: "json", successMessage: "Thanks", redirect: "/done", sentPage: "/sent/",
                            label: "Send", enableWhen: "complete", messages: ["401": "Sign in"], kind: "login", provider: "formspree",
                            extra: ["_subject": "Hi"], replyTo: "email", honeypot: "website", minSeconds: 3, retention: 7_776_000)
        spec.submit.credentials = "include"
        spec.dataSources = [.init(id: "me", endpoint: "/api/me", fields: ["a"], credentials: "include")]
        spec.session = SessionSpec(check: .init(endpoint: "/api/me", credentials: "include"), else: "/login/",
                                   logout: .init(endpoint: "/api/logout", credentials: "same-origin", goTo: "/login/"))
        #expect(spec.json(scriptSafe: false) == (try Self.foundation(spec)))
    }

    @Test func aNumberJSONCannotWriteLeavesAnEmptySpec() throws {
        let (site, _) = try SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil)).loadAndCheck()
        var spec = FormSpec(try #require(site.allForms.first))
        spec.fields[0].validations = [.init(rule: "minValue", value: .number(.infinity), message: nil)]
        #expect(throws: EncodingError.self) { try Self.foundation(spec) }
        #expect(spec.embeddableJSON() == "{}")
    }
}
