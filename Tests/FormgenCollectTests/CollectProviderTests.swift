import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `submit: {provider: collect, url}` points a form's action (and its CSP) at a collect instance.
@Suite struct CollectProviderTests {
    @Test func aCollectProviderSetsTheActionAndThePolicy() throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/site.yaml", """
        title: Test site
        baseURL: /
        language: en
        submit:
          provider: collect
          url: https://forms.example.org/

        """)
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        let page = String(decoding: try Data(contentsOf: site.output.appendingPathComponent("contact/index.html")), as: UTF8.self)
        #expect(page.contains(#"action="https://forms.example.org/submit/contact""#))
        #expect(page.contains("connect-src https://forms.example.org;"))
        #expect(page.contains("form-action https://forms.example.org;"))
        #expect(try FormSpec(pageHTML: page).submit.action == "https://forms.example.org/submit/contact")
    }

    @Test func aCollectFormGetsASentPageThatPostsWithoutJavaScriptLandOn() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(
            of: "submit:\n", with: "submit:\n  provider: collect\n  url: https://forms.example.org\n"))
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        let sent = String(decoding: try Data(contentsOf: site.output.appendingPathComponent("contact/sent/index.html")), as: UTF8.self)
        #expect(sent.contains("""
        <div class="fg-panel">
        <h1 class="fg-panel-title">Thank you. Your answers have been sent.</h1>
        <p class="fg-panel-body">Contact us</p>
        </div>
        <p>Thanks, we got it.</p>
        <p><a href="../">Contact us</a></p>
        """))
        #expect(sent.contains("<style>") && sent.contains(".fg-panel{") && !sent.contains(".fg-error-summary{"))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("signup/sent").path), "signup does not post to collect")
        let page = String(decoding: try Data(contentsOf: site.output.appendingPathComponent("contact/index.html")), as: UTF8.self)
        #expect(try FormSpec(pageHTML: page).submit.sentPage == "/contact/sent/")

        let store = try SQLiteSubmissionStore(path: site.database)
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"]
        try await site.withClient(store: store) { client in
            var fromSite = form
            fromSite[.origin] = "https://forms.example.org"
            try await client.execute(uri: "/submit/contact", method: .post, headers: fromSite, body: ByteBuffer(string: "name=Ann")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "https://forms.example.org/contact/sent/")
            }
            var elsewhere = form
            elsewhere[.origin] = "https://evil.example"
            try await client.execute(uri: "/submit/contact", method: .post, headers: elsewhere, body: ByteBuffer(string: "name=Bo")) { response in
                #expect(response.status == .ok, "no redirect to an origin collect does not serve")
                #expect(String(buffer: response.body).contains("<p>Thanks, we got it.</p>"))
            }
        }
        #expect(try await store.submissions(form: nil, since: nil).count == 2)
    }

    @Test func anUnknownProviderOrAMissingURLIsAConfigError() throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/site.yaml", "title: Test site\nbaseURL: /\nsubmit:\n  provider: getform\n")
        try site.write("configs/forms/signup.yaml", TestSite.redirectForm + "\n")
        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(
            of: "submit:\n", with: "submit:\n  provider: collect\n"))
        let options = BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path, templatesDirectory: nil,
                                   outputDirectory: site.output.path)
        let error = try #require(throws: ConfigErrors.self) { try SiteBuilder(options: options).build() }
        let messages = error.diagnostics.map(\.message)
        #expect(messages.contains("unknown submit provider 'getform' (known: collect, netlify, formspree, webhook)"))
        #expect(messages.contains("submit provider 'collect' needs url: the http(s) address of the formgen collect instance"))
    }
}
