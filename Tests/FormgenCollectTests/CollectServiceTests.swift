import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `POST /submit/<form>` against SQLite: verdicts like the page's, stored only when valid, answered after the commit.
@Suite struct CollectServiceTests {
    static let json: HTTPFields = [.contentType: "application/json"]
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"]

    @Test func aValidSubmissionIsStoredWithItsCleanedDataAndDigest() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":" Ann ","age":30,"topics":["News"],"company":"Hidden Inc"}"#)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"id":1,"message":"Thanks, we got it.","ok":true}"# + "\n")
            }
        }
        let rows = try await store.submissions(form: nil, since: nil)
        #expect(rows.count == 1)
        #expect(rows.first?.form == "contact")
        #expect(rows.first?.data == #"{"age":30,"name":"Ann","terms":false,"topics":["News"]}"#)
        #expect(rows.first?.digest == SHA256.digest(Array(#"{"age":30,"name":"Ann","terms":false,"topics":["News"]}"#.utf8))
            .map { String(format: "%02x", $0) }.joined())
    }

    @Test func anInvalidSubmissionGets422AndIsNotStored() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":"  ","age":12}"#)) { response in
                #expect(response.status == .unprocessableContent)
                let answer = try JSONDecoder().decode([String: [String: String]].self, from: Data(buffer: response.body))
                #expect(answer == ["errors": ["age": "You must be 18 or over", "name": "Enter your name"]])
            }
        }
        #expect(try await store.submissions(form: nil, since: nil).isEmpty)
    }

    @Test func aRetryWithTheSameIdempotencyKeyIsStoredOnce() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            var headers = Self.json
            headers[.init("Idempotency-Key")!] = "abc-123"
            for _ in 0..<3 {
                try await client.execute(uri: "/submit/contact", method: .post, headers: headers,
                                         body: ByteBuffer(string: #"{"name":"Ann"}"#)) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body).contains(#""id":1"#))
                }
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.form,
                                     body: ByteBuffer(string: "name=Bob&fg-idempotency-key=field-key")) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.form,
                                     body: ByteBuffer(string: "name=Bob&fg-idempotency-key=field-key")) { response in
                #expect(response.status == .ok)
            }
        }
        let rows = try await store.submissions(form: "contact", since: nil)
        #expect(rows.map(\.idempotencyKey) == ["abc-123", "field-key"])
    }

    @Test func malformedOversizedAndWrongTypeBodiesGet400_413_415() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json, body: ByteBuffer(string: "[1,2")) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json, body: ByteBuffer(string: "[1,2]")) { response in
                #expect(response.status == .badRequest)
            }
            let big = #"{"name":""# + String(repeating: "x", count: 5000) + #""}"#
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json, body: ByteBuffer(string: big)) { response in
                #expect(response.status == .contentTooLarge)
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: [.contentType: "text/plain"],
                                     body: ByteBuffer(string: "name=Ann")) { response in
                #expect(response.status == .unsupportedMediaType)
            }
            try await client.execute(uri: "/submit/nope", method: .post, headers: Self.json, body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/submit/../contact", method: .post, headers: Self.json, body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .notFound)
            }
        }
        #expect(try await store.submissions(form: nil, since: nil).isEmpty)
    }

    @Test func aFormPostedWithoutJavaScriptIsRedirectedOrAnsweredInHTML() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            try await client.execute(uri: "/submit/signup", method: .post, headers: Self.form,
                                     body: ByteBuffer(string: "email=ann%40example.org")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/thanks/")
            }
            try await client.execute(uri: "/submit/signup", method: .post, headers: Self.form, body: ByteBuffer(string: "email=nope")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(String(buffer: response.body).contains(#"<html lang="nl" dir="ltr">"#))
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.form,
                                     body: ByteBuffer(string: "name=%3Cb%3EAnn&topics=News&topics=Events&terms=on")) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("<p>Thanks, we got it.</p>"))
            }
        }
        let rows = try await store.submissions(form: nil, since: nil)
        #expect(rows.map(\.data) == [#"{"email":"ann@example.org"}"#, #"{"name":"<b>Ann","terms":true,"topics":["News","Events"]}"#])
    }

    /// `formgen collect --templates DIR`: a site's `layouts/answer.mustache` is the page a no-JS post gets, as under serve.
    @Test func aSitesOwnAnswerTemplateIsThePageANoScriptPostGets() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("templates/layouts/answer.mustache", "{{<base}}\n{{$main}}\n<p class=\"own\">Ours: {{formTitle}}</p>\n{{/main}}\n{{/base}}\n")
        var options = site.options
        options.templatesDirectory = site.root.appendingPathComponent("templates").path
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store, options: options) { client in
            try await client.execute(uri: "/submit/signup", method: .post, headers: Self.form, body: ByteBuffer(string: "email=nope")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains(#"<p class="own">Ours: "#))
            }
        }
    }

    @Test func corsAnswersOnlyTheConfiguredOriginAndHealthzIsUp() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            try await client.execute(uri: "/submit/contact", method: .options, headers: [.origin: "https://forms.example.org"]) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == "https://forms.example.org")
            }
            try await client.execute(uri: "/submit/contact", method: .options, headers: [.origin: "https://evil.example"]) { response in
                #expect(response.status == .forbidden)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
            var headers = Self.json
            headers[.origin] = "https://evil.example"
            try await client.execute(uri: "/submit/contact", method: .post, headers: headers, body: ByteBuffer(string: #"{"name":"x"}"#)) { response in
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"forms":2,"ok":true}"# + "\n")
            }
        }
    }

    @Test func aClientOverItsRateGets429() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        var options = site.options
        options.ratePerSecond = 0.001
        options.rateBurst = 2
        try await site.withClient(store: try SQLiteSubmissionStore(path: site.database), options: options) { client in
            var statuses: [Int] = []
            for _ in 0..<3 {
                statuses.append(try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json,
                                                         body: ByteBuffer(string: #"{"name":"x"}"#)) { $0.status.code })
            }
            #expect(statuses == [200, 200, 429])
        }
    }

    @Test func aStoreThatFailsGets503() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient(store: FailingStore()) { client in
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"name":"x"}"#)) { response in
                #expect(response.status == .serviceUnavailable)
            }
        }
    }
}

