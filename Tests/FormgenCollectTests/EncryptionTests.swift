@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Sensitive fields are sealed with AES-GCM before they reach the database: the raw row shows ciphertext, export
/// opens it with the key and refuses without it, and a rotated key keeps every row readable.
@Suite struct EncryptionTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    static func post(_ site: TestSite, store: any SubmissionStore, keyring: SubmissionKeyring, bodies: [String]) async throws {
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store, keyring: keyring)
        let router = CollectRouter(service: service, options: site.options, logger: TestSite.quietLogger)
        try await Application(router: router.makeRouter()).test(.router) { client in
            for body in bodies {
                try await client.execute(uri: "/submit/kyc", method: .post, headers: Self.json, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok, "\(String(buffer: response.body))")
                }
            }
        }
    }

    @Test func theSpecMarksTheBSNTheIBANAndThePassportSensitiveButNotTheName() throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let spec = try #require(try SiteForms(site: site.output.path).spec(at: "kyc"))
        #expect(SubmissionCipher.sensitiveFields(spec) == ["bsn", "iban", "owners[].passport"])
        #expect(spec.submit.retention == 30 * 86400)
    }

    @Test func theRawSQLiteRowHoldsNoClearBSNAndExportOpensItWithTheKey() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        let keyring = try KYCSite.keyring(KYCSite.keyA)
        try await Self.post(site, store: store, keyring: keyring, bodies: [KYCSite.body])
        let raw = try KYCSite.rawRows(site.database)
        #expect(raw.count == 1)
        #expect(!raw[0].data.contains(KYCSite.bsn))
        #expect(!raw[0].data.contains("NL91ABNA0417164300"))
        #expect(!raw[0].data.contains("XR1234567"))
        #expect(raw[0].data.contains(#""name":"Ann Smit""#))
        #expect(raw[0].data.contains(#""owner":"Bob""#))
        #expect(raw[0].data.contains(#"{"fg:sealed":""# + keyring.current.id + ":"))
        #expect(raw[0].keyID == keyring.current.id)

        let records = try await store.submissions(form: "kyc", since: nil)
        let opened = try SubmissionCipher.open(records, keyring: keyring)
        #expect(opened[0].data == #"{"bsn":"111222333","iban":"NL91ABNA0417164300","name":"Ann Smit","owners":[{"owner":"Bob","passport":"XR1234567"}]}"#)
        #expect(throws: CollectError.sealed(row: records[0].id, keyID: keyring.current.id, haveKey: false)) {
            try SubmissionCipher.open(records, keyring: nil)
        }
        #expect(throws: CollectError.sealed(row: records[0].id, keyID: keyring.current.id, haveKey: true)) {
            try SubmissionCipher.open(records, keyring: try KYCSite.keyring(KYCSite.keyB))
        }
    }

    @Test func aFormWithoutSensitiveFieldsIsStoredAsBeforeWithNoKeyID() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        try await site.withClient(store: store) { client in
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"name":"Ann"}"#)) { response in
                #expect(response.status == .ok)
            }
        }
        let raw = try KYCSite.rawRows(site.database)
        #expect(raw.map(\.data) == [#"{"name":"Ann","terms":false}"#])
        #expect(raw[0].keyID == nil)
    }

    @Test func aSealedValueMovedToAnotherFieldOrFormDoesNotOpen() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        let keyring = try KYCSite.keyring(KYCSite.keyA)
        try await Self.post(site, store: store, keyring: keyring, bodies: [KYCSite.body])
        var record = try #require(try await store.submissions(form: "kyc", since: nil).first)
        guard case .object(var data) = try JSONValue.decode(Data(record.data.utf8)) else { Issue.record("not an object"); return }
        data["iban"] = data["bsn"]
        record.data = JSONValue.object(data).jsonText()
        #expect(throws: CollectError.self) { try SubmissionCipher.open(record, keyring: keyring) }
        var moved = try #require(try await store.submissions(form: "kyc", since: nil).first)
        moved.form = "contact"
        #expect(throws: CollectError.self) { try SubmissionCipher.open(moved, keyring: keyring) }
    }

    @Test func rotatingTheKeyKeepsEveryRowReadable() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        let old = try KYCSite.keyring(KYCSite.keyA)
        try await Self.post(site, store: store, keyring: old, bodies: [KYCSite.body, KYCSite.body.replacingOccurrences(of: "Ann Smit", with: "Cas")])
        // Collect restarted with the new key first: new rows are sealed with it, the old ones still open.
        let both = try KYCSite.keyring(KYCSite.keyB, KYCSite.keyA)
        try await Self.post(site, store: store, keyring: both, bodies: [KYCSite.body.replacingOccurrences(of: "Ann Smit", with: "Dre")])
        #expect(try KYCSite.rawRows(site.database).map(\.keyID) == [old.current.id, old.current.id, both.current.id])
        let before = try SubmissionCipher.open(try await store.submissions(form: nil, since: nil), keyring: both).map(\.data)

        let outcome = try await KeyRotation(store: store, keyring: both).run()
        #expect(outcome.resealed == [1, 2])
        #expect(outcome.current == 1)
        #expect(try KYCSite.rawRows(site.database).map(\.keyID) == Array(repeating: both.current.id, count: 3))
        // The old key is no longer needed: the new one alone opens every row, the old one alone none.
        let newOnly = try KYCSite.keyring(KYCSite.keyB)
        let records = try await store.submissions(form: nil, since: nil)
        #expect(try SubmissionCipher.open(records, keyring: newOnly).map(\.data) == before)
        #expect(records.allSatisfy { $0.digest == SubmissionDigest.hex($0.data) })
        #expect(throws: CollectError.self) { try SubmissionCipher.open(records, keyring: old) }
        #expect(try await KeyRotation(store: store, keyring: newOnly).run() == KeyRotation.Outcome(resealed: [], current: 3))
    }

    @Test func rekeyWithTheSiteEncryptsRowsAnEarlierVersionStoredInTheClear() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        let clear = #"{"bsn":"111222333","iban":"NL91ABNA0417164300","name":"Ann Smit","owners":[{"owner":"Bob","passport":"XR1234567"}]}"#
        _ = try await store.store(NewSubmission(form: "kyc", receivedAt: Date(), data: clear, idempotencyKey: nil))
        _ = try await store.store(NewSubmission(form: "contact", receivedAt: Date(), data: #"{"name":"Cat"}"#, idempotencyKey: nil))
        let keyring = try KYCSite.keyring(KYCSite.keyA)
        #expect(try await KeyRotation(store: store, keyring: keyring).run() == KeyRotation.Outcome(resealed: [], current: 0, sealed: []),
                "without the site, clear rows stay as they are")
        let outcome = try await KeyRotation(store: store, keyring: keyring, forms: try SiteForms(site: site.output.path)).run()
        #expect(outcome == KeyRotation.Outcome(resealed: [], current: 0, sealed: [1]))
        let raw = try KYCSite.rawRows(site.database)
        #expect(!raw[0].data.contains(KYCSite.bsn) && !raw[0].data.contains("XR1234567"))
        #expect(raw.map(\.keyID) == [keyring.current.id, nil])
        #expect(try SubmissionCipher.open(try await store.submissions(form: "kyc", since: nil), keyring: keyring).map(\.data) == [clear])
    }

    @Test func collectRefusesToStartWithoutAKeyWhenAFormHasSensitiveFields() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        var options = site.options
        options.port = 0
        await #expect(throws: CollectError.noKey(["kyc": ["bsn", "iban", "owners[].passport"]])) {
            try await CollectServer(options: options, logger: TestSite.quietLogger).run()
        }
        #expect(CollectError.noKey(["kyc": ["bsn"]]).description.contains("kyc (bsn)"))
        #expect(!FileManager.default.fileExists(atPath: site.database), "nothing is stored before the key is known")
    }

    @Test(arguments: [
        ("", "test holds no key"),
        ("c2hvcnQ=", "test:1: a key must be 32 bytes in base64"),
        ("\(KYCSite.keyA)\nnot-base64!", "test:2: a key must be 32 bytes in base64"),
    ])
    func aBadKeyIsRefusedWithWhereItIs(text: String, message: String) throws {
        #expect {
            _ = try SubmissionKeyring(text: text, source: "test")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func keysComeFromTheKeyFileElseFromFORMGEN_KEY() throws {
        let environment = ["FORMGEN_KEY": "\(KYCSite.keyB), \(KYCSite.keyA)"]
        let fromEnvironment = try #require(try SubmissionKeyring.load(keyFile: nil, environment: environment))
        #expect(fromEnvironment.current.id == (try KYCSite.keyring(KYCSite.keyB)).current.id)
        #expect(fromEnvironment.keys.count == 2)
        #expect(try SubmissionKeyring.load(keyFile: nil, environment: [:]) == nil)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("# current\n\(KYCSite.keyA)\n\n# old\n\(KYCSite.keyB)\n".utf8).write(to: file)
        let fromFile = try #require(try SubmissionKeyring.load(keyFile: file.path, environment: environment))
        #expect(fromFile.current.id == (try KYCSite.keyring(KYCSite.keyA)).current.id)
        #expect(fromFile.keys.count == 2)
        #expect(fromFile.current.id.count == 16)
    }

    @Test func theWebhookGetsTheClearValues() async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        let keyring = try KYCSite.keyring(KYCSite.keyA)
        try await Self.post(site, store: store, keyring: keyring, bodies: [KYCSite.body])
        let record = try #require(try await store.submissions(form: "kyc", since: nil).first)
        let payload = try WebhookDispatcher.payload(record, keyring: keyring)
        #expect(payload.contains(#""bsn":"111222333""#))
        #expect(throws: CollectError.self) { try WebhookDispatcher.payload(record, keyring: nil) }
    }
}
