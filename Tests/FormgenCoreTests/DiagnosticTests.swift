import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Every config mistake is reported with file, line and column, all of them in one run.
@Suite struct DiagnosticTests {
    static let invalidSites: [String] = {
        let root = Repository.fixtures + "/invalid"
        return ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
    }()

    @Test func thereAreInvalidFixtureSites() {
        #expect(Self.invalidSites.count >= 5)
    }

    /// Each fixture site under `Fixtures/invalid/` gives exactly the diagnostics in its `expected.txt`.
    @Test(arguments: invalidSites)
    func invalidFixtureSite(_ name: String) throws {
        let root = Repository.fixtures + "/invalid/" + name
        let expected = try String(contentsOfFile: root + "/expected.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let (_, diagnostics) = TestSite.load(configs: root + "/configs", relativeTo: root)
        #expect(diagnostics == expected)
    }

    @Test func designExampleDiagnosticText() throws {
        let (_, diagnostics) = TestSite.load(configs: Repository.fixtures + "/invalid/unknown-data-source/configs",
                                             relativeTo: Repository.fixtures + "/invalid/unknown-data-source")
        #expect(diagnostics == ["configs/countries/nl.yaml:38:17: error: field 'birth_date' uses unknown data source 'user_profil' (known: user_profile)"])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let yaml: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing id", yaml: "title: T\nfields:\n  - label: Name\n",
             expected: ["configs/forms/f.yaml:3:5: error: field is missing 'id'"]),
        Case(name: "missing label", yaml: "title: T\nfields:\n  - id: name\n",
             expected: ["configs/forms/f.yaml:3:5: error: field 'name' is missing 'label'"]),
        Case(name: "bad id", yaml: "title: T\nfields:\n  - {id: '1st', label: First}\n",
             expected: ["configs/forms/f.yaml:3:10: error: field id '1st' may only use letters, digits, '_' and '-', and must start with a letter"]),
        Case(name: "unknown condition", yaml: "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: eqals, value: x, action: show, targets: [b]}\n",
             expected: ["configs/forms/f.yaml:6:26: error: unknown condition 'eqals' (did you mean 'equals'?)"]),
        Case(name: "unknown action", yaml: "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: empty, action: toggle, targets: [b]}\n",
             expected: ["configs/forms/f.yaml:6:41: error: unknown action 'toggle' (known: show, hide, require, unrequire)"]),
        Case(name: "condition without value", yaml: "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: equals, action: show, targets: [b]}\n",
             expected: ["configs/forms/f.yaml:6:5: error: rule with condition 'equals' needs a 'value'"]),
        Case(name: "greaterThan needs a number", yaml: "title: T\nfields:\n  - {id: a, label: A, type: number}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: greaterThan, value: lots, action: show, targets: [b]}\n",
             expected: ["configs/forms/f.yaml:6:46: error: rule with condition 'greaterThan' needs a number, found 'lots'"]),
        Case(name: "self-targeting rule", yaml: "title: T\nfields:\n  - {id: a, label: A}\nrules:\n  - {when: a, condition: empty, action: hide, targets: [a]}\n",
             expected: ["configs/forms/f.yaml:5:57: error: rule on 'a' targets the field it tests"]),
        Case(name: "bad date bound", yaml: "title: T\nfields:\n  - {id: d, label: D, type: date, validation: {minDate: yesterday}}\n",
             expected: ["configs/forms/f.yaml:3:57: error: validation 'minDate' expects a date such as 2000-01-31, 'today' or '-18y', found 'yesterday'"]),
        Case(name: "minDate after maxDate", yaml: "title: T\nfields:\n  - {id: d, label: D, type: date, validation: {minDate: '2020-01-01', maxDate: '2019-12-31'}}\n",
             expected: ["configs/forms/f.yaml:3:48: error: field 'd' has minDate 2020-01-01 greater than maxDate 2019-12-31"]),
        Case(name: "equalsField unknown", yaml: "title: T\nfields:\n  - {id: pw, label: P, type: password}\n  - {id: pw2, label: P2, type: password, validation: {equalsField: pwd}}\n",
             expected: ["configs/forms/f.yaml:4:55: error: field 'pw2' must equal unknown field 'pwd' (did you mean 'pw'?)"]),
        Case(name: "select without options", yaml: "title: T\nfields:\n  - {id: s, label: S, type: select}\n",
             expected: ["configs/forms/f.yaml:3:29: error: field 's' of type select has no 'options'"]),
        Case(name: "image without src", yaml: "title: T\nfields:\n  - {id: i, label: Logo, type: image}\n",
             expected: ["configs/forms/f.yaml:3:5: error: image 'i' has no 'src'"]),
        Case(name: "unsafe image src", yaml: "title: T\nfields:\n  - {id: i, label: Logo, type: image, src: 'javascript:alert(1)'}\n",
             expected: ["configs/forms/f.yaml:3:44: error: unsafe URL \"javascript:alert(1)\" in 'src': the scheme 'javascript:' is not allowed (allowed: https, http, or a relative URL)"]),
        Case(name: "field is not a mapping", yaml: "title: T\nfields:\n  - just text\n",
             expected: ["configs/forms/f.yaml:3:5: error: expected a field to be a mapping, found 'just text'"]),
        Case(name: "required is not a bool", yaml: "title: T\nfields:\n  - {id: a, label: A, required: maybe}\n",
             expected: ["configs/forms/f.yaml:3:33: error: expected 'required' to be true or false, found 'maybe'"]),
        Case(name: "unknown key warns", yaml: "title: T\nfields:\n  - {id: a, lable: A, label: A}\n",
             expected: ["configs/forms/f.yaml:3:13: warning: unknown key 'lable' in field (did you mean 'label'?)"]),
        Case(name: "possessive quantifier", yaml: "title: T\nfields:\n  - {id: a, label: A, validation: {regex: 'a++'}}\n",
             expected: ["configs/forms/f.yaml:3:43: error: invalid regex 'a++': possessive quantifiers ('+' after a quantifier) work only in Swift, not in browsers"]),
        Case(name: "duplicate YAML key", yaml: "title: T\ntitle: U\nfields:\n  - {id: a, label: A}\n",
             expected: ["configs/forms/f.yaml:1:1: error: duplicate key 'title' in mapping"]),
    ]

