import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// The pieces of remote sources that need no network: `remote:` read with exact diagnostics, the JSONPath
/// subset, list options, images told by their bytes, `${VAR}` templates, cache ages.
struct RemoteReaderTests {
    /// A remote source without an `id` is named by its URL's last path segment, without extension or query.
    @Test(arguments: [("https://example.com/forms/inspection.json?x=1", "inspection"), ("https://example.com/lists/countries.yaml", "countries"),
                      ("https://example.com/lists/", "lists"), ("https://example.com/Pet%20Forms/Adopt.yml", "adopt")])
    func aSourceWithoutAnIDIsNamedByItsURL(_ url: String, _ id: String) {
        #expect(RemoteSourcesReader.defaultID(for: url) == id)
    }

    @Test func remoteSettingsAreReadWithTheirDefaults() throws {
        let site = try TestSite(["configs/site.yaml": """
            remote:
              timeout: 45s
              forms:
                - url: https://forms.example.org/api/forms/inspection.json?v=2
              lists:
                - {id: currencies, url: "https://api.example.org/rates", items: $.rates, value: shortName}
            """]).load().site
        let remote = site.settings.remote
        #expect(remote.declared)
        #expect(remote.timeouts.request == 45 && remote.timeouts.connect == 5)
        #expect(remote.forms.map(\.id) == ["inspection"])
        #expect(remote.forms.first?.request.maxAge == 0)
        #expect(remote.lists.first?.items == "$.rates")
    }

