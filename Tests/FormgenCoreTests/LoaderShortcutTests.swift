import Foundation
import FormgenRuntime
import FormgenTestSupport
import Testing
@testable import FormgenCore

/// The loader's shortcuts (issue #36: a one-form rebuild reads every config) give what the long way gives: each is
/// checked here against the work it skips.
@Suite struct LoaderShortcutTests {
    static let patterns = [#"^[A-Z0-9]{4,10}$"#, #"^\d{4} ?[A-Z]{2}$"#, "(a+)+$", "[", #"\1"#, "(?<=a+)b", #"^\p{L}+$"#, "(a|a)*", ""]

    @Test(arguments: patterns)
    func patternVerdictsAreTheChecksOwn(_ pattern: String) {
        let syntax = RegexSyntax.problem(in: pattern)
        let slow = syntax == nil ? SlowRegexCheck.problem(in: pattern) : nil
        for _ in 0..<2 {
            let verdict = PatternVerdicts.shared.verdict(on: pattern)
            #expect(verdict.syntax == syntax)
            #expect(verdict.slow == slow)
        }
    }

    @Test func sharedPatternsAreReportedInEveryForm() throws {
        let field = "    validation:\n      regex: {value: '(a+)+$', message: M}\n"
        let site = try TestSite([
            "configs/forms/a.yaml": "title: A\nfields:\n  - id: x\n    label: X\n" + field,
            "configs/forms/b.yaml": "title: B\nfields:\n  - id: y\n    label: Y\n" + field,
        ])
        let slow = try #require(SlowRegexCheck.problem(in: "(a+)+$"))
        let message = "error: slow regex '(a+)+$': \(slow); rewrite it, or set allowSlowRegex: true on the rule to accept the risk"
        #expect(site.load().diagnostics == ["configs/forms/a.yaml:6:22: \(message)", "configs/forms/b.yaml:6:22: \(message)"])
    }

    static let plainTexts = [
        "Letters and digits, **4 to 10** of them.", "A generated form for the build benchmark.", "_Wow._ ww.w ~~old~~",
        "# Heading\n\nText with `code` and a list\n\n- one\n- two\n", "Costs 5 € (VAT incl.), see § 3.", "",
    ]
    static let markupTexts = [
        "[a link](https://example.org)", "![an image](x.png)", "<https://example.org>", "see https://example.org",
        "see www.example.org", "see WWW.Example.org", "write to someone@example.org", "| a | b |\n|---|---|\n| 1 | 2 |",
        "a note[^1]\n\n[^1]: https://example.org", "[ref]\n\n[ref]: javascript:alert(1)", "<a href=\"x\">x</a>",
    ]

    @Test(arguments: plainTexts)
    func textsWithoutLinkCharactersHoldNoLinks(_ text: String) {
        #expect(!Markdown.mayHoldLinksOrTables(text))
        let rendered = Markdown.render(text)
        #expect(rendered.links.isEmpty)
        #expect(rendered.oversizedTable == nil)
    }

    @Test(arguments: markupTexts)
    func textsWithLinkCharactersAreParsed(_ text: String) {
        #expect(Markdown.mayHoldLinksOrTables(text))
    }

    @Test func unsafeLinksInHelpAreStillReported() throws {
        let site = try TestSite.form("f.yaml", "title: F\nfields:\n  - id: a\n    label: A\n    help: 'Plain **help**.'\n  - id: b\n    label: B\n    help: '[x](javascript:alert(1))'\n")
        #expect(site.load().diagnostics.contains { $0.hasPrefix("configs/forms/f.yaml:8:11: error: unsafe link \"javascript:alert(1)\" in 'help'") })
    }

    @Test(arguments: ["12", " 12 ", "\t7", "-3", "1.5", " ", "", "\u{00A0}42\u{2003}", "4 2", "x", "12\u{00A0}"])
    func numbersAreTrimmedAsFoundationTrims(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        #expect(ConfigNode.trimmed(text) == trimmed)
    }

    @Test(arguments: [("a", true), ("field_1", true), ("a-b_C9", true), ("Z", true), ("1a", false), ("_a", false), ("-a", false),
                      ("", false), ("é", false), ("aé", false), ("a b", false), ("a.b", false), ("ａ", false)])
    func fieldAndPageIDs(_ id: String, _ valid: Bool) {
        #expect(FieldReader.isValidID(id) == valid)
        #expect(NativeFormReader.isPageID(id) == valid)
    }

    @Test func aFormInItsOwnLanguageIsUnchanged() throws {
        let site = try TestSite.form("f.yaml", """
            title: F
            fields:
              - {id: a, label: A, help: H, placeholder: P, validation: {maxLength: {value: 3, message: M}}}
              - {id: b, label: B, type: radio, options: [X, Y], other: true}
              - {id: c, label: C, type: scale, min: 1, max: 5, minLabel: Low, maxLabel: High}
            """)
        let form = try #require(site.load().site.forms.first)
        #expect(form.translated(to: form.language) == form)
        let a = try #require(form.field("a"))
        #expect(a.translated(to: "en") == a)
    }

    @Test func translationsAreStillPicked() throws {
        let site = try TestSite.form("f.yaml", """
            title: {en: Form, de: Formular}
            languages: [en, de]
            fields:
              - {id: a, label: {en: Name, de: Name (de)}, validation: {maxLength: {value: 3, message: {en: Short, de: Kurz}}}}
              - {id: b, label: B, type: radio, options: [X, Y], other: true}
            """)
        let loaded = site.load().site
        let german = try #require(loaded.translations.first { $0.language == "de" })
        #expect(german.title == "Formular")
        #expect(german.field("a")?.label == "Name (de)")
        #expect(german.field("a")?.validations.first?.message == "Kurz")
        #expect(german.field("b")?.other?.label == Messages.builtin["de"]?["otherOption"])
    }

    @Test(arguments: [
        ("a: 1\nb: 2\nc: {d: 1, e: 2}\n", nil),
        ("a: 1\n[x]: 1\n[x]: 2\n", nil),
        ("k00: 0\n" + (1...40).map { "k\($0): \($0)\n" }.joined() + "k7: again\n", "f.yaml:8:1: error: duplicate key 'k7' in mapping"),
        ("x: {b: 1, a: 2, b: 3, a: 4}\n", "f.yaml:1:11: error: duplicate keys 'a', 'b' in mapping"),
    ] as [(String, String?)])
    func repeatedKeysInSmallAndLargeMappings(_ text: String, _ expected: String?) {
        let log = DiagnosticLog()
        let root = ConfigFile.parse(text: text, file: "f.yaml", log: log)
        #expect(log.diagnostics.map(\.description) == (expected.map { [$0] } ?? []))
        #expect((root == nil) == (expected != nil))
    }
}
