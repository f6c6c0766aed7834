import Foundation
import Testing
@testable import FormgenCore

/// The regex dialect: what browsers and Swift both accept, and the pattern attribute.
@Suite struct RegexSyntaxTests {
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
}
