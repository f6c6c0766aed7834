import Foundation
import Testing
@testable import FormgenCore

/// The built-in language tables (`templates/i18n/*.json`): complete, with the plural forms each language needs.
@Suite struct MessagesTests {
    static let twelve = ["ar", "de", "en", "es", "fr", "he", "it", "nl", "pl", "pt", "tr", "uk"]
    /// The messages that speak of a number of things, each in the plural forms of its language.
    static let countedKeys: Set<String> = ["countCharsHint", "countCharsLeft", "countCharsOver", "countWordsHint", "countWordsLeft",
                                          "countWordsOver", "days", "fileCount", "hours", "maxAge", "maxItems", "maxLength",
                                          "maxWords", "minAge", "minItems", "minLength", "minutes", "searchResults", "tooLong"]

    @Test func formgenShipsTwelveLanguages() {
        #expect(Messages.languages == Self.twelve)
    }

    /// Every table has every key the English one has and no other; a plural key (`days.one`) counts as its base
    /// (`days`), since each language has its own categories.
    @Test(arguments: twelve) func everyTableHasEveryEnglishKeyAndNoExtra(language: String) {
        let english = Set(Messages.builtin["en"]!.keys.map(Messages.pluralBase))
        let own = Set(Messages.builtin[language]!.keys.map(Messages.pluralBase))
        #expect(english.subtracting(own).sorted() == [], "missing in \(language)")
        #expect(own.subtracting(english).sorted() == [], "extra in \(language)")
    }

    /// A plural key's base: the part before its last dot when what follows is a plural category; any other key is its own
    /// (ASCII keys are searched by bytes, others by characters, with the same answers).
    @Test(arguments: [("days.one", "days"), ("days.other", "days"), ("minLength.few", "minLength"), ("a.b.many", "a.b"),
                      ("days", "days"), ("days.", "days."), ("days.once", "days.once"), (".one", ""), ("one", "one"),
                      ("día.one", "día"), ("día.uno", "día.uno"), ("x.\u{301}one", "x.\u{301}one"), ("é", "é")])
    func pluralBaseDropsOnlyACategory(_ key: String, _ base: String) {
        #expect(Messages.pluralBase(key) == base)
    }

    /// Each counted phrase has exactly the language's plural categories, and the placeholders English uses.
    @Test(arguments: twelve) func pluralFormsAndPlaceholdersMatch(language: String) {
        let table = Messages.builtin[language]!
        let plurals = Set(table.keys.filter { $0 != Messages.pluralBase($0) }.map(Messages.pluralBase))
        #expect(plurals == Self.countedKeys)
        for base in plurals {
            let categories = table.keys.filter { Messages.pluralBase($0) == base && $0 != base }.map { String($0.dropFirst(base.count + 1)) }
            #expect(Set(categories) == Set(PluralRules.categories(for: language)), "\(language) \(base)")
        }
        // `{article}` is English grammar ("an image", "a PNG"): other languages need not use it.
        func placeholders(_ text: String) -> Set<String> {
            Set(text.matches(of: /\{[a-z]+\}/).map { String($0.output) }).subtracting(["{article}"])
        }
        for (key, text) in Messages.builtin["en"]! where Messages.pluralBase(key) == key {
            #expect(placeholders(table[key] ?? "") == placeholders(text), "\(language) \(key)")
        }
    }

    @Test func aLanguageTagFallsBackToItsPrimaryLanguageThenEnglish() {
        #expect(MessageTables.builtin.table(for: "nl-BE")["required"] == "Vul {label} in")
        #expect(MessageTables.builtin.table(for: "fr-BE")["required"] == "Saisissez {label}")
        #expect(MessageTables.builtin.table(for: "sv")["required"] == "Enter {label}")
        #expect(Messages.format("{label} must be {value} or more", ["label": "Age", "value": "18"]) == "Age must be 18 or more")
    }

    @Test(arguments: [
        ("{label} must be {value}", "Age must be {other}", "a label's own braces stay text: a value is never filled in again"),
        ("{{label}} {unknown} {}", "{Age} {unknown} {}", "unknown and empty placeholders stay as written"),
        ("Vul {label} in", "Vul Age in", "text around a placeholder is kept"),
        ("Entrez « {label} » : {value}", "Entrez « Age » : {other}", "non-ASCII text around placeholders"),
        ("{label", "{label", "an unclosed brace"),
        ("no placeholders", "no placeholders", "no braces at all"),
    ])
    func placeholdersAreFilledInOnePass(template: String, expected: String, why: String) {
        #expect(Messages.format(template, ["label": "Age", "value": "{other}", "other": "X"]) == expected, "\(why)")
    }

    @Test func pluralCategoriesFollowCLDR() {
        let cases: [(String, [Int], [String])] = [
            ("en", [0, 1, 2], ["other", "one", "other"]),
            ("fr", [0, 1, 2, 1_000_000], ["one", "one", "other", "many"]),
            ("pl", [1, 2, 5, 12, 22, 25], ["one", "few", "many", "many", "few", "many"]),
            ("uk", [1, 3, 11, 21, 24, 25], ["one", "few", "many", "one", "few", "many"]),
            ("ar", [0, 1, 2, 3, 11, 100, 101], ["zero", "one", "two", "few", "many", "other", "other"]),
            ("he", [1, 2, 3], ["one", "two", "other"]),
        ]
        for (language, numbers, expected) in cases {
            #expect(numbers.map { PluralRules.category($0, language: language) } == expected, "\(language)")
        }
        #expect(Messages.duration(seconds: 3 * 86_400, language: "pl") == "3 dni")
        #expect(Messages.duration(seconds: 2 * 3_600, language: "ar") == "ساعتان")
        #expect(Messages.duration(seconds: 22 * 3_600, language: "uk") == "22 години")
        #expect(Messages.pluralForm("tooLong", count: 3, language: "pl", in: MessageTables.builtin.table(for: "pl")) == "Ta odpowiedź może mieć najwyżej {value} znaki")
        #expect(Messages.pluralForm("tooLong", count: 10_000, language: "pl", in: MessageTables.builtin.table(for: "pl")) == "Ta odpowiedź może mieć najwyżej {value} znaków")
        #expect(MessageTables.builtin.runtimeTable(for: "he").keys.filter { $0.hasPrefix("tooLong") }.sorted() == ["tooLong.one", "tooLong.other", "tooLong.two"])
    }

    /// A site's `templates/i18n/<lang>.json` overrides keys of a built-in table and may add a language.
    @Test func aSiteOverridesKeysAndAddsALanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fg-i18n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("i18n"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"next": "Verder"}"#.utf8).write(to: folder.appendingPathComponent("i18n/nl.json"))
        try Data(#"{"next": "Nästa"}"#.utf8).write(to: folder.appendingPathComponent("i18n/sv.json"))
        try Data(#"["not", "a", "table"]"#.utf8).write(to: folder.appendingPathComponent("i18n/da.json"))
        let (tables, problems) = MessageTables.reading(templatesDirectory: folder.path)
        #expect(problems == ["\(folder.path)/i18n/da.json: expected a JSON object of message keys to texts"])
        #expect(tables.table(for: "nl")["next"] == "Verder")
        #expect(tables.table(for: "nl")["back"] == "Vorige")
        #expect(tables.table(for: "sv")["next"] == "Nästa")
        #expect(tables.table(for: "sv")["back"] == "Back")
        #expect(MessageTables.builtin.table(for: "nl")["next"] != "Verder", "the built-in tables are untouched")
        #expect(MessageTables.builtin.table(for: "sv")["next"] == "Next")
    }
}
