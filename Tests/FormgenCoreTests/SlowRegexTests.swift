import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Patterns a backtracking engine may match in exponential time are refused at build time.
@Suite struct SlowRegexTests {
    @Test(arguments: ["(a+)+$", "(a|a)*", "(\\w+\\s?)*", "(a*)*", "(.*a){20}", "^(a+)+b", "(?:x*y*)+", "(\\d|\\w)+$", "^([a-z]+\\d*)+$", "(a|ab)*c",
                      "^\\d*\\d*\\d*\\d*\\d*\\d*x$", "^.*.*.*.*.*.*=$", "^(\\w+)(\\w+)(\\w+)(\\w+)!$", "^(?:a?){25}a{25}$", "^[a-z]+[a-z0-9]*[a-z_]+!$",
                      "(a+\u{301}?)+$"])
    func superLinearPatternsAreFlagged(pattern: String) {
        #expect(SlowRegexCheck.problem(in: pattern) != nil, "\(pattern)")
    }

    @Test(arguments: ["^\\d{9}$", "^[^0-9]+$", "^[A-Za-z]{2,3}(-[A-Za-z0-9]+)*$", "^[\\w.]+@([\\w-]+\\.)+[a-z]{2,}$", "^(ab|cd)+$",
                      "^\\d{4} ?[A-Z]{2}$", "(a+)?b", "^(?:\\+31|0)\\d{9}$", "(\\d{3}-)+", "^[a-z]+$",
                      "^(\\s?\\d){16}$", "^\\d{4}(\\s?\\d{4}){3}$", "^.*@.*$", "^[^@]+@[^@]+\\.[^@]+$", "^\\s*\\d+\\s*$",
                      "^(?=.*[A-Za-z])(?=.*[0-9]).+$", "^(?:a?){3}a{3}$"])
    func linearPatternsPass(pattern: String) {
        #expect(SlowRegexCheck.problem(in: pattern) == nil, "\(pattern)")
    }

    @Test func aSlowRegexIsALocatedErrorUnlessAllowedThenAWarning() throws {
        let refused = try TestSite(["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {regex: '(a+)+$'}}\n"]).load().1
        #expect(refused == ["configs/forms/f.yaml:3:43: error: slow regex '(a+)+$': it may take exponential time (a repeated group repeats inside: nested or overlapping quantifiers); rewrite it, or set allowSlowRegex: true on the rule to accept the risk"])
        let allowed = try TestSite(["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {regex: {value: '(a+)+$', allowSlowRegex: true}}}\n"]).load().1
        #expect(allowed == ["configs/forms/f.yaml:3:51: warning: slow regex '(a+)+$' accepted by allowSlowRegex: it may take exponential time (a repeated group repeats inside: nested or overlapping quantifiers)"])
        let listed = try TestSite(["configs/forms/f.yaml": "title: T\nfields:\n  - id: a\n    label: A\n    validation:\n      - {type: regex, value: '(a|a)*', allowSlowRegex: true}\n"]).load().1
        #expect(listed.count == 1 && listed[0].hasPrefix("configs/forms/f.yaml:6:30: warning: slow regex '(a|a)*'"))
    }

    @Test func aValueLongerThanTheCapFailsBeforeAnyRegexRuns() throws {
        let (site, _) = try TestSite(["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {regex: {value: '(a+)+$', allowSlowRegex: true}, maxLength: 40}}\n  - {id: b, label: B, validation: {regex: '^a+$'}}\n"]).load()
        let spec = FormSpec(try #require(site.allForms.first))
        let validator = FormValidator(spec: spec)
        let hostile = String(repeating: "a", count: 50) + "!"
        let result = validator.validate(["a": .string(hostile), "b": .string(String(repeating: "a", count: FormValidator.defaultLengthCap + 1))])
        #expect(result.messages == ["a": "A must be 40 characters or fewer", "b": "This answer must be 10000 characters or fewer"])
    }
    @Test func aCatastrophicSearchIsAbandonedAtItsStepBudgetAndFailsWithTheRulesMessage() throws {
        let (site, _) = try TestSite(["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {regex: {value: '(a+)+$', allowSlowRegex: true, message: 'Only a letters'}}}\n"]).load()
        let validator = FormValidator(spec: FormSpec(try #require(site.allForms.first)))
        let hostile = String(repeating: "a", count: 50) + "!"
        #expect(validator.validate(["a": .string(hostile)]).messages == ["a": "Only a letters"])
        #expect(validator.validate(["a": .string("aaaa")]).messages.isEmpty)
        let regex = try NSRegularExpression(pattern: "(a+)+$")
        #expect(regex.boundedSearch(hostile) == .abandoned)
        #expect(regex.boundedSearch("xaaa") == .match)
        #expect(try NSRegularExpression(pattern: "^[a-z]+$").boundedSearch(String(repeating: "a", count: FormValidator.defaultLengthCap)) == .match)
        #expect(try NSRegularExpression(pattern: "^[a-z]+$").boundedSearch(String(repeating: "a", count: 100) + "!") == .noMatch)
    }
}
