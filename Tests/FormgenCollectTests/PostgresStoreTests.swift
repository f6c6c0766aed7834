@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import Testing

/// The PostgreSQL store against the real server scripts/test starts on loopback (one test at a time: one of them
/// stops the server). The same verdicts as on SQLite; two instances writing at once; a database restart mid-run.
@Suite(.serialized) struct PostgresStoreTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    /// A store with a generous deadline: the suite's other tests block the test pool's two threads for many
    /// seconds at a time; only the restart test needs a short one (its requests to the stopped server must give 503).
    static func store(_ url: PostgresURL, timeout: Duration = .seconds(120)) async throws -> PostgresSubmissionStore {
        try await PostgresSubmissionStore(url: url, connections: 8, timeout: timeout, connectTimeout: timeout, logger: TestSite.quietLogger)
    }

    @Test func theEndpointAgreesWithTheValidatorOnEverySharedVector() async throws {
        let store = try await Self.store(try await TestPostgres.freshDatabase())
        try await SharedVectorTests.postEveryVector(to: store)
        await store.close()
    }

    @Test func validInvalidHiddenAndRetriedSubmissionsAsOnSQLite() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try await Self.store(try await TestPostgres.freshDatabase())
        try await site.withClient(store: store) { client in
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":" Ann ","age":30,"topics":["News"],"company":"Hidden Inc"}"#)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"id":1,"message":"Thanks, we got it.","ok":true}"# + "\n")
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"name":"  ","age":12}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body) == #"{"errors":{"age":"You must be 18 or over","name":"Enter your name"}}"# + "\n")
            }
            var headers = Self.json
            headers[.init("Idempotency-Key")!] = "abc-123"
            for _ in 0..<3 {
                try await client.execute(uri: "/submit/contact", method: .post, headers: headers, body: ByteBuffer(string: #"{"name":"Bob"}"#)) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body).contains(#""id":2"#))
                }
            }
            try await client.execute(uri: "/submit/signup", method: .post,
                                     headers: [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"],
                                     body: ByteBuffer(string: "email=ann%40example.org")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/thanks/")
            }
        }
        let rows = try await store.submissions(form: nil, since: nil)
        #expect(rows.map(\.data) == [#"{"age":30,"name":"Ann","terms":false,"topics":["News"]}"#, #"{"name":"Bob","terms":false}"#,
                                     #"{"email":"ann@example.org"}"#])
        #expect(rows.map(\.idempotencyKey) == [nil, "abc-123", nil])
        #expect(rows.allSatisfy { $0.digest == hex($0.data) })
        // A retry's `ON CONFLICT DO NOTHING` uses up a sequence number: ids grow but may skip.
        #expect(try await store.submissions(form: "signup", since: nil).map(\.data) == [#"{"email":"ann@example.org"}"#])
        await store.close()
    }

    @Test func instancesStartingTogetherMigrateOnce() async throws {
        let url = try await TestPostgres.freshDatabase()
        async let first = Self.store(url)
        async let second = Self.store(url)
        let stores = try await [first, second]
        #expect(try await TestPostgres.column(url, "SELECT version FROM formgen_migrations ORDER BY version")
            == ["v1 submissions", "v2 webhook outbox", "v3 key id"])
        for store in stores { await store.close() }
    }

    @Test func twoInstancesWritingAThousandSubmissionsAtOnceLoseAndDuplicateNothing() async throws {
        let url = try await TestPostgres.freshDatabase()
        let stores = [try await Self.store(url), try await Self.store(url)]
        let writers = stores.map { ConcurrentWriters.service($0) }
        // Every submission goes to one instance; every tenth is sent again to the other with the same key.
        let statuses = try await ConcurrentWriters.post(count: 1_000, through: writers, workers: 16, repeatEvery: 10)
        #expect(statuses.allSatisfy { $0 == 200 })
        let rows = try await stores[0].submissions(form: "contact", since: nil)
        #expect(rows.count == 1_000)
        #expect(Set(rows.compactMap(\.idempotencyKey)) == Set((0..<1_000).map { "key-\($0)" }))
        #expect(Set(rows.map(\.id)).count == 1_000)
        for store in stores { await store.close() }
    }

    @Test func aDatabaseRestartMidRunGives503AndEveryRetryIsStoredOnce() async throws {
        let url = try await TestPostgres.freshDatabase()
        let stores = [try await Self.store(url, timeout: .seconds(15)), try await Self.store(url, timeout: .seconds(15))]
        let writers = stores.map { ConcurrentWriters.service($0, webhooks: ["contact": ["http://127.0.0.1:9/hook"]]) }
        let run = ConcurrentWriters.Progress()
        async let statuses = ConcurrentWriters.post(count: 400, through: writers, workers: 8, repeatEvery: 0, progress: run, retryUnavailable: true)
        await run.wait { $0.stored >= 100 }
        try await TestPostgres.control("kill")
        await run.wait { $0.unavailable >= 8 }
        try await TestPostgres.control("resume")
        let final = try await statuses
        #expect(final.allSatisfy { $0 == 200 })
        #expect(await run.unavailable >= 8)
        let rows = try await stores[1].submissions(form: "contact", since: nil)
        #expect(rows.count == 400)
        #expect(Set(rows.compactMap(\.idempotencyKey)).count == 400)
        #expect(rows.allSatisfy { $0.digest == hex($0.data) && $0.data.hasPrefix(#"{"name":"Person "#) })
        let outbox = try await stores[0].outbox()
        #expect(outbox.map(\.submission.id).sorted() == rows.map(\.id).sorted())
        for store in stores { await store.close() }
    }

    /// A statement sent and not answered within the deadline may still be done: the error says so, and collect then
    /// keeps the submission's files (a row may land after the 503 and name them).
    @Test func aStatementPastTheDeadlineMayStillBeDone() async throws {
        let store = try await PostgresSubmissionStore(url: try await TestPostgres.freshDatabase(), connections: 1, timeout: .milliseconds(500),
                                                      connectTimeout: .seconds(60), logger: TestSite.quietLogger)
        do {
            _ = try await store.withRetries(safeAfterSending: false) { _ in
                try await Task.sleep(for: .seconds(5))
                return 0
            }
            Issue.record("the deadline did not end the operation")
        } catch let unavailable as StoreUnavailable {
            #expect(unavailable.reason.contains("did not answer within"), "\(unavailable.reason)")
            #expect(unavailable.mayBeStored)
        }
        await store.close()
    }

    @Test func aDatabaseThatIsDownGets503WithoutWaitingForTheDeadlineAndHealthzRecovers() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        // The defaults: 5 s for an operation, 1 s to get a connection.
        let store = try await PostgresSubmissionStore(url: try await TestPostgres.freshDatabase(), connections: 2, logger: TestSite.quietLogger)
        let capture = LogCapture()
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store, health: StoreHealth(logger: capture.logger))
        let router = CollectRouter(service: service, options: site.options, logger: TestSite.quietLogger)
        try await Application(router: router.makeRouter()).test(.router) { client in
            let post = { @Sendable (name: String) async throws -> Int in
                try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json,
                                         body: ByteBuffer(string: #"{"name":"\#(name)"}"#)) { $0.status.code }
            }
            #expect(try await post("Ann") == 200)
            try await TestPostgres.control("kill")
            #expect(try await post("Bob") == 503)
            #expect(try await post("Cy") == 503)
            // Refused for want of a connection (the 1 s connect timeout), not after the 5 s operation deadline.
            let problem = try #require(service.health.problem)
            #expect(problem.contains("no connection to PostgreSQL within"), "\(problem)")
            #expect(try await client.execute(uri: "/healthz", method: .get) { $0.status.code } == 503)
            #expect(capture.lines.count == 2 && capture.lines.allSatisfy { $0.hasPrefix("error submission not stored: ") }, "\(capture.lines)")
            try await TestPostgres.control("resume")
            var status = 0
            for _ in 0..<120 where status != 200 {
                status = try await post("Dee")
                if status != 200 { try await Task.sleep(for: .milliseconds(500)) }
            }
            #expect(status == 200)
            #expect(try await client.execute(uri: "/healthz", method: .get) { $0.status.code } == 200)
        }
        #expect(try await store.submissions(form: nil, since: nil).map(\.data) == [#"{"name":"Ann","terms":false}"#, #"{"name":"Dee","terms":false}"#])
        await store.close()
    }

    @Test func aWebhookReceiverThatFailsFirstGetsTheSubmissionOnceItIsBack() async throws {
        let store = try await Self.store(try await TestPostgres.freshDatabase())
        try await WebhookTests.deliverWithRetries(store: store)
        await store.close()
    }

    func hex(_ text: String) -> String { SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
}

