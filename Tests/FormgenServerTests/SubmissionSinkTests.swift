import FormgenCore
import FormgenServer
import Foundation
import Hummingbird
import HummingbirdTesting
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
}