/// A store whose database is down.
struct FailingStore: SubmissionStore {
    func store(_ submission: NewSubmission) async throws -> StoreOutcome { throw StoreUnavailable(reason: "down") }
    func submissions(form: String?, since: Date?) async throws -> [SubmissionRecord] { throw StoreUnavailable(reason: "down") }
    func claimDeliveries(now: Date, until: Date, limit: Int) async throws -> [WebhookDelivery] { throw StoreUnavailable(reason: "down") }
    func deliveryDone(id: Int64, at: Date) async throws { throw StoreUnavailable(reason: "down") }
    func deliveryFailed(id: Int64, retryAt: Date, error: String) async throws { throw StoreUnavailable(reason: "down") }
    func outbox() async throws -> [WebhookDelivery] { throw StoreUnavailable(reason: "down") }
    func submissions(form: String, before: Date) async throws -> [SubmissionRecord] { throw StoreUnavailable(reason: "down") }
    func delete(ids: [Int64]) async throws -> Int { throw StoreUnavailable(reason: "down") }
    func replace(id: Int64, data: String, keyID: String?) async throws { throw StoreUnavailable(reason: "down") }
    func pendingDeliveries() async throws -> Int { throw StoreUnavailable(reason: "down") }
    func referencedDigests(_ digests: Set<String>) async throws -> Set<String> { throw StoreUnavailable(reason: "down") }
    func ping() async throws { throw StoreUnavailable(reason: "down") }
    func summaries() async throws -> [FormSummary] { throw StoreUnavailable(reason: "down") }
    func page(form: String, limit: Int, offset: Int) async throws -> [SubmissionRecord] { throw StoreUnavailable(reason: "down") }
    func submission(id: Int64) async throws -> SubmissionRecord? { throw StoreUnavailable(reason: "down") }
}