/// Encryption at rest, retention and erasure on PostgreSQL: the same checks as on SQLite (in the serialized suite: one
/// of its tests stops the server).
extension PostgresStoreTests {
    @Test func theRawPostgreSQLRowHoldsNoClearBSN() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let url = try await TestPostgres.freshDatabase()
        let store = try await Self.store(url)
        let keyring = try KYCSite.keyring(KYCSite.keyA)
        try await EncryptionTests.post(site, store: store, keyring: keyring, bodies: [KYCSite.body])
        let raw = try await TestPostgres.column(url, "SELECT data FROM submissions")
        #expect(raw.count == 1)
        #expect(raw.allSatisfy { !$0.contains(KYCSite.bsn) && $0.contains("fg:sealed") && $0.contains(#""name":"Ann Smit""#) })
        #expect(try await TestPostgres.column(url, "SELECT key_id FROM submissions") == [keyring.current.id])
        let opened = try SubmissionCipher.open(try await store.submissions(form: "kyc", since: nil), keyring: keyring)
        #expect(opened.map(\.data).allSatisfy { $0.contains(#""bsn":"111222333""#) })
        let both = try KYCSite.keyring(KYCSite.keyB, KYCSite.keyA)
        #expect(try await KeyRotation(store: store, keyring: both).run().resealed == [1])
        #expect(try await TestPostgres.column(url, "SELECT key_id FROM submissions") == [both.current.id])
        #expect(try SubmissionCipher.open(try await store.submissions(form: "kyc", since: nil), keyring: try KYCSite.keyring(KYCSite.keyB)).map(\.data)
                == opened.map(\.data))
        await store.close()
    }

    @Test func theSweeperDeletesExactlyTheExpiredRowsAndTheirUploads() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try await Self.store(try await TestPostgres.freshDatabase())
        try await RetentionTests.sweepDeletesExactlyTheExpiredRowsAndTheirUploads(store, uploads: site.root.appendingPathComponent("uploads").path,
                                                                                   forms: try SiteForms(site: site.output.path))
        await store.close()
    }

    @Test func eraseFindsAPersonByTheirSealedBSN() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try await Self.store(try await TestPostgres.freshDatabase())
        try await RetentionTests.eraseFindsAPersonBySealedBSN(store, site: site)
        await store.close()
    }

    @Test func erasureAndRetentionDeleteASealedUpload() async throws {
        let store = try await Self.store(try await TestPostgres.freshDatabase())
        try await SealedUploadTests.withHarness(store: { _ in store }, SealedUploadTests.erasureAndRetentionDeleteTheSealedFile)
        await store.close()
    }

    @Test func aRemovalBetweenKeepingAFileAndStoringItsRowKeepsIt() async throws {
        let store = try await Self.store(try await TestPostgres.freshDatabase())
        try await UploadLeaseTests.withHarness(store: { _ in store }, UploadLeaseTests.removalBetweenKeepingAndStoring)
        try await UploadLeaseTests.withHarness(store: { _ in store }, UploadLeaseTests.keptForASubmissionThatFails)
        await store.close()
    }
}
