@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The files of sensitive file fields (a file field is sensitive unless `sensitive: false`) are sealed on disk with the
/// rows' keyring, their names sealed in the row; the admin view's download opens them, `formgen rekey` seals them again
/// under the new key, erasure and retention delete them; a field marked `sensitive: false` keeps its file as before.
@Suite struct SealedUploadTests {
    static let form = """
    id: claim
    title: Claim
    submit:
      retention: 30d
    fields:
      - {id: name, label: Name, required: true}
      - {id: scan, label: Passport scan, type: file, required: true, accept: [application/pdf]}
      - {id: leaflet, label: Leaflet, type: file, sensitive: false, accept: [application/pdf]}

    """
    static let boundary = "formgenSealedBoundary"
    static let marker = "PASSPORT-NL-XR1234567-SCAN"
    static let scan = Data("%PDF-1.7\n% \(marker) \(String(repeating: "page data ", count: 40))\n%%EOF\n".utf8)
    static let leaflet = Data("%PDF-1.4\n% a leaflet anyone may read\n%%EOF\n".utf8)
    static let scanName = "mijn-paspoort-scan.pdf"
    static let leafletName = "leaflet.pdf"
    static var scanDigest: String { SHA256.hex(bytes: [UInt8](scan)) }
    static var leafletDigest: String { SHA256.hex(bytes: [UInt8](leaflet)) }

