import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Forms inside other sites (#40 part 1): `embed.origins` → `frame-ancestors` in every header recipe for those pages
/// only, the `frame` runtime module only on them, `embed.js` and the snippet on the reference page. The browser test
/// (a host page on another loopback port) is Tests/browser/test_embed.py.
@Suite struct EmbedTests {
    static let files = [
        "configs/site.yaml": "title: S\nbaseURL: https://forms.example.org/\n",
        "configs/forms/contact.yaml": "title: Contact \"us\"\nembed:\n  origins: [https://www.example.org/, \"http://127.0.0.1:8001\", https://WWW.example.org:443]\nfields:\n  - {id: name, label: Name, required: true}\n",
        "configs/forms/other.yaml": "title: Other\nfields:\n  - {id: a, label: A}\n",
    ]

    /// `(origin as written, what the page gets or the refusal)`.
    @Test(arguments: [
        ("https://www.example.org", "https://www.example.org"),
        ("https://www.example.org/", "https://www.example.org"),
        ("HTTPS://Shop.Example.org:8443", "https://shop.example.org:8443"),
        ("https://www.example.org:443", "https://www.example.org"),
        ("http://localhost:8001", "http://localhost:8001"),
        ("http://127.0.0.1:8001/", "http://127.0.0.1:8001"),
        ("http://[::1]:9000", "http://[::1]:9000"),
        ("//www.example.org", "https://www.example.org"),
        ("http://www.example.org", "refused: an origin must use https: (http: only for localhost, 127.0.0.1 or [::1])"),
        ("http://127.0.0.1.example.org", "refused: an origin must use https: (http: only for localhost, 127.0.0.1 or [::1])"),
        ("https://www.example.org/forms/", "refused: it is not an origin: write scheme://host[:port] with no path, query or fragment"),
        ("https://www.example.org?x", "refused: it is not an origin: write scheme://host[:port] with no path, query or fragment"),
        ("www.example.org", "refused: it is not an origin: write scheme://host[:port] with no path, query or fragment"),
        ("javascript:alert(1)", "refused: the scheme 'javascript:' is not allowed for an origin (allowed: https, and http only for localhost, 127.0.0.1 or [::1])"),
        ("https://user@www.example.org", "refused: it does not name a host as scheme://host[:port]/… (a DNS name or an IP address, a port from 1 to 65535, no user or password)"),
        ("https://www.example.org:99999", "refused: it does not name a host as scheme://host[:port]/… (a DNS name or an IP address, a port from 1 to 65535, no user or password)"),
        ("https://www.exa mple.org", "refused: it contains whitespace or a control character"),
    ])
    func originsGoThroughTheOneURLParser(_ written: String, _ expected: String) {
        switch ConfigURL.frameOrigin(written) {
        case .success(let origin): #expect(origin == expected)
        case .failure(let refusal): #expect("refused: \(refusal)" == expected)
        }
    }

    @Test func onlyTheEmbeddablePageNamesItsOriginsAndJoinsTheFrameModule() throws {
        let pages = try ExampleSiteTests.build(Self.files)
        let contact = try #require(pages["contact/index.html"])
        let other = try #require(pages["other/index.html"])
        #expect(contact.contains(#"<meta name="formgen-frame-ancestors" content="http://127.0.0.1:8001 https://www.example.org">"#))
        #expect(!other.contains("formgen-frame-ancestors"))
        // The runtime that posts the height is in the embeddable page's script only.
        #expect(contact.contains(#"postMessage({formgen:"height""#))
        #expect(!other.contains("postMessage"))
        #expect(!other.contains("ResizeObserver"))
        // The frame module is what reads the meta: the page's own policy still allows only its hashed script.
        #expect(contact.contains("script-src &#39;sha256-"))
    }

    @Test func embedScriptIsWrittenSmallAndTheReferencePageShowsItsSnippetWithItsDigest() throws {
        let pages = try ExampleSiteTests.build(Self.files)
        let script = try #require(pages["embed.js"])
        #expect(script == Theme.load(overrides: nil, log: DiagnosticLog()).embedScript)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-9", "-c"]
        let input = Pipe(), output = Pipe()
        gzip.standardInput = input
        gzip.standardOutput = output
        try gzip.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        #expect(compressed.count > 100 && compressed.count < 1536, "embed.js is \(compressed.count) bytes gzipped")
        let digest = Data(SHA256.digest(Array(script.utf8))).base64EncodedString()
        let reference = try #require(pages["contact/reference/index.html"])
        #expect(reference.contains(#"<h2 id="embed-this-form">Embed this form</h2>"#))
        #expect(reference.contains("""
        &lt;div data-formgen-form=&quot;https://forms.example.org/contact/&quot; data-title=&quot;Contact &amp;quot;us&amp;quot;&quot;&gt;&lt;/div&gt;
        &lt;script src=&quot;https://forms.example.org/embed.js&quot; integrity=&quot;sha256-\(digest)&quot; crossorigin=&quot;anonymous&quot; async&gt;&lt;/script&gt;
        """))
        #expect(!(pages["other/reference/index.html"] ?? "").contains("embed-this-form"))
    }

    @Test func aSiteWithoutEmbeddableFormsWritesNoEmbedScript() throws {
        let pages = try ExampleSiteTests.build(["configs/site.yaml": "title: S\n", "configs/forms/other.yaml": Self.files["configs/forms/other.yaml"]!])
        #expect(pages["embed.js"] == nil)
    }

    @Test func siteLevelOriginsReachEveryFormAndAFormsOwnReplaceThem() throws {
        let pages = try ExampleSiteTests.build([
            "configs/site.yaml": "title: S\nembed: {origins: [https://a.example.org]}\n",
            "configs/forms/one.yaml": "title: One\nfields:\n  - {id: a, label: A}\n",
            "configs/forms/two.yaml": "title: Two\nembed: {origins: [https://b.example.org]}\nfields:\n  - {id: a, label: A}\n",
        ])
        #expect(try #require(pages["one/index.html"]).contains(#"content="https://a.example.org">"#))
        #expect(try #require(pages["two/index.html"]).contains(#"content="https://b.example.org">"#))
        #expect(!(try #require(pages["index.html"])).contains("formgen-frame-ancestors"))
    }

    /// Writes the built fixture site to disk and returns its output folder, for the header recipes.
    static func builtOutput() throws -> URL {
        let site = try TestSite(files)
        let output = site.root.appendingPathComponent("public")
        let builder = SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil,
                                                        outputDirectory: output.path, toolIdentity: "test"))
        _ = try builder.build()
        return output
    }

    @Test func everyRecipeLetsOnlyTheEmbeddablePagesBeFramedByTheirOrigins() throws {
        let headers = DeployHeaders(output: try Self.builtOutput(), baseURL: "https://forms.example.org/")
        let pages = headers.pages()
        let contact = try #require(pages.first { $0.paths.contains("/contact/") })
        let other = try #require(pages.first { $0.paths.contains("/other/") })
        #expect(contact.embeddable && contact.policy.hasSuffix("; frame-ancestors http://127.0.0.1:8001 https://www.example.org"))
        #expect(!other.embeddable && other.policy.hasSuffix("; frame-ancestors 'none'"))

        let netlify = headers.text(for: .netlify)
        #expect(netlify.contains("/contact/\n  Content-Security-Policy: \(contact.policy)\n/contact/index.html"))
        #expect(netlify.contains("/other/\n  Content-Security-Policy: \(other.policy)\n  X-Frame-Options: DENY\n"))
        #expect(netlify.contains("/embed.js\n  Access-Control-Allow-Origin: *\n"))
        #expect(!netlify.contains("/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: no-referrer\n  X-Frame-Options"))

        let nginx = headers.text(for: .nginx)
        let contactBlock = try #require(nginx.components(separatedBy: "    location = /contact/ {\n").dropFirst().first?.components(separatedBy: "    }").first)
        #expect(!contactBlock.contains("X-Frame-Options") && contactBlock.contains("frame-ancestors http://127.0.0.1:8001 https://www.example.org"))
        let otherBlock = try #require(nginx.components(separatedBy: "    location = /other/ {\n").dropFirst().first?.components(separatedBy: "    }").first)
        #expect(otherBlock.contains(#"add_header X-Frame-Options "DENY" always;"#) && otherBlock.contains("frame-ancestors 'none'"))
        #expect(nginx.contains("    location = /embed.js {\n"))

        let caddy = headers.text(for: .caddy)
        #expect(caddy.contains("    @unframed not path /contact/ /contact/index.html\n    header @unframed X-Frame-Options \"DENY\"\n"))
        #expect(!caddy.contains("    header {\n        X-Content-Type-Options \"nosniff\"\n        Referrer-Policy \"no-referrer\"\n        X-Frame-Options"))
        #expect(caddy.contains("Content-Security-Policy \"\(contact.policy)\""))

        let apache = headers.text(for: .apache)
        #expect(apache.contains("<If \"%{REQUEST_URI} in { '/contact/', '/contact/index.html' }\">\n  Header always set Content-Security-Policy \"\(contact.policy)\"\n  Header always unset X-Frame-Options\n</If>"))
        #expect(apache.contains("<If \"%{REQUEST_URI} in { '/other/', '/other/index.html' }\">\n  Header always set Content-Security-Policy \"\(other.policy)\"\n</If>"))
        #expect(apache.contains("Header always set X-Frame-Options \"DENY\"\n"))
    }

    /// A page whose meta names something that is not an origin (a site template writing it wrongly) keeps denying framing.
    @Test func aMalformedFrameAncestorsMetaDeniesFraming() {
        #expect(DeployHeaders.frameAncestors(inPage: #"<meta name="formgen-frame-ancestors" content="https://a.example.org">"#) == "https://a.example.org")
        #expect(DeployHeaders.frameAncestors(inPage: #"<meta name="formgen-frame-ancestors" content="*">"#) == nil)
        #expect(DeployHeaders.frameAncestors(inPage: #"<meta name="formgen-frame-ancestors" content="https://a.example.org; script-src *">"#) == nil)
    }
}
