import FormgenTestSupport
import Testing
@testable import FormgenCore

/// `.json` configs are read as JSON: what only YAML allows is a located error with plain words.
@Suite struct StrictJSONTests {
    @Test(arguments: [
        ("{\n  \"title\": \"T\",\n  \"pages\": [],\n}\n", "f.json:3:14: error: JSON does not allow a comma before '}'; remove this comma"),
        ("{\"title\": \"T\", \"pages\": [1, 2,]}", "f.json:1:30: error: JSON does not allow a comma before ']'; remove this comma"),
        ("{\n  // the title\n  \"title\": \"T\"\n}", "f.json:2:3: error: JSON does not allow comments; remove it (or write the config as YAML)"),
        ("{\"title\": \"T\" /* note */}", "f.json:1:15: error: JSON does not allow comments; remove it (or write the config as YAML)"),
        ("{'title': 'T'}", "f.json:1:2: error: JSON strings take double quotes (\"), not single quotes"),
        ("{\"title\": \"Überschrift\", x}", "f.json:1:26: error: not valid JSON: expected a key"),
        ("{\"title\": \"T\"", "f.json:1:14: error: the JSON ends too soon: unexpected end"),
    ])
    func yamlOnlySyntaxInAJSONConfigIsALocatedError(_ text: String, _ expected: String) {
        let log = DiagnosticLog()
        #expect(StrictJSON.check(text, file: "f.json", log: log) == false)
        #expect(log.diagnostics.map(\.description) == [expected])
    }

    @Test func validJSONWithABOMPasses() {
        let log = DiagnosticLog()
        #expect(StrictJSON.check("\u{FEFF}{\"title\": \"T\", \"pages\": [{\"a\": [1, 2.5e3, true, null]}]}", file: "f.json", log: log))
        #expect(log.diagnostics.isEmpty)
    }

    @Test func aTrailingCommaInAFormFileStopsTheLoadAtItsPlace() throws {
        let site = try TestSite(["configs/forms/pets.json": "{\n  \"title\": \"Pets\",\n  \"pages\": [],\n}\n"])
        let diagnostics = site.load().diagnostics
        #expect(diagnostics.contains { $0.hasSuffix("pets.json:3:14: error: JSON does not allow a comma before '}'; remove this comma") }, "\(diagnostics)")
    }
}