    @Test(arguments: cases)
    func pinnedMessage(_ testCase: Case) throws {
        let (_, diagnostics) = try TestSite(["configs/forms/f.yaml": testCase.yaml]).load()
        #expect(diagnostics == testCase.expected)
    }

    @Test func errorsFromSeveralFilesComeInOneRunSortedByPosition() throws {
        let (_, diagnostics) = try TestSite([
            "configs/forms/b.yaml": "title: B\nfields:\n  - {id: x, label: X, type: nope}\n",
            "configs/forms/a.yaml": "title: A\nfields:\n  - {id: y, label: Y, validation: {minLength: -1}}\n",
        ]).load()
        #expect(diagnostics == [
            "configs/forms/a.yaml:3:47: error: validation 'minLength' expects a whole number of 0 or more, found '-1'",
            "configs/forms/b.yaml:3:29: error: unknown field type 'nope' (known: text, textarea, number, date, email, tel, password, select, radio, checkbox, yesno, formattednumeric, image, paragraph, file, grid, scale, autocomplete)",
        ])
    }
    /// Found by `bench/fuzz.sh`: a 200,000-character unknown type took seconds to find no suggestion.
    @Test func suggestionsSkipCandidatesTooFarOffInLength() throws {
        #expect(closestMatch(to: "texx", in: ["date", "text", "textarea"]) == "text")
        #expect(closestMatch(to: "Selct", in: ["select", "radio"]) == "select")
        #expect(closestMatch(to: "x", in: ["date", "text"]) == nil)
        let huge = String(repeating: "ab<script>", count: 20_000)
        #expect(closestMatch(to: String(repeating: "ab", count: 300), in: ["date", String(repeating: "ab", count: 300) + "x"]) != nil)
        #expect(closestMatch(to: huge, in: ["date", "text"]) == nil)
        let diagnostics = try TestSite(["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: \"\(huge)\"}\n"]).load().1
        #expect(diagnostics.count == 1 && diagnostics[0].hasPrefix("configs/forms/f.yaml:3:"), "\(diagnostics.map { $0.prefix(80) })")
        #expect(diagnostics[0].contains(": error: unknown field type 'ab<script>"))
        #expect(!diagnostics[0].contains("did you mean"))
    }

    /// The banded distance gives the full Levenshtein distance whenever that is within the limit, and nil otherwise.
    @Test func bandedDistanceAgreesWithTheFullDistance() {
        func full(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
            var rows = Array(0...b.count)
            for i in 1...max(1, a.count) where !a.isEmpty {
                var next = [i] + Array(repeating: 0, count: b.count)
                for j in stride(from: 1, through: b.count, by: 1) {
                    next[j] = min(rows[j] + 1, next[j - 1] + 1, rows[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                rows = next
            }
            return a.isEmpty ? b.count : rows[b.count]
        }
        var random = SplitMix64(seed: 34)
        let alphabet = Array("abcé\u{301}".unicodeScalars)
        for _ in 0..<2_000 {
            let a = (0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let b = (0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let limit = Int(random.next() % 4)
            var banded = BandedDistance(limit: limit)
            let expected = full(a, b)
            #expect(banded.distance(a, b) == (expected <= limit ? expected : nil), "\(a) \(b) \(limit)")
        }
    }

    /// Thousands of wrong references each get their suggestion, and a list of known names is cut at twenty.
    @Test func manyWrongReferencesGetSuggestionsAndShortLists() throws {
        var lines = ["title: T", "fields:"]
        for index in 0..<2_000 { lines.append("  - {id: f\(index), label: F, dataSource: nope, validation: {equalsField: g\(index)}}") }
        let diagnostics = try TestSite.form("f.yaml", lines.joined(separator: "\n") + "\n").load().diagnostics
        #expect(diagnostics.count == 4_000)
        #expect(diagnostics.contains("configs/forms/f.yaml:2002:58: error: field 'f1999' must equal unknown field 'g1999' (did you mean 'f1999'?)"))
        #expect(knownList((1...25).map { "n\($0)" }) == (1...20).map { "n\($0)" }.joined(separator: ", ") + ", … and 5 more")
    }
}