    @Test func badRemoteSettingsAreLocatedErrors() throws {
        let diagnostics = try TestSite(["configs/site.yaml": """
            remote:
              forms:
                - url: ftp://forms.example.org/a.json
                - url: https://forms.example.org/form
                  maxAge: soon
              lists:
                - {url: "https://api.example.org/rates", value: code}
                - {id: rates, url: "https://api.example.org/rates"}
                - {id: codes, url: "https://api.example.org/codes", value: code, items: "rates", dropIf: {key: v}}
            """, "configs/forms/f.yaml": """
            title: F
            fields:
              - {id: c, type: select, label: C, optionsFrom: {list: currency}}
            """]).load().diagnostics.filter { !$0.contains("--offline allows no download") }
        #expect(diagnostics == [
            "configs/forms/f.yaml:3:50: error: field 'c' takes its options from unknown list 'currency' (known: codes)",
            "configs/site.yaml:3:12: error: remote source URL must start with https://, http:// or an environment variable (${ORIGIN}/…), found 'ftp://forms.example.org/a.json'",
            "configs/site.yaml:5:15: error: 'maxAge' must be a duration like 30s, 10m, 1h or 2d, found 'soon'",
            "configs/site.yaml:7:7: error: remote list is missing 'id' (the name 'optionsFrom: {list: …}' uses)",
            "configs/site.yaml:8:7: error: remote list 'rates' is missing 'value' (the key of each item's value)",
            "configs/site.yaml:9:77: error: 'items' must be a path like $, $.rates or $.data[0].rates",
            "configs/site.yaml:9:94: error: 'dropIf' is missing 'in' (the values that drop an entry)",
        ])
    }

    /// Durations too large to be a number of seconds, or absurdly long, and URLs on impossible ports are located
    /// errors: none of them may reach the HTTP client (which traps on them).
    @Test(arguments: [
        ("timeout: 1e400s", "configs/site.yaml:2:12: error: 'timeout' must be a duration like 30s, 10m, 1h or 2d, found '1e400s'"),
        ("connectTimeout: 99999999999999999999s", "configs/site.yaml:2:19: error: 'connectTimeout' must be at most 10 minutes, found '99999999999999999999s'"),
        ("timeout: inf", "configs/site.yaml:2:12: error: 'timeout' must be a duration like 30s, 10m, 1h or 2d, found 'inf'"),
        ("timeout: 0x10s", "configs/site.yaml:2:12: error: 'timeout' must be a duration like 30s, 10m, 1h or 2d, found '0x10s'"),
        ("forms: [{url: 'https://forms.example.org:99999/a.json'}]",
         "configs/site.yaml:2:17: error: remote source URL 'https://forms.example.org:99999/a.json' is refused: it does not name a host as scheme://host[:port]/… (a DNS name or an IP address, a port from 1 to 65535, no user or password)"),
    ])
    func extremeRemoteSettingsAreLocatedErrors(_ line: String, _ expected: String) throws {
        let diagnostics = try TestSite(["configs/site.yaml": "remote:\n  \(line)\n", "configs/forms/f.yaml": "title: F\nfields:\n  - {id: a, label: A}\n"])
            .load().diagnostics.filter { !$0.contains("--offline allows no download") }
        #expect(diagnostics == [expected])
    }

    @Test(arguments: [
        ("$", #"[1]"#, #"[1]"#),
        ("$.rates", #"{"rates": [1, 2]}"#, #"[1,2]"#),
        ("$.data[1].rates", #"{"data": [{}, {"rates": ["x"]}]}"#, #"["x"]"#),
        ("$.missing", #"{"rates": []}"#, "nil"),
        ("$.rates[5]", #"{"rates": []}"#, "nil"),
    ])
    func jsonPathsFindTheirValue(path: String, json: String, expected: String) throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let found = try #require(JSONPath(path)).resolve(in: value)
        let text = try found.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) } ?? "nil"
        #expect(text == expected)
    }

    @Test(arguments: ["rates", "$.", "$..x", "$[x]", "$.a[-1]"])
    func malformedPathsAreRefused(path: String) {
        #expect(JSONPath(path) == nil)
    }

    @Test func listOptionsFollowValueLabelAndDropIf() throws {
        let list = RemoteList(request: RemoteRequest(url: "https://x", location: SourceLocation(file: "s", line: 1, column: 1)),
                              id: "c", items: "$.rates", valueKey: "shortName", label: "{name} ({shortName})",
                              dropIf: DropRule(key: "valMid", values: [0, .null, ""]))
        let body = #"{"rates": [{"shortName": "EUR", "name": "Euro", "valMid": 1}, {"shortName": "HUF", "name": "Forint", "valMid": 0.0},"#
            + #" {"shortName": "X", "name": "None"}, {"shortName": "CZK", "name": "Koruna", "valMid": "0"}, {"shortName": 7, "name": "Seven", "valMid": 2}]}"#
        let options = try OptionList(list: list).options(from: Data(body.utf8))
        #expect(options == [FieldOption(value: "EUR", label: "Euro (EUR)"), FieldOption(value: "CZK", label: "Koruna (CZK)"),
                            FieldOption(value: "7", label: "Seven (7)")])
        #expect(throws: OptionList.Problem.noArray("$.rates")) { try OptionList(list: list).options(from: Data(#"{"data": []}"#.utf8)) }
        #expect(throws: OptionList.Problem.noValues("shortName")) { try OptionList(list: list).options(from: Data(#"{"rates": [{"code": 1}]}"#.utf8)) }
    }

    static let samples: [(Data, ImageKind)] = [
        (RemoteSite.png, .png), (Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), .jpg), (Data("GIF89a....".utf8), .gif),
        (Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
        (Data("<?xml version=\"1.0\"?>\n<!-- plan -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), .svg),
    ]

    @Test(arguments: ImageKind.allCases)
    func imagesAreToldByTheirBytes(kind: ImageKind) {
        let bytes = Self.samples.first { $0.1 == kind }!.0
        #expect(ImageKind(sniffing: bytes) == kind)
    }

    @Test func otherBytesAreNoImage() {
        #expect(ImageKind(sniffing: Data("<html><body>".utf8)) == nil)
        #expect(ImageKind(sniffing: Data()) == nil)
    }

    @Test(arguments: [
        ("<svg><script>alert(1)</script></svg>", "an SVG with a <script>"),
        ("<svg><rect onload=\"x()\"/></svg>", "an SVG with an event handler (on…=)"),
        ("<svg><a href=\"javascript:x()\"/></svg>", "an SVG with a javascript: link"),
        ("<svg><image href=\"https://tracker.example/p.png\"/></svg>", "an SVG that loads another resource"),
        ("<svg><foreignObject/></svg>", "an SVG with <foreignObject>"),
    ])
    func svgsWithScriptOrOutsideContentAreRefused(svg: String, problem: String) {
        #expect(ImageKind.svgProblem(Data(svg.utf8)) == problem)
    }

    @Test func aPlainSVGIsAccepted() {
        #expect(ImageKind.svgProblem(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"1\" height=\"1\"/></svg>".utf8)) == nil)
    }

    @Test func environmentTemplatesFillVariablesAndDefaults() throws {
        #expect(try EnvironmentTemplate.fill("Bearer ${TOKEN}", from: ["TOKEN": "abc"]) == "Bearer abc")
        #expect(try EnvironmentTemplate.fill("${ORIGIN:-http://127.0.0.1:8080}/api", from: [:]) == "http://127.0.0.1:8080/api")
        #expect(try EnvironmentTemplate.fill("${ORIGIN:-http://x}/api", from: ["ORIGIN": "http://y"]) == "http://y/api")
        #expect(throws: EnvironmentTemplate.Missing.self) { try EnvironmentTemplate.fill("${NOPE}", from: [:]) }
    }

    @Test(arguments: [(5.0, "5 s"), (90.0, "1 min"), (10_859.0, "3 h"), (86_400.0, "1 day"), (259_200.0, "3 days")] as [(Double, String)])
    func cacheAgesReadAsPeopleSayThem(seconds: Double, text: String) {
        #expect(RemoteDownloads.age(seconds: seconds) == text)
    }

    @Test func imagesOfRemoteFormsResolveAgainstTheFormsURL() {
        let form = "${ORIGIN:-http://127.0.0.1:8080}/api/remote/inspection.json?v=1"
        #expect(RemoteSourceLoader.resolve("plan.svg", against: form) == "${ORIGIN:-http://127.0.0.1:8080}/api/remote/plan.svg")
        #expect(RemoteSourceLoader.resolve("https://cdn.example/p.png", against: form) == "https://cdn.example/p.png")
    }
}
