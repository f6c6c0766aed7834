@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Testing

/// `submit.retention`: the sweeper (its clock injected) deletes exactly the rows older than their form's retention,
/// with their outbox entries and the uploads no other row refers to; `formgen erase` finds a person's rows by a
/// sealed field's value. The same checks run on PostgreSQL in `PostgresRetentionTests`.
@Suite struct RetentionTests {
    static let day: TimeInterval = 86400
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// A file's metadata as a stored submission holds it.
    static func file(_ digest: String) -> String { #"{"name":"scan.pdf","sha256":"\#(digest)","size":4,"type":"application/pdf"}"# }
    static let digests = (0..<3).map { String(repeating: String($0), count: 64) }

    /// Stores kyc rows 40, 31, 29 and 1 days old (the first two past the 30-day retention) and a contact row 400 days
    /// old (no retention), the kyc rows with uploads: the 40-day one its own file and one it shares with the newest.
    static func fill(_ store: any SubmissionStore, uploads: String) async throws {
        try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
        for digest in digests { try Data("scan".utf8).write(to: URL(fileURLWithPath: uploads).appendingPathComponent(digest)) }
        let rows: [(String, Double, String)] = [
            ("kyc", 40, #"{"name":"A","scans":[\#(file(digests[0])),\#(file(digests[1]))]}"#),
            ("kyc", 31, #"{"name":"B","scans":[\#(file(digests[2]))]}"#),
            ("kyc", 29, #"{"name":"C"}"#),
            ("kyc", 1, #"{"name":"D","scans":[\#(file(digests[1]))]}"#),
            ("contact", 400, #"{"name":"E"}"#),
        ]
        for (form, age, data) in rows {
            _ = try await store.store(NewSubmission(form: form, receivedAt: now.addingTimeInterval(-age * day), data: data, idempotencyKey: nil,
                                                    webhooks: ["https://hooks.example.org/x"]))
        }
    }

    static func sweepDeletesExactlyTheExpiredRowsAndTheirUploads(_ store: any SubmissionStore, uploads: String, forms: SiteForms) async throws {
        try await fill(store, uploads: uploads)
        let logs = LogCapture()
        let sweeper = RetentionSweeper(forms: forms, removal: SubmissionRemoval(store: store, uploadsDirectory: uploads),
                                       logger: logs.logger, now: { now })
        #expect(sweeper.retention == ["kyc": 30 * 86400])
        let removed = try await sweeper.sweep()
        #expect(removed == ["kyc": SubmissionRemoval.Outcome(rows: [1, 2], files: [digests[0], digests[2]])])
        #expect(try await store.submissions(form: nil, since: nil).map(\.id) == [3, 4, 5])
        #expect(try await store.outbox().map(\.submission.id) == [3, 4, 5])
        let left = try FileManager.default.contentsOfDirectory(atPath: uploads).filter { !$0.hasPrefix(".") }.sorted()
        #expect(left == [digests[1]], "the file the newest row shares stays")
        #expect(logs.lines.contains { $0.contains("retention: deleted 2 submission(s) of kyc received before 2026-04-28T20:26:40Z") && $0.contains("(ids 1, 2; 2 upload(s))") })
        // A day later the 29-day-old row has expired too; nothing else has.
        let later = RetentionSweeper(forms: forms, removal: SubmissionRemoval(store: store, uploadsDirectory: uploads),
                                     logger: logs.logger, now: { now.addingTimeInterval(1.5 * day) })
        #expect(try await later.sweep() == ["kyc": SubmissionRemoval.Outcome(rows: [3], files: [])])
        #expect(try await store.submissions(form: nil, since: nil).map(\.id) == [4, 5])
    }

    @Test func theSweeperDeletesExactlyTheExpiredRowsAndTheirUploadsOnSQLite() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await Self.sweepDeletesExactlyTheExpiredRowsAndTheirUploads(store, uploads: site.root.appendingPathComponent("uploads").path,
                                                                         forms: try SiteForms(site: site.output.path))
    }

    static func eraseFindsAPersonBySealedBSN(_ store: any SubmissionStore, site: TestSite) async throws {
        let keyring = try KYCSite.keyring(KYCSite.keyA)
        try await EncryptionTests.post(site, store: store, keyring: keyring, bodies: [
            KYCSite.body,
            KYCSite.body.replacingOccurrences(of: "111222333", with: "999888777").replacingOccurrences(of: "Ann Smit", with: "Other"),
            KYCSite.body.replacingOccurrences(of: "Ann Smit", with: "Ann again"),
        ])
        let uploads = site.root.appendingPathComponent("uploads").path
        let erasure = Erasure(removal: SubmissionRemoval(store: store, uploadsDirectory: uploads), keyring: keyring)
        #expect(try await erasure.matches(form: "kyc", field: "passport", value: " XR1234567 ").map(\.id) == [1, 2, 3])
        let (records, outcome) = try await erasure.erase(form: "kyc", field: "bsn", value: KYCSite.bsn)
        #expect(outcome.rows == [1, 3])
        #expect(records.map(\.data).allSatisfy { $0.contains(KYCSite.bsn) })
        #expect(try await store.submissions(form: nil, since: nil).map(\.id) == [2])
        await #expect(throws: CollectError.sealed(row: 2, keyID: keyring.current.id, haveKey: false)) {
            _ = try await Erasure(removal: erasure.removal, keyring: nil).matches(form: "kyc", field: "bsn", value: "999888777")
        }
    }

    @Test func eraseFindsAPersonByTheirSealedBSNOnSQLite() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        try await Self.eraseFindsAPersonBySealedBSN(try SQLiteSubmissionStore(path: site.database), site: site)
    }

    @Test(arguments: [
        ("  retention: 90x\n", "kyc.yaml:4:14: error: submit retention '90x' is not a duration: write a positive number with s, m, h or d (30d, 90d, 730d)"),
        ("  retention: 0d\n", "kyc.yaml:4:14: error: submit retention '0d' is not a duration: write a positive number with s, m, h or d (30d, 90d, 730d)"),
    ])
    func aBadRetentionIsALocatedError(line: String, message: String) throws {
        let site = try TestSite(["configs/forms/kyc.yaml": "id: kyc\ntitle: KYC\nsubmit:\n\(line)fields:\n  - {id: name, label: Name}\n"])
        defer { site.remove() }
        let log = DiagnosticLog()
        _ = SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil)).load(log: log)
        let diagnostics = log.diagnostics.map(\.description)
        #expect(diagnostics.contains { $0.contains(message) }, "\(diagnostics)")
    }

    @Test func aSiteWideRetentionIsInheritedAndAFormMayShortenIt() throws {
        let site = try TestSite([
            "configs/site.yaml": "title: T\nbaseURL: /\nsubmit:\n  retention: 365d\n",
            "configs/forms/a.yaml": "id: a\ntitle: A\nfields:\n  - {id: name, label: Name}\n",
            "configs/forms/b.yaml": "id: b\ntitle: B\nsubmit:\n  retention: 12h\nfields:\n  - {id: name, label: Name}\n",
        ])
        defer { site.remove() }
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil, outputDirectory: site.output.path)).build()
        let forms = try SiteForms(site: site.output.path)
        #expect(forms.spec(at: "a")?.submit.retention == 365 * 86400)
        #expect(forms.spec(at: "b")?.submit.retention == 12 * 3600)
    }
}
