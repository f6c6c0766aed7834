import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Every URL in a config goes through one allow-list.
@Suite struct ConfigURLTests {
    @Test(arguments: ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>",
                      "vbscript:msgbox(1)", "file:///etc/passwd", "mailto:a@example.org"])
    func dangerousSchemesAreRefused(url: String) {
        guard case .failure(.scheme) = ConfigURL.check(url, for: .action) else {
            Issue.record("\(url) accepted")
            return
        }
    }

    @Test(arguments: [" javascript:alert(1)", "java\nscript:alert(1)", "java\tscript:x", "https://a.example/\u{0}", "https://a.example/ x",
                      "\u{200B}javascript:x", "/\\evil.example/x"])
    func whitespaceControlCharactersAndBackslashesAreRefused(url: String) {
        guard case .failure = ConfigURL.check(url, for: .image) else {
            Issue.record("\(url) accepted")
            return
        }
    }

    /// An absolute URL must name a host and a port the browser and the policy read alike.
    @Test(arguments: ["https://h.example:99999/x", "http://127.0.0.1:0/", "https://h.example:/x", "///host/x", "https:///x",
                      "https://a;script-src;b/x", "https:host/x", "https://user:secret@h.example/x", "https://-h.example/",
                      "https://[zz::1]/x", "//a;b/x", "https://h.example:65536/"])
    func urlsWithoutAValidHostOrPortAreRefused(url: String) {
        #expect(ConfigURL.check(url, for: .endpoint) == .failure(.host), "\(url)")
        #expect(ContentSecurityPolicy.source(for: url) == nil, "\(url)")
    }

    @Test(arguments: [("https://API.example.org:8443/x", "https://api.example.org:8443"), ("http://127.0.0.1:65535", "http://127.0.0.1:65535"),
                      ("https://[::1]:8080/x?y#z", "https://[::1]:8080"), ("HTTPS://h.example?q", "https://h.example")])
    func theOriginOfAValidURLIsWhatThePolicyNames(url: String, origin: String) {
        #expect(ConfigURL.origin(of: url) == origin)
        #expect(ContentSecurityPolicy.source(for: url) == origin)
    }

    @Test func allowedURLsPassAndProtocolRelativeOnesBecomeHTTPS() {
        #expect(ConfigURL.check("https://api.example.org/x?a=1", for: .endpoint) == .success("https://api.example.org/x?a=1"))
        #expect(ConfigURL.check("HTTP://api.example.org/", for: .endpoint) == .success("HTTP://api.example.org/"))
        #expect(ConfigURL.check("/api/nl-user-profile", for: .endpoint) == .success("/api/nl-user-profile"))
        #expect(ConfigURL.check("thanks/", for: .redirect) == .success("thanks/"))
        #expect(ConfigURL.check("logo.svg", for: .image) == .success("logo.svg"))
        #expect(ConfigURL.check("/a:b", for: .image) == .success("/a:b"))
        #expect(ConfigURL.check("mailto:help@example.org", for: .link) == .success("mailto:help@example.org"))
        #expect(ConfigURL.check("//api.example.org/x", for: .action) == .success("https://api.example.org/x"))
    }

    @Test func aRefusedURLIsALocatedErrorWithItsText() throws {
        let (_, diagnostics) = try TestSite(["configs/forms/f.yaml": """
            title: T
            submit:
              action: " JAVASCRIPT:alert(1)"
              redirect: "vbscript:x"
            dataSources:
              - {id: p, endpoint: "data:text/html,x", fields: [a]}
            fields:
              - {id: a, label: A}
              - {id: i, label: Logo, type: image, src: "java\\nscript:alert(1)"}

            """]).load()
        #expect(diagnostics == [
            #"configs/forms/f.yaml:3:11: error: unsafe URL " JAVASCRIPT:alert(1)" in 'action': it contains whitespace or a control character"#,
            #"configs/forms/f.yaml:4:13: error: unsafe URL "vbscript:x" in 'redirect': the scheme 'vbscript:' is not allowed (allowed: https, http, or a relative URL)"#,
            #"configs/forms/f.yaml:6:23: error: unsafe URL "data:text/html,x" in 'endpoint': the scheme 'data:' is not allowed (allowed: https, http, or a relative URL)"#,
            #"configs/forms/f.yaml:9:44: error: unsafe URL "java\nscript:alert(1)" in 'src': it contains whitespace or a control character"#,
        ])
    }
    @Test func markdownLinksAndImagesGoThroughTheSameAllowListAndBecomePlainText() {
        let html = Markdown.html("[a](javascript:alert(1)) [b](JAVASCRIPT:x) [c](vbscript:msgbox(1)) [d](data:text/html,x) ![pic](data:image/png;base64,AA) [![inner](javascript:1)](javascript:2) [ok](https://example.org/) [mail](mailto:a@example.org) [rel](other/) [top](#top)")
        #expect(html == ##"<p>a b c d pic inner <a href="https://example.org/">ok</a> <a href="mailto:a@example.org">mail</a> <a href="other/">rel</a> <a href="#top">top</a></p>"## + "\n")
        let links = Markdown.render("[a](javascript:x) ![i](https://x.example/i.png) ![j](data:image/png;base64,AA) [m](mailto:a@b.example)").links
        #expect(links.map { $0.refusal?.description } == [
            "the scheme 'javascript:' is not allowed (allowed: https, http, mailto, or a relative URL)", nil,
            "the scheme 'data:' is not allowed (allowed: https, http, or a relative URL)", nil,
        ])
    }

    @Test func unsafeMarkdownLinksInConfigsAndDocsAreLocatedErrors() throws {
        let diagnostics = DocsTests.check(try TestSite([
            "configs/forms/f.yaml": """
            title: T
            description: "See [x](javascript:alert(1))"
            fields:
              - {id: a, label: A, help: {en: "[h](vbscript:msgbox(1))", de: "![b](data:text/html,x)"}}
              - {id: p, type: paragraph, text: "[ok](https://example.org/) [mail](mailto:a@example.org)"}

            """,
            "configs/docs/guide.md": "# Guide\n\nRead [this](javascript:alert(1)) or ![that](DATA:image/svg+xml,x).\n",
        ])).1
        #expect(diagnostics == [
            #"configs/docs/guide.md:3:6: error: unsafe link "javascript:alert(1)": the scheme 'javascript:' is not allowed (allowed: https, http, mailto, or a relative URL)"#,
            #"configs/docs/guide.md:3:37: error: unsafe image "DATA:image/svg+xml,x": the scheme 'data:' is not allowed (allowed: https, http, or a relative URL)"#,
            #"configs/forms/f.yaml:2:14: error: unsafe link "javascript:alert(1)" in 'description': the scheme 'javascript:' is not allowed (allowed: https, http, mailto, or a relative URL)"#,
            #"configs/forms/f.yaml:4:29: error: unsafe image "data:text/html,x" in 'help': the scheme 'data:' is not allowed (allowed: https, http, or a relative URL)"#,
            #"configs/forms/f.yaml:4:29: error: unsafe link "vbscript:msgbox(1)" in 'help': the scheme 'vbscript:' is not allowed (allowed: https, http, mailto, or a relative URL)"#,
        ])
    }
}
