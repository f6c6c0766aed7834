import FormgenCore
import FormgenServer
import FormgenTestSupport
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing

/// The preview's submission sink: validation like the page's, 422 or 200, and a JSON Lines file.
@Suite struct SubmissionSinkTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    @Test func anInvalidSubmissionGets422WithAMessagePerField() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/contact", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":"  ","age":12}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType] == "application/json")
                let answer = try JSONDecoder().decode([String: [String: String]].self, from: Data(buffer: response.body))
                #expect(answer["errors"]?["age"] == "You must be 18 or over")
                #expect(answer["errors"]?["name"] != nil)
                #expect(answer["errors"]?.count == 2)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: site.submissions.path))
    }

    /// A required field the page fills from a data source, which the source left out (null or absent): the sink (and
    /// collect, through the same handler) refuses the answers with 422 and says what is missing (#35).
    @Test func aRequiredPrefilledFieldLeftOutIsRefused() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        try site.write("configs/forms/profile.yaml", """
            id: profile
            title: Profile
            dataSources:
              - { id: me, type: api, endpoint: /api/me, fields: [birth_date] }
            fields:
              - { id: birth_date, label: Date of birth, type: date, required: true, dataSource: me }
              - { id: email, label: Email, type: email, required: true }

            """)
        _ = try SiteBuilder(options: site.buildOptions).build()
        try await site.withClient { client in
            for body in [#"{"email":"a@b.co"}"#, #"{"email":"a@b.co","birth_date":null}"#] {
                try await client.execute(uri: "/__formgen/submit/profile", method: .post, headers: Self.json,
                                         body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .unprocessableContent)
                    #expect(response.text == #"{"errors":{"birth_date":"Date of birth is missing: we could not fill it in for you"}}"# + "\n")
                }
            }
            try await client.execute(uri: "/__formgen/submit/profile", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"email":"a@b.co","birth_date":"1985-03-15"}"#)) { response in
                #expect(response.status == .ok)
            }
        }
    }

    /// The sink answers in the language of the page that posted: `fr/avis/` gets French messages and a French page.
    @Test func theAnswerIsInThePostingPagesLanguage() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        try site.write("configs/forms/avis.yaml", """
            id: avis
            title: { en: Feedback, fr: Avis }
            languages: [en, fr]
            fields:
              - { id: name, label: { en: Name, fr: Nom }, type: text, required: true }

            """)
        _ = try SiteBuilder(options: site.buildOptions).build()
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/fr/avis", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":""}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.text == #"{"errors":{"name":"Saisissez nom"}}"# + "\n")
            }
            try await client.execute(uri: "/__formgen/submit/avis", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":""}"#)) { response in
                #expect(response.text == #"{"errors":{"name":"Enter name"}}"# + "\n")
            }
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"]
            try await client.execute(uri: "/__formgen/submit/fr/avis", method: .post, headers: form,
                                     body: ByteBuffer(string: "name=Ann")) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains(#"<html lang="fr" dir="ltr">"#))
                #expect(response.text.contains("<h1>Envoi reçu</h1>"))
                #expect(response.text.contains(#"<a href="/fr/avis/">Retour au formulaire</a>"#))
            }
        }
    }

    /// A counted message comes in the plural form of its number in the posting page's language, as the page shows it.
    @Test func countedMessagesTakeThePageLanguagesPluralForm() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        try site.write("configs/forms/kod.yaml", """
            id: kod
            title: Kod
            languages: [en, pl]
            fields:
              - { id: code, label: { en: Code, pl: Kod }, type: text, validation: { minLength: 22 } }

            """)
        _ = try SiteBuilder(options: site.buildOptions).build()
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/pl/kod", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"code":"abc"}"#)) { response in
                #expect(response.text == #"{"errors":{"code":"Kod musi mieć co najmniej 22 znaki"}}"# + "\n")
            }
            try await client.execute(uri: "/__formgen/submit/kod", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"code":"abc"}"#)) { response in
                #expect(response.text == #"{"errors":{"code":"Code must be 22 characters or more"}}"# + "\n")
            }
        }
    }

    @Test func aValidSubmissionIsAcceptedAndKeptAcrossRestarts() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        for name in ["Ann", "Bob"] {
            try await site.withClient { client in
                try await client.execute(uri: "/__formgen/submit/contact", method: .post, headers: Self.json,
                                         body: ByteBuffer(string: #"{"name":" \#(name) ","age":30,"topics":["News"]}"#)) { response in
                    #expect(response.status == .ok)
                    #expect(response.text == #"{"id":\#(name == "Ann" ? 1 : 2),"message":"Thanks, we got it.","ok":true}"# + "\n")
                }
            }
        }
        let lines = try site.read(".formgen/submissions.jsonl").split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == #"{"data":{"age":30,"name":"Ann","topics":["News"]},"form":"contact","id":1,"path":"contact","receivedAt":"2025-10-09T08:53:20Z"}"#)
        #expect(lines.last?.contains(#""name":"Bob""#) == true)
    }

    @Test func aFormPostedWithoutJavaScriptGetsAPageBack() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "text/html,application/xhtml+xml"]
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/contact", method: .post, headers: form,
                                     body: ByteBuffer(string: "name=Ann+Lee&age=41&topics=News&topics=Events")) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.text.contains("Submission received"))
                #expect(response.text.contains(#"<a href="/contact/">Back to the form</a>"#))
                #expect(!response.text.contains("javascript:"))
            }
            try await client.execute(uri: "/__formgen/submit/contact", method: .post, headers: form,
                                     body: ByteBuffer(string: "name=%3Cb%3E&age=3")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains("You must be 18 or over"))
                #expect(!response.text.contains("<b>"))
            }
        }
        let line = try site.read(".formgen/submissions.jsonl")
        #expect(line.contains(#""data":{"age":41,"name":"Ann Lee","topics":["News","Events"]}"#))
    }

    @Test(arguments: [
        ("/__formgen/submit/nothing-here", "application/json", "{}", HTTPResponse.Status.notFound),
        ("/__formgen/submit/../contact", "application/json", "{}", .notFound),
        ("/__formgen/submit/contact", "text/plain", "{}", .unsupportedMediaType),
        ("/__formgen/submit/contact", "application/json", "[1,2]", .badRequest),
        ("/__formgen/submit/contact", "application/json", "{not json", .badRequest),
    ])
    func badSubmissionsGetA4xx(path: String, type: String, body: String, status: HTTPResponse.Status) async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            try await client.execute(uri: path, method: .post, headers: [.contentType: type], body: ByteBuffer(string: body)) { response in
                #expect(response.status == status)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: site.submissions.path))
    }

    /// The sink answers a no-JS post with the theme's `layouts/answer.mustache`, which a site's templates override.
    @Test func aSitesOwnAnswerTemplateIsThePageANoScriptPostGets() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        try site.write("templates/layouts/answer.mustache", "{{<base}}\n{{$main}}\n<p class=\"own\">Ours: {{heading}} / {{formTitle}}</p>\n{{/main}}\n{{/base}}\n")
        var build = site.buildOptions
        build.templatesDirectory = site.root.appendingPathComponent("templates").path
        _ = try SiteBuilder(options: build).build()
        let server = PreviewServer(options: ServeOptions(build: build), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let app = Application(router: server.makeRouter(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.router) { client in
            try await client.execute(uri: "/__formgen/submit/contact", method: .post,
                                     headers: [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"],
                                     body: ByteBuffer(string: "name=Ann&age=3")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains(#"<p class="own">Ours: There is a problem / Contact us</p>"#))
            }
        }
    }

    /// The sink has collect's traps: a filled honeypot is answered like a stored submission and dropped, a post sent
    /// sooner than `minSeconds` gets 422 with the page's text; and a retried `Idempotency-Key` is stored once.
    @Test func trapsAndRetriesAreHonouredAsCollectHonoursThem() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        try site.write("configs/site.yaml", "title: Test site\nbaseURL: /\nlanguage: en\nsubmit:\n  provider: collect\n  url: https://forms.example.org\n")
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "submit:\n", with: "submit:\n  minSeconds: 3\n"))
        _ = try SiteBuilder(options: site.buildOptions).build()
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/contact", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":"Bot","_gotcha":"http://spam.example","fg-elapsed":9}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.text == #"{"message":"Thanks, we got it.","ok":true}"# + "\n")
            }
            try await client.execute(uri: "/__formgen/submit/contact", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":"Ann","fg-elapsed":1}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains("That was quicker than a person can fill in this form."))
            }
            for _ in 0..<2 {
                var headers = Self.json
                headers[HTTPField.Name("Idempotency-Key")!] = "retry-1"
                try await client.execute(uri: "/__formgen/submit/contact", method: .post, headers: headers,
                                         body: ByteBuffer(string: #"{"name":"Ann","fg-elapsed":9}"#)) { response in
                    #expect(response.text == #"{"id":1,"message":"Thanks, we got it.","ok":true}"# + "\n")
                }
            }
        }
        let lines = try site.read(".formgen/submissions.jsonl").split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""idempotencyKey":"retry-1""#) == true)
        #expect(lines.first?.contains("Bot") == false)
    }
}
