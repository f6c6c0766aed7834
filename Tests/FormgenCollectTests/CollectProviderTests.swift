import FormgenCollect
import FormgenCore
import Foundation
import Testing

/// `submit: {provider: collect, url}` points a form's action (and its CSP) at a collect instance.
@Suite struct CollectProviderTests {
    @Test func aCollectProviderSetsTheActionAndThePolicy() throws {
        let site = try CollectSite.make()
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

    @Test func anUnknownProviderOrAMissingURLIsAConfigError() throws {
        let site = try CollectSite.make()
        defer { site.remove() }
        try site.write("configs/site.yaml", "title: Test site\nbaseURL: /\nsubmit:\n  provider: getform\n")
        try site.write("configs/forms/signup.yaml", CollectSite.redirectForm + "\n")
        try site.write("configs/forms/contact.yaml", CollectSite.contactForm.replacingOccurrences(
            of: "submit:\n", with: "submit:\n  provider: collect\n"))
        let options = BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path, templatesDirectory: nil,
                                   outputDirectory: site.output.path)
        let error = try #require(throws: ConfigErrors.self) { try SiteBuilder(options: options).build() }
        let messages = error.diagnostics.map(\.message)
        #expect(messages.contains("unknown submit provider 'getform' (known: collect, netlify, formspree, webhook)"))
        #expect(messages.contains("submit provider 'collect' needs url: the http(s) address of the formgen collect instance"))
    }
}
