import Testing
@testable import FormgenCore

/// `${VAR}` in a live data source's endpoint is filled at build time from the environment (issue #38 item 3).
@Suite struct EndpointExpansionTests {
    static func form(endpoint: String) -> String {
        """
        title: Profile
        dataSources:
          - id: profile
            endpoint: "\(endpoint)"
            fields: [name]
        fields:
          - id: name
            label: Name
            readOnly: true
            dataSource: profile
        """
    }

    static func load(endpoint: String, environment: [String: String]) -> (site: Site, diagnostics: [String]) {
        let log = DiagnosticLog()
        var options = BuildOptions(templatesDirectory: nil)
        options.remote.offline = true
        options.remote.environment = environment
        let files = ["site.yaml": "title: T\n", "forms/profile.yaml": form(endpoint: endpoint)]
        let (site, _) = SiteBuilder(options: options, source: .memory(files)).load(log: log)
        return (site, log.diagnostics.map(\.description))
    }

    @Test(arguments: [
        ("${API_ORIGIN}/api/profile", ["API_ORIGIN": "https://sandbox.example.org"], "https://sandbox.example.org/api/profile"),
        ("${API_ORIGIN:-https://api.example.org}/api/profile", [:], "https://api.example.org/api/profile"),
        ("${API_ORIGIN:-https://api.example.org}/api/profile", ["API_ORIGIN": "http://127.0.0.1:8080"], "http://127.0.0.1:8080/api/profile"),
        ("/api/${VERSION:-v1}/profile", [:], "/api/v1/profile"),
        ("/api/profile", ["API_ORIGIN": "https://ignored.example.org"], "/api/profile"),
    ])
    func variablesAreFilledAtBuildTime(endpoint: String, environment: [String: String], expected: String) {
        let (site, diagnostics) = Self.load(endpoint: endpoint, environment: environment)
        #expect(diagnostics.filter { $0.contains("error") } == [])
        #expect(site.forms.first?.dataSources.first?.endpoint == expected)
    }

    @Test func anUnsetVariableWithoutADefaultIsALocatedError() {
        let (_, diagnostics) = Self.load(endpoint: "${API_ORIGIN}/api/profile", environment: [:])
        #expect(diagnostics == [
            "configs/forms/profile.yaml:4:15: error: data source 'profile': environment variable 'API_ORIGIN' is not set; set it, or give a default: ${API_ORIGIN:-https://…}",
        ])
    }

    @Test func aValueThatMakesTheAddressUnsafeIsALocatedError() {
        let (_, diagnostics) = Self.load(endpoint: "${API_ORIGIN}/api/profile", environment: ["API_ORIGIN": "javascript:alert(1)//"])
        #expect(diagnostics == [
            "configs/forms/profile.yaml:4:15: error: data source 'profile': \"${API_ORIGIN}/api/profile\" becomes the unsafe URL \"javascript:alert(1)///api/profile\": the scheme 'javascript:' is not allowed (allowed: https, http, or a relative URL)",
        ])
    }

    @Test func theBuiltPageCallsTheFilledAddressAndItsPolicyNamesItsOrigin() throws {
        var options = BuildOptions(templatesDirectory: nil)
        options.remote.offline = true
        options.remote.environment = ["API_ORIGIN": "https://sandbox.example.org"]
        let files = ["site.yaml": "title: T\n", "forms/profile.yaml": Self.form(endpoint: "${API_ORIGIN}/api/profile")]
        let builder = SiteBuilder(options: options, source: .memory(files))
        let (site, theme) = try builder.loadAndCheck()
        let html = String(decoding: try #require(builder.render(site, theme: theme)["profile/index.html"]), as: UTF8.self)
        #expect(html.contains("https://sandbox.example.org/api/profile"))
        #expect(!html.contains("${API_ORIGIN}"))
        let policy = try #require(html.firstMatch(of: /connect-src[^;"]*/)).output
        #expect(policy.contains("https://sandbox.example.org"))
    }
}
