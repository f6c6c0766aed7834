import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The page's bot traps honoured by the endpoint: a filled honeypot (`_gotcha` for `provider: collect`) is answered
/// like a stored submission and dropped; `fg-elapsed` under `minSeconds` gets 422 with the page's `tooFast` text.
@Suite struct BotTrapTests {
    static func trappedSite() throws -> TestSite {
        let site = try TestSite.make()
        try site.write("configs/site.yaml", "title: Test site\nbaseURL: /\nlanguage: en\nsubmit:\n  provider: collect\n  url: https://forms.example.org\n")
        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(of: "submit:\n", with: "submit:\n  minSeconds: 3\n"))
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        return site
    }

    @Test func thePageCarriesTheTrapsTheEndpointReads() throws {
        let site = try Self.trappedSite()
        defer { site.remove() }
        let page = String(decoding: try Data(contentsOf: site.output.appendingPathComponent("contact/index.html")), as: UTF8.self)
        #expect(page.contains(#"name="_gotcha""#))
        let spec = try FormSpec(pageHTML: page)
        #expect(spec.submit.honeypot == "_gotcha")
        #expect(spec.submit.minSeconds == 3)
    }

    @Test func aFilledHoneypotIsAnsweredLikeASuccessAndNotStored() async throws {
        let site = try Self.trappedSite()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            try await client.execute(uri: "/submit/contact", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: #"{"name":"Bot","_gotcha":"http://spam.example","fg-elapsed":9}"#)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"message":"Thanks, we got it.","ok":true}"# + "\n")
            }
            try await client.execute(uri: "/submit/signup", method: .post,
                                     headers: [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"],
                                     body: ByteBuffer(string: "email=nope&_gotcha=filled")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/thanks/")
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: #"{"name":"Ann","_gotcha":"","fg-elapsed":3}"#)) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(try await store.submissions(form: nil, since: nil).map(\.data) == [#"{"name":"Ann","terms":false}"#])
    }

    @Test func aSubmissionSentSoonerThanMinSecondsGets422WithThePagesText() async throws {
        let site = try Self.trappedSite()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            for elapsed in [#"1"#, #"2.9"#, #""soon""#] {
                try await client.execute(uri: "/submit/contact", method: .post, headers: [.contentType: "application/json"],
                                         body: ByteBuffer(string: #"{"name":"Ann","fg-elapsed":\#(elapsed)}"#)) { response in
                    #expect(response.status == .unprocessableContent)
                    #expect(String(buffer: response.body).contains("That was quicker than a person can fill in this form."))
                }
            }
            // A post without the runtime (no fg-elapsed) cannot be timed and is taken.
            try await client.execute(uri: "/submit/contact", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                     body: ByteBuffer(string: "name=Ann&_gotcha=")) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(try await store.submissions(form: nil, since: nil).count == 1)
    }
}
