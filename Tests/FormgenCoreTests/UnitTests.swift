import Foundation
import Testing
@testable import FormgenCore

@Suite struct UnitTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256(_ input: String, _ expected: String) {
        #expect(SHA256.hex(input) == expected)
    }

    @Test func cspSourceIsBase64OfTheDigest() {
        #expect(SHA256.cspSource(for: "abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }

    @Test(arguments: [
        (#"^\d{9}$"#, #"^\d{9}$"#),
        ("[a-z-]", #"[a-z\-]"#),
        ("[-a]", #"[\-a]"#),
        ("[(|)]{2}", #"[\(\|\)]{2}"#),
        (#"[\w.+-]+@x"#, #"[\w.+\-]+@x"#),
        ("[^/]", #"[^\/]"#),
        ("(a|b)", "(a|b)"),
    ])
    func htmlPatternEscapesWhatTheVFlagReserves(_ pattern: String, _ expected: String) {
        #expect(RegexSyntax.htmlPattern(pattern) == expected)
    }

    @Test(arguments: [
        ("^a+$", nil as String?),
        ("(?<year>\\d{4})", nil),
        ("^[0-9+$", "it has an unclosed '['"),
        ("\\Aabc", "\\A works only in Swift, not in browsers"),
        ("(?>a)", "atomic groups ('(?>') work only in Swift, not in browsers"),
        ("(?i)abc", "inline flags ('(?i') work only in Swift, not in browsers"),
        ("\\\\A", nil),
    ])
    func regexDialect(_ pattern: String, _ problem: String?) {
        #expect(RegexSyntax.problem(in: pattern) == problem)
    }

    @Test(arguments: [
        (#"^\d{9}$"#, #"^\d{9}$"#),
        ("^a|b$", ".*(?:^a|b$).*"),
        ("abc", ".*(?:abc).*"),
        (#"^a\$"#, #".*(?:^a\$).*"#),
        ("^[$]", ".*(?:^[$]).*"),
        ("^(a|b)$", "^(a|b)$"),
    ])
    func patternAttributeMatchesLikeASearch(_ pattern: String, _ expected: String) {
        #expect(RegexSyntax.anchoredForPatternAttribute(pattern) == expected)
    }

    @Test(arguments: [
        ("####-###-####", "[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]"),
        ("AA-**", "[A-Za-z][A-Za-z]-[A-Za-z0-9][A-Za-z0-9]"),
        ("(###) ###.#", #"\([0-9][0-9][0-9]\) [0-9][0-9][0-9]\.[0-9]"#),
    ])
    func maskRegex(_ mask: String, _ expected: String) throws {
        #expect(Mask.regex(for: mask) == expected)
        _ = try NSRegularExpression(pattern: expected)
    }

    @Test(arguments: [
        ("2024-02-29", DateBound.fixed(year: 2024, month: 2, day: 29) as DateBound?),
        ("today", .relative(years: 0, months: 0, days: 0)),
        ("-18y", .relative(years: -18, months: 0, days: 0)),
        ("+30d", .relative(years: 0, months: 0, days: 30)),
        ("-1y6m", .relative(years: -1, months: -6, days: 0)),
        ("yesterday", nil),
        ("2024-13-01", nil),
        ("18", nil),
    ])
    func dateBounds(_ text: String, _ expected: DateBound?) {
        #expect(DateBound(text) == expected)
        if let expected { #expect(DateBound(expected.description) == expected) }
    }

    @Test(arguments: [("Pet Adoption", "pet-adoption"), ("kyc_NL v2!", "kyc-nl-v2"), ("***", "form")])
    func slugs(_ text: String, _ expected: String) {
        #expect(slug(text) == expected)
    }

    @Test func cssMinifierKeepsMeaning() {
        #expect(Theme.minifyCSS("/* c */ a :focus , b > c {\n  color: red ;\n  margin: 0 auto;\n}\n") == "a :focus,b>c{color:red;margin:0 auto}")
    }

    @Test func messagesExistInEveryLanguageForEveryKey() {
        let english = Set(Messages.table(for: "en").keys)
        for language in Messages.languages {
            #expect(Set(Messages.table(for: language).keys) == english, "\(language)")
        }
        #expect(Messages.table(for: "nl-BE")["required"] == "Vul {label} in")
        #expect(Messages.table(for: "fr")["required"] == "Enter {label}")
        #expect(Messages.format("{label} must be {value} or more", ["label": "Age", "value": "18"]) == "Age must be 18 or more")
    }
}
