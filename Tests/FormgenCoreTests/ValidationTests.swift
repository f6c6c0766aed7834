import Foundation
import Testing
@testable import FormgenCore

@Suite("Regex dialect shared by the browser and Swift")
struct RegexTranslationTests {
    @Test(arguments: [
        "^\\d{9}$", "^[^0-9]+$", "\\bcat\\b", "^a.b$", "^\\p{L}+$", "^(?:\\+31|0)6\\d{8}$", "(?=.*\\d)(?=.*[a-z])",
        "^(?<year>\\d{4})$", "^[\\d-]+$", "^\\x41\\u0042$", "^[\\u00C0-\\u017F]+$", "\\++", "^a+?$", "^\\d{2,}$",
        "^\\p{Script=Latin}+$", "(?<=a)b", "(?<!a)b", "^[-a]$", "[a\\-z]", "^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/\\^\\$\\\\$",
    ])
    func acceptsTheSharedDialect(pattern: String) {
        #expect(RegexSyntax.problem(in: pattern) == nil)
        #expect(RegexSyntax.icuPattern(pattern) != nil)
    }

    @Test(arguments: [
        ("(?>a)", "atomic groups"), ("(?#note)a", "comments"), ("(?i)abc", "inline flags"), ("(?m)^a", "inline flags"),
        ("\\Aabc", "\\A"), ("abc\\Z", "\\Z"), ("abc\\z", "\\z"), ("\\Gx", "\\G"), ("\\Qa.b\\E", "quoting"), ("\\h", "\\h"),
        ("\\R", "\\R"), ("\\X", "\\X"), ("\\N{SPACE}", "named characters"), ("[[:alpha:]]", "lone ']'"),
        ("a*+", "possessive"), ("a++", "possessive"), ("a?+", "possessive"), ("a{2}+", "possessive"),
        ("\\v", "vertical"), ("\\0", "\\0"), ("\\cA", "control"), ("(a)\\1", "backreferences"), ("(?<n>a)\\k<n>", "named backreferences"),
        ("\\u{41}", "\\u{"), ("a\\-b", "'\\-'"), ("\\e", "\\e"), ("x{", "lone '{'"), ("a}", "lone '}'"), ("a]", "lone ']'"),
        ("[]", "empty classes"), ("[^]", "empty classes"), ("[a&&b]", "set operation"), ("[--a]", "set operation"), ("[a--b]", "out of order"),
        ("\\p{IsLatin}", "property"), ("(?<n_1>a)", "group names"), ("[\\d-z]", "range"), ("[z-a]", "out of order"),
        ("a{3,2}", "out of order"), ("*a", "nothing to repeat"), ("(?=a)*", "nothing to repeat"), ("(?<=a+)b", "does not compile"),
        ("(a", "unclosed"), ("a)", "unmatched"), ("[a", "unclosed"), ("a\\", "lone backslash"),
    ])
    func rejectsWhatTheEnginesReadDifferently(pattern: String, reason: String) {
        let problem = RegexSyntax.problem(in: pattern)
        #expect(problem?.contains(reason) == true, "\(pattern): \(problem ?? "accepted")")
    }

    @Test(arguments: [
        ("\\d", "\u{0663}", false), ("\\w", "é", false), ("^a\\sb$", "a\u{000B}b", true), ("^a.b$", "a\rb", false),
        ("abc$", "abc\n", false), ("\\bcat", "écat", true), ("^[^\\s]$", "\u{FEFF}", false), ("^\\D$", "\u{0661}", true),
    ])
    func translationKeepsTheBrowsersMeaning(pattern: String, text: String, matches: Bool) throws {
        let regex = try NSRegularExpression(pattern: try #require(RegexSyntax.icuPattern(pattern)))
        #expect((regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil) == matches)
    }
}

@Suite("FormValidator")
struct FormValidatorTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func exampleForm(_ path: String) throws -> (Form, String) {
        let options = BuildOptions(configDirectory: repository.appendingPathComponent("configs").path,
                                   templatesDirectory: repository.appendingPathComponent("templates").path, outputDirectory: "/nonexistent")
        let builder = SiteBuilder(options: options)
        let (site, theme) = try builder.loadAndCheck()
        let form = try #require(site.form(named: path))
        let page = try #require(builder.render(site, theme: theme)["\(path)/index.html"])
        return (form, String(decoding: page, as: UTF8.self))
    }