    /// A multipart body with the name, the scan and (when given) the leaflet.
    static func body(name: String = "Ann", scan: Data = scan, leaflet: Data? = nil) -> Data {
        var data = Data()
        func line(_ text: String) { data.append(Data((text + "\r\n").utf8)) }
        func file(_ field: String, _ filename: String, _ bytes: Data) {
            line("--\(boundary)")
            line(#"Content-Disposition: form-data; name="\#(field)"; filename="\#(filename)""#)
            line("Content-Type: application/pdf")
            line("")
            data.append(bytes)
            line("")
        }
        line("--\(boundary)")
        line(#"Content-Disposition: form-data; name="name""#)
        line("")
        line(name)
        file("scan", scanName, scan)
        if let leaflet { file("leaflet", leafletName, leaflet) }
        line("--\(boundary)--")
        return data
    }

    /// A built site with the claim form, its SQLite store and uploads folder.
    struct Harness {
        let site: TestSite
        let store: any SubmissionStore
        var uploads: String { site.root.appendingPathComponent("data/uploads").path }
        var forms: SiteForms { get throws { try SiteForms(site: site.output.path) } }

        func service(_ keyring: SubmissionKeyring?, now: @escaping @Sendable () -> Date = { Date() }) throws -> CollectService {
            CollectService(forms: try forms, store: store, uploadsDirectory: uploads, keyring: keyring, now: now)
        }

        /// Posts `body` to the claim form; expects it stored.
        func post(_ body: Data, keyring: SubmissionKeyring?, now: @escaping @Sendable () -> Date = { Date() }) async throws {
            let service = try service(keyring, now: now)
            let answer = await service.submit(formPath: "claim", body: body, encoding: .multipart(boundary: SealedUploadTests.boundary), idempotencyKey: nil)
            #expect(answer.status == 200, "\(answer.body)")
        }

        func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: (uploads as NSString).appendingPathComponent(name)) }
        /// The upload files (the leases' folder, `.formgen-leases`, left out).
        func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).filter { !$0.hasPrefix(".") }.sorted() }
    }

    /// Runs `body` over a fresh site and the store `store` makes for it (SQLite in the site's folder by default).
    static func withHarness(store: ((TestSite) async throws -> any SubmissionStore)? = nil, _ body: (Harness) async throws -> Void) async throws {
        let site = try TestSite([
            "configs/site.yaml": "title: Test site\nbaseURL: /\nlanguage: en\n",
            "configs/forms/claim.yaml": form,
        ], prefix: "formgen-sealed-upload-test")
        defer { site.remove() }
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil, outputDirectory: site.output.path)).build()
        try await body(Harness(site: site, store: try await store?(site) ?? SQLiteSubmissionStore(path: site.database)))
    }

    @Test func aFileFieldIsSensitiveUnlessMarkedOtherwiseAndCollectNeedsAKeyForIt() async throws {
        try await Self.withHarness { harness in
            let spec = try #require(try harness.forms.spec(at: "claim"))
            #expect(SubmissionCipher.sensitiveFields(spec) == ["scan"])
            #expect(SubmissionCipher.sealedFileFields(spec) == ["scan"])
            #expect(throws: CollectError.noKey(["claim": ["scan"]])) { try CollectService.requireKey(forms: try harness.forms, keyring: nil) }
        }
    }

    @Test func aSensitiveUploadIsSealedOnDiskAndItsNameInTheRow() async throws {
        try await Self.withHarness { harness in
            let keyring = try KYCSite.keyring(KYCSite.keyA)
            try await harness.post(Self.body(), keyring: keyring)
            let digest = Self.scanDigest
            #expect(harness.files() == [digest + ".sealed"], "no clear copy and no temporary file is left")
            let sealed = try #require(harness.contents(digest + ".sealed"))
            #expect(sealed != Self.scan)
            #expect(sealed.range(of: Data(Self.marker.utf8)) == nil)
            #expect(sealed.range(of: Data("%PDF".utf8)) == nil)
            #expect(UploadSealer.keyID(of: sealed) == keyring.current.id)
            #expect(try UploadSealer(keyring: keyring).open(sealed, digest: digest) == Self.scan)
            #expect(throws: CollectError.self, "a sealed file renamed to another digest does not open") {
                try UploadSealer(keyring: keyring).open(sealed, digest: Self.leafletDigest)
            }
            #expect(throws: CollectError.self) { try UploadSealer(keyring: try KYCSite.keyring(KYCSite.keyB)).open(sealed, digest: digest) }

            let raw = try KYCSite.rawRows(harness.site.database)
            #expect(raw.count == 1)
            #expect(!raw[0].data.contains(Self.scanName) && !raw[0].data.contains("paspoort"))
            #expect(raw[0].data.contains(#""sha256":"\#(digest)","size":\#(Self.scan.count),"type":"application/pdf""#), "\(raw[0].data)")
            #expect(raw[0].keyID == keyring.current.id)
            let opened = try SubmissionCipher.open(try await harness.store.submissions(form: "claim", since: nil), keyring: keyring)
            #expect(opened.map(\.data) == [#"{"name":"Ann","scan":{"name":"\#(Self.scanName)","sha256":"\#(digest)","size":\#(Self.scan.count),"type":"application/pdf"}}"#])
            let csv = SubmissionExporter().csv(opened, spec: try #require(try harness.forms.spec(at: "claim")))
            #expect(csv.contains(",Ann,\(Self.scanName) sha256:\(digest),\r\n"), "\(csv)")
        }
    }

    @Test func aFileFieldMarkedNotSensitiveKeepsItsFileAndNameInTheClear() async throws {
        try await Self.withHarness { harness in
            let keyring = try KYCSite.keyring(KYCSite.keyA)
            try await harness.post(Self.body(leaflet: Self.leaflet), keyring: keyring)
            #expect(harness.files() == [Self.leafletDigest, Self.scanDigest + ".sealed"].sorted())
            #expect(harness.contents(Self.leafletDigest) == Self.leaflet)
            let raw = try KYCSite.rawRows(harness.site.database)
            #expect(raw[0].data.contains(#""leaflet":{"name":"\#(Self.leafletName)","sha256":"\#(Self.leafletDigest)""#), "\(raw[0].data)")
        }
    }

    @Test func withoutAKeyTheFilesAreKeptAsBefore() async throws {
        try await Self.withHarness { harness in
            try await harness.post(Self.body(leaflet: Self.leaflet), keyring: nil)
            #expect(harness.files() == [Self.leafletDigest, Self.scanDigest].sorted())
            #expect(harness.contents(Self.scanDigest) == Self.scan)
            #expect(try KYCSite.rawRows(harness.site.database).map(\.keyID) == [nil])
        }
    }

    /// Runs `body` with a client of collect over the harness with the admin view on (users of ``AdminTests``).
    static func withAdmin(_ harness: Harness, keyring: SubmissionKeyring, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var options = harness.site.options
        options.keyring = keyring
        options.admin = AdminOptions(users: AdminTests.users(), auditLog: harness.site.root.appendingPathComponent("audit.log").path)
        let service = try harness.service(keyring)
        var router = CollectRouter(service: service, options: options, logger: TestSite.quietLogger)
        router.admin = AdminRouter(options: try #require(options.admin), service: service, logger: TestSite.quietLogger)
        try await Application(router: router.makeRouter()).test(.router, body)
    }

    @Test func theAdminDownloadReturnsTheOriginalBytes() async throws {
        try await Self.withHarness { harness in
            let keyring = try KYCSite.keyring(KYCSite.keyA)
            try await harness.post(Self.body(leaflet: Self.leaflet), keyring: keyring)
            let (scan, leaflet) = (Self.scanDigest, Self.leafletDigest)
            let bearer: HTTPFields = [.authorization: "Bearer \(AdminTests.token)"]
            try await Self.withAdmin(harness, keyring: keyring) { client in
                try await client.execute(uri: "/admin/submission?form=claim&id=1", method: .get, headers: bearer) { response in
                    let html = String(buffer: response.body)
                    #expect(html.contains(#"<a href="/admin/file?form=claim&amp;id=1&amp;sha256=\#(scan)" download>\#(Self.scanName)</a> (\#(Self.scan.count) bytes)"#), "\(html)")
                    #expect(html.contains(#"sha256=\#(leaflet)" download>\#(Self.leafletName)</a>"#))
                }
                try await client.execute(uri: "/admin/file?form=claim&id=1&sha256=\(scan)", method: .get, headers: bearer) { response in
                    #expect(response.status == .ok)
                    #expect(Data(buffer: response.body) == Self.scan)
                    #expect(response.headers[.contentType] == "application/pdf")
                    #expect(response.headers[.contentDisposition] == #"attachment; filename="\#(Self.scanName)"; filename*=UTF-8''\#(Self.scanName)"#)
                    #expect(response.headers[.contentSecurityPolicy] == "default-src 'none'; sandbox")
                    #expect(response.headers[.cacheControl] == "no-store")
                }
                try await client.execute(uri: "/admin/file?form=claim&id=1&sha256=\(leaflet)", method: .get, headers: bearer) { response in
                    #expect(response.status == .ok)
                    #expect(Data(buffer: response.body) == Self.leaflet)
                }
                // A digest the submission does not name, a user without the form, no session: nothing is sent.
                try await client.execute(uri: "/admin/file?form=claim&id=1&sha256=\(String(repeating: "0", count: 64))", method: .get, headers: bearer) { response in
                    #expect(response.status == .notFound)
                }
                try await client.execute(uri: "/admin/file?form=claim&id=1&sha256=\(scan)", method: .get) { response in
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == "/admin/login")
                }
                let cas = try await AdminTests.signIn(client, user: "cas")
                try await client.execute(uri: "/admin/file?form=claim&id=1&sha256=\(scan)", method: .get,
                                         headers: [.cookie: "\(AdminRouter.sessionCookie)=\(cas.session)"]) { response in
                    #expect(response.status == .notFound)
                    #expect(Data(buffer: response.body).range(of: Data(Self.marker.utf8)) == nil)
                }
            }
            let audit = try String(contentsOfFile: harness.site.root.appendingPathComponent("audit.log").path, encoding: .utf8)
            #expect(audit.contains(#""action":"download-file""#), "\(audit)")
        }
    }

    @Test func rekeySealsTheFileAgainUnderTheNewKeyAndTheOldKeyIsNoLongerNeeded() async throws {
        try await Self.withHarness { harness in
            let old = try KYCSite.keyring(KYCSite.keyA)
            try await harness.post(Self.body(), keyring: old)
            let both = try KYCSite.keyring(KYCSite.keyB, KYCSite.keyA)
            let outcome = try await KeyRotation(store: harness.store, keyring: both, uploadsDirectory: harness.uploads).run()
            #expect(outcome == KeyRotation.Outcome(resealed: [1], current: 0, files: [Self.scanDigest]))
            let newOnly = try KYCSite.keyring(KYCSite.keyB)
            let sealed = try #require(harness.contents(Self.scanDigest + ".sealed"))
            #expect(UploadSealer.keyID(of: sealed) == newOnly.current.id)
            #expect(sealed.range(of: Data(Self.marker.utf8)) == nil)
            #expect(try UploadSealer(keyring: newOnly).open(sealed, digest: Self.scanDigest) == Self.scan)
            #expect(throws: CollectError.self) { try UploadSealer(keyring: old).open(sealed, digest: Self.scanDigest) }
            #expect(harness.files() == [Self.scanDigest + ".sealed"])
            let records = try await harness.store.submissions(form: "claim", since: nil)
            #expect(try SubmissionCipher.open(records, keyring: newOnly).map(\.data).allSatisfy { $0.contains(Self.scanName) })
            #expect(try await KeyRotation(store: harness.store, keyring: newOnly, uploadsDirectory: harness.uploads).run()
                == KeyRotation.Outcome(resealed: [], current: 1))
            try await Self.withAdmin(harness, keyring: newOnly) { client in
                try await client.execute(uri: "/admin/file?form=claim&id=1&sha256=\(Self.scanDigest)", method: .get,
                                         headers: [.authorization: "Bearer \(AdminTests.token)"]) { response in
                    #expect(response.status == .ok)
                    #expect(Data(buffer: response.body) == Self.scan)
                }
            }
        }
    }

    @Test func rekeyWithTheSiteSealsTheClearFilesAnEarlierVersionKept() async throws {
        try await Self.withHarness { harness in
            // Stored without a key, as before files were sealed: both files and names in the clear.
            try await harness.post(Self.body(leaflet: Self.leaflet), keyring: nil)
            let keyring = try KYCSite.keyring(KYCSite.keyA)
            let outcome = try await KeyRotation(store: harness.store, keyring: keyring, forms: try harness.forms, uploadsDirectory: harness.uploads).run()
            #expect(outcome == KeyRotation.Outcome(resealed: [], current: 0, sealed: [1], sealedFiles: [Self.scanDigest]))
            #expect(harness.files() == [Self.leafletDigest, Self.scanDigest + ".sealed"].sorted())
            let raw = try KYCSite.rawRows(harness.site.database)
            #expect(!raw[0].data.contains(Self.scanName) && raw[0].data.contains(Self.leafletName))
            #expect(raw[0].keyID == keyring.current.id)
            #expect(try UploadSealer(keyring: keyring).open(try #require(harness.contents(Self.scanDigest + ".sealed")), digest: Self.scanDigest) == Self.scan)
        }
    }

    /// True from `raise()` the first time only.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var raised = false

        func raise() -> Bool {
            lock.withLock {
                defer { raised = true }
                return !raised
            }
        }
    }

    /// A submission stored while `formgen rekey` runs, whose field that is not sensitive carries the same bytes as a
    /// file the rotation seals, keeps that file in the clear: the rows are read again before a clear copy is removed.
    @Test func rekeyKeepsTheClearFileOfASubmissionStoredMeanwhile() async throws {
        try await Self.withHarness { harness in
            let otherScan = Data("%PDF-1.7\n% another scan\n%%EOF\n".utf8)
            try await harness.post(Self.body(name: "Ann", scan: otherScan), keyring: nil)
            try await harness.post(Self.body(name: "Bob"), keyring: nil)
            let keyring = try KYCSite.keyring(KYCSite.keyA)
            let posted = Flag()
            // While the first row is written again, a submission arrives whose leaflet is Bob's scan.
            let hooked = HookedStore(base: harness.store, beforeReplace: { _ in
                guard posted.raise() else { return }
                try await harness.post(Self.body(name: "Cy", leaflet: Self.scan), keyring: keyring)
            })
            let outcome = try await KeyRotation(store: hooked, keyring: keyring, forms: try harness.forms, uploadsDirectory: harness.uploads).run()
            #expect(outcome.sealed == [1, 2])
            #expect(harness.contents(Self.scanDigest) == Self.scan, "Cy's leaflet names it in the clear")
            #expect(harness.files().contains(Self.scanDigest + ".sealed"))
            #expect(!harness.files().contains(SHA256.hex(bytes: [UInt8](otherScan))), "Ann's clear scan went")
        }
    }

    /// A rotation cut short after a row was written with its file sealed removes the clear copy when run again.
    @Test func rekeyRunAgainAfterBeingCutShortRemovesTheClearCopy() async throws {
        try await Self.withHarness { harness in
            try await harness.post(Self.body(), keyring: nil)
            let keyring = try KYCSite.keyring(KYCSite.keyA)
            let cut = HookedStore(base: harness.store, beforeReplace: { _ in throw StoreUnavailable(reason: "cut short") })
            await #expect(throws: StoreUnavailable.self) {
                try await KeyRotation(store: cut, keyring: keyring, forms: try harness.forms, uploadsDirectory: harness.uploads).run()
            }
            #expect(harness.files() == [Self.scanDigest, Self.scanDigest + ".sealed"].sorted())
            _ = try await KeyRotation(store: harness.store, keyring: keyring, forms: try harness.forms, uploadsDirectory: harness.uploads).run()
            #expect(harness.files() == [Self.scanDigest + ".sealed"])
        }
    }

    @Test func erasureAndRetentionDeleteTheSealedFile() async throws {
        try await Self.withHarness(Self.erasureAndRetentionDeleteTheSealedFile)
    }

    /// Erasure, then the retention sweeper, each delete a submission with its sealed file (on SQLite, and on PostgreSQL
    /// in `PostgresStoreTests`).
    static func erasureAndRetentionDeleteTheSealedFile(_ harness: Harness) async throws {
        let keyring = try KYCSite.keyring(KYCSite.keyA)
        let received = Date(timeIntervalSince1970: 1_780_000_000)
        try await harness.post(Self.body(name: "Ann"), keyring: keyring, now: { received })
        let removal = SubmissionRemoval(store: harness.store, uploadsDirectory: harness.uploads)
        let (records, outcome) = try await Erasure(removal: removal, keyring: keyring).erase(form: "claim", field: "name", value: "Ann")
        #expect(outcome == SubmissionRemoval.Outcome(rows: [1], files: [Self.scanDigest]))
        #expect(records.map(\.data).allSatisfy { $0.contains(Self.scanName) })
        #expect(harness.files().isEmpty)

        try await harness.post(Self.body(name: "Bob"), keyring: keyring, now: { received })
        #expect(harness.files() == [Self.scanDigest + ".sealed"])
        let sweeper = RetentionSweeper(forms: try harness.forms, removal: removal, logger: TestSite.quietLogger,
                                       now: { received.addingTimeInterval(31 * 86400) })
        #expect(try await sweeper.sweep() == ["claim": SubmissionRemoval.Outcome(rows: [2], files: [Self.scanDigest])])
        #expect(harness.files().isEmpty)
    }
}
