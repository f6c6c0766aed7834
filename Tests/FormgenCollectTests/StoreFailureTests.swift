@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// A store that cannot write: 503, one log line naming the error, `/healthz` not ok until a submission is stored again.
@Suite struct StoreFailureTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    /// A collect service over `site` and `store` whose log lines `capture` keeps.
    static func withClient(site: TestSite, store: any SubmissionStore, capture: LogCapture, uploads: String = "uploads",
                           _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store, uploadsDirectory: uploads,
                                     health: StoreHealth(logger: capture.logger))
        var options = site.options
        options.maxBodyBytes = 1 << 20
        let router = CollectRouter(service: service, options: options, logger: TestSite.quietLogger)
        try await Application(router: router.makeRouter()).test(.router, body)
    }

    static func post(_ client: any TestClientProtocol, name: String) async throws -> Int {
        try await client.execute(uri: "/submit/contact", method: .post, headers: json,
                                 body: ByteBuffer(string: #"{"name":"\#(name)"}"#)) { $0.status.code }
    }

    static func health(_ client: any TestClientProtocol) async throws -> (status: Int, body: String) {
        try await client.execute(uri: "/healthz", method: .get) { ($0.status.code, String(buffer: $0.body)) }
    }

    @Test func aFullSQLiteDatabaseGets503OneLogLineAndHealthzNotOkUntilAWriteSucceeds() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        let capture = LogCapture()
        try await Self.withClient(site: site, store: store, capture: capture) { client in
            #expect(try await Self.post(client, name: "Ann") == 200)
            // The file may not grow: the first row that needs a new page gets SQLITE_FULL, as on a full disk.
            try await store.database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1") }
            var statuses: [Int] = []
            while statuses.last != 503, statuses.count < 500 {
                statuses.append(try await Self.post(client, name: "Person \(statuses.count) " + String(repeating: "x", count: 80)))
            }
            #expect(Set(statuses) == [200, 503])
            #expect(statuses.last == 503)
            let failing = try await Self.health(client)
            #expect(failing.status == 503)
            #expect(failing.body.contains(#""ok":false"#) && failing.body.contains("SQLITE_FULL: database or disk is full"), "\(failing.body)")
            #expect(capture.lines == ["error submission not stored: SQLITE_FULL: database or disk is full"])

            try await store.database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
            #expect(try await Self.post(client, name: "Bob") == 200)
            #expect(try await Self.health(client).status == 200)
            #expect(capture.lines.last == "notice submissions are stored again")
        }
        let rows = try await store.submissions(form: nil, since: nil)
        #expect(rows.first?.data == #"{"name":"Ann","terms":false}"# && rows.last?.data == #"{"name":"Bob","terms":false}"#)
    }

    @Test func anUploadsFolderThatCannotBeWrittenGets503AndIsReported() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/forms/claim.yaml", CollectUploadTests.form)
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        // A plain file where the uploads folder should be: creating the folder fails, whoever runs the test.
        let blocked = site.root.appendingPathComponent("uploads-blocked").path
        try site.write("uploads-blocked", "not a folder")
        let capture = LogCapture()
        let store = try SQLiteSubmissionStore(path: site.database)
        try await Self.withClient(site: site, store: store, capture: capture, uploads: blocked) { client in
            let body = CollectUploadTests.body(file: Data("%PDF-1.7\n%fake but well-formed enough\n".utf8), filename: "scan.pdf")
            let status = try await client.execute(uri: "/submit/claim", method: .post,
                                                  headers: [.contentType: "multipart/form-data; boundary=\(CollectUploadTests.boundary)"],
                                                  body: ByteBuffer(data: body)) { $0.status.code }
            #expect(status == 503)
            #expect(try await Self.health(client).status == 503)
        }
        #expect(capture.lines.count == 1)
        #expect(capture.lines.first?.hasPrefix("error submission not stored: the files could not be written to \(blocked)") == true, "\(capture.lines)")
        #expect(try await store.submissions(form: nil, since: nil).isEmpty)
    }

    @Test func theSQLiteFileHasNoMemoryMappedSharedFile() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await Self.withClient(site: site, store: store, capture: LogCapture()) { client in
            let status = try await Self.post(client, name: "Ann")
            #expect(status == 200)
        }
        // WAL mode's -shm file is mapped into memory: when it cannot be written, the process dies with SIGBUS.
        #expect(!FileManager.default.fileExists(atPath: site.database + "-shm"))
        #expect(!FileManager.default.fileExists(atPath: site.database + "-wal"))
        #expect(try await store.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "delete")
        #expect(try await store.database.read { db in try Int.fetchOne(db, sql: "PRAGMA mmap_size") } == 0)
    }

    @Test func aFailingStoreIsReportedWithItsReason() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let capture = LogCapture()
        try await Self.withClient(site: site, store: FailingStore(), capture: capture) { client in
            #expect(try await Self.health(client).status == 200)
            #expect(try await Self.post(client, name: "Ann") == 503)
            let failing = try await Self.health(client)
            #expect(failing.status == 503)
            #expect(failing.body == #"{"error":"down","forms":2,"ok":false}"# + "\n")
        }
        #expect(capture.lines == ["error submission not stored: down"])
    }
}