    @Test(arguments: ["kyc/nl", "pet-adoption", "registration"])
    func theSpecReadFromAPageIsTheFormsSpec(path: String) throws {
        let (form, page) = try Self.exampleForm(path)
        let spec = FormSpec(form)
        #expect(try FormSpec(pageHTML: page) == spec.embedded(with: RenderTests.theme.runtime.script(for: spec)))
    }

    @Test func aPageWithoutASpecIsAnError() {
        #expect(throws: SpecReadingError.self) { try FormSpec(pageHTML: "<html><body></body></html>") }
    }

    @Test func validatesASubmissionReadFromAPage() throws {
        let (_, page) = try Self.exampleForm("kyc/nl")
        let validator = FormValidator(spec: try FormSpec(pageHTML: page))
        let result = try validator.validate(json: Data(#"{"bsn": "12345", "email": "a@b.co", "consent": true, "first_name": "Jan", "last_name": "Berg", "birth_date": "1985-03-15"}"#.utf8))
        #expect(result.errors == [FieldError(field: "bsn", message: "BSN must be 9 digits")])
        #expect(result.errors.map(\.description) == ["bsn: BSN must be 9 digits"])
        #expect(!result.isValid)
        #expect(result.data == ["bsn": "12345", "email": "a@b.co", "consent": true, "first_name": "Jan", "last_name": "Berg", "birth_date": "1985-03-15"])
    }

    /// The NL profile API may answer without a required read-only field (null or absent): the page cannot send it,
    /// and a server must not take the answers without it either (#35).
    @Test func aRequiredReadOnlyFieldTheSourceLeftOutIsRefused() throws {
        let (_, page) = try Self.exampleForm("kyc/nl")
        let validator = FormValidator(spec: try FormSpec(pageHTML: page))
        let result = try validator.validate(json: Data(#"{"bsn": "123456789", "email": "a@b.co", "consent": true, "first_name": "Jan", "last_name": null}"#.utf8))
        #expect(result.errors.map(\.description) == ["last_name: Last Name is missing: we could not fill it in for you",
                                                     "birth_date: Birth Date is missing: we could not fill it in for you"])
        let filled = try validator.validate(json: Data(#"{"bsn": "123456789", "email": "a@b.co", "consent": true, "first_name": "Jan", "last_name": "Berg", "birth_date": "1985-03-15"}"#.utf8))
        #expect(filled.isValid)
    }

    @Test func aSubmissionThatIsNotAnObjectIsRefused() throws {
        let (form, _) = try Self.exampleForm("kyc/nl")
        #expect(throws: SubmissionError.self) { try FormValidator(spec: FormSpec(form)).validate(json: Data("[1]".utf8)) }
    }

    @Test func ageRulesUseTheInjectedDay() throws {
        let (form, _) = try Self.exampleForm("kyc/be")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let values: [String: JSONValue] = ["birth_date": "2007-06-16"]
        let before = calendar.date(from: DateComponents(year: 2025, month: 6, day: 15, hour: 23))!
        let after = calendar.date(from: DateComponents(year: 2025, month: 6, day: 16, hour: 0))!
        #expect(FormValidator(spec: FormSpec(form), now: before).validate(values).messages["birth_date"] == "U moet minstens 18 jaar oud zijn om te registreren")
        #expect(FormValidator(spec: FormSpec(form), now: after).validate(values).messages["birth_date"] == nil)
    }

    @Test func rulesChainToAFixedPoint() throws {
        let (form, _) = try Self.exampleForm("registration")
        let spec = FormSpec(form)
        #expect(FieldStates(spec: spec, values: ["has_pets": "Yes", "contact_method": "phone"]).hidden.isEmpty)
        let states = FieldStates(spec: spec, values: ["has_pets": "No", "contact_method": "email"])
        #expect(states.hidden == ["pet_kinds", "pet_notes", "best_time"])
        #expect(!states.required.contains("phone"))
        #expect(FieldStates(spec: spec, values: ["contact_method": "phone"]).required.contains("phone"))
    }
}
