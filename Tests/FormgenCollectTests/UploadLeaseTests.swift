@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Testing

/// A removal (erasure, the retention sweeper, the admin's delete) never deletes a file a submission in flight has
/// written or found and not yet named in a stored row: the submission leases the digest from before its file is kept
/// until its row is stored or it fails (``UploadLeases``). The interleaving is driven through a store whose `store`
/// runs the removal first: the point between keeping the file and storing the row.
@Suite struct UploadLeaseTests {
    static let pdf = Data("%PDF-1.7\n%the same bytes twice\n".utf8)
    static var digest: String { SHA256.hex(bytes: [UInt8](pdf)) }
    static let encoding = SubmissionBody.Encoding.multipart(boundary: CollectUploadTests.boundary)
    /// A store that is down when the row is to be stored.
    static let down: @Sendable (NewSubmission) async throws -> Void = { _ in throw StoreUnavailable(reason: "down") }

    /// A site with the claim form, its SQLite store and uploads folder.
    struct Harness {
        let site: TestSite
        let store: any SubmissionStore
        var uploads: String { site.options.uploads }
        var removal: SubmissionRemoval { SubmissionRemoval(store: store, uploadsDirectory: uploads) }
        var file: String { (uploads as NSString).appendingPathComponent(UploadLeaseTests.digest) }

        func service(_ store: any SubmissionStore) throws -> CollectService {
            CollectService(forms: try SiteForms(site: site.output.path), store: store, uploadsDirectory: uploads)
        }

        /// Posts the PDF to the claim form through `store`; returns the status.
        func post(through store: any SubmissionStore) async throws -> Int {
            await (try service(store)).submit(formPath: "claim", body: CollectUploadTests.body(file: UploadLeaseTests.pdf, filename: "scan.pdf"),
                                              encoding: UploadLeaseTests.encoding, idempotencyKey: nil).status
        }

        /// Whether a submission holds the PDF's digest now.
        func leased() async throws -> Bool {
            let leases = UploadLeases(folder: uploads)
            return try await leases.exclusively { try leases.isLeased(UploadLeaseTests.digest) }
        }

        func rows() async throws -> [SubmissionRecord] { try await store.submissions(form: nil, since: nil) }
    }

    /// Runs `body` over a fresh site and the store `store` makes for it (SQLite in the site's folder by default).
    static func withHarness(store: ((TestSite) async throws -> any SubmissionStore)? = nil, _ body: (Harness) async throws -> Void) async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/forms/claim.yaml", CollectUploadTests.form)
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil, outputDirectory: site.output.path)).build()
        try await body(Harness(site: site, store: try await store?(site) ?? SQLiteSubmissionStore(path: site.database)))
    }

    /// What a removal (or a check) run at a pause point found, read afterwards.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [SubmissionRemoval.Outcome] = []
        private var flags: [Bool] = []
        func add(_ outcome: SubmissionRemoval.Outcome) { lock.withLock { outcomes.append(outcome) } }
        func add(flag: Bool) { lock.withLock { flags.append(flag) } }
        var all: [SubmissionRemoval.Outcome] { lock.withLock { outcomes } }
        var flagged: [Bool] { lock.withLock { flags } }
    }

    @Test func aRemovalBetweenKeepingTheFileAndStoringTheRowKeepsItAndTheNewRowsUploadReads() async throws {
        try await Self.withHarness(Self.removalBetweenKeepingAndStoring)
    }

    static func removalBetweenKeepingAndStoring(_ harness: Harness) async throws {
        #expect(try await harness.post(through: harness.store) == 200)
        let first = try #require(try await harness.rows().first)
        let seen = Seen()
        // Erasing the first row while a second submission of the same bytes has kept its file but not stored its row.
        let hooked = HookedStore(base: harness.store) { _ in
            #expect(FileManager.default.fileExists(atPath: harness.file), "the second submission found the file")
            seen.add(try await harness.removal.remove([first]))
        }
        #expect(try await harness.post(through: hooked) == 200)
        #expect(seen.all == [SubmissionRemoval.Outcome(rows: [first.id], files: [], kept: [Self.digest])])
        let rows = try await harness.rows()
        #expect(rows.count == 1 && rows[0].id != first.id && rows[0].data.contains(Self.digest))
        #expect(FileManager.default.contents(atPath: harness.file) == Self.pdf, "the new row's upload reads")
        #expect(try await harness.leased() == false, "the lease went with the stored row")

        // With nothing in flight, removing the last row that names the file deletes it (and its lease file).
        #expect(try await harness.removal.remove(rows) == SubmissionRemoval.Outcome(rows: [rows[0].id], files: [Self.digest]))
        #expect(!FileManager.default.fileExists(atPath: harness.file))
        #expect(try FileManager.default.contentsOfDirectory(atPath: UploadLeases(folder: harness.uploads).leasesFolder) == ["lock"])
    }

    @Test func aSubmissionStoredWhileARemovalChecksReferencesKeepsItsFile() async throws {
        try await Self.withHarness { harness in
            #expect(try await harness.post(through: harness.store) == 200)
            let first = try #require(try await harness.rows().first)
            let posts = Seen()
            // A whole submission of the same bytes (lease, file, row, release) runs after the removal's first reference
            // check has answered "no row names it", before the removal holds the folder.
            let hooked = HookedStore(base: harness.store, afterReferences: {
                guard posts.flagged.isEmpty else { return }
                posts.add(flag: try await harness.post(through: harness.store) == 200)
            })
            let outcome = try await SubmissionRemoval(store: hooked, uploadsDirectory: harness.uploads).remove([first])
            #expect(posts.flagged == [true])
            #expect(outcome == SubmissionRemoval.Outcome(rows: [first.id], files: []), "the check under the folder lock sees the new row")
            #expect(try await harness.rows().count == 1)
            #expect(FileManager.default.contents(atPath: harness.file) == Self.pdf)
        }
    }

    @Test func aFileNoRowAndNoSubmissionInFlightNeedsIsDeletedAndOneARowNeedsStays() async throws {
        try await Self.withHarness { harness in
            #expect(try await harness.post(through: harness.store) == 200)
            #expect(try await harness.post(through: harness.store) == 200)
            let rows = try await harness.rows()
            #expect(rows.count == 2)
            #expect(try await harness.removal.remove([rows[0]]) == SubmissionRemoval.Outcome(rows: [rows[0].id], files: []))
            #expect(FileManager.default.contents(atPath: harness.file) == Self.pdf, "the other row still names it")
            #expect(try await harness.removal.remove([rows[1]]) == SubmissionRemoval.Outcome(rows: [rows[1].id], files: [Self.digest]))
            #expect(!FileManager.default.fileExists(atPath: harness.file))
        }
    }

    @Test func aFailedSubmissionReleasesItsLeaseAndItsFileIsDeletedWithTheRowThatNamesIt() async throws {
        try await Self.withHarness { harness in
            #expect(try await harness.post(through: harness.store) == 200)
            let first = try #require(try await harness.rows().first)
            let seen = Seen()
            let failing = HookedStore(base: harness.store) { _ in
                seen.add(flag: try await harness.leased())
                throw StoreUnavailable(reason: "down")
            }
            #expect(try await harness.post(through: failing) == 503)
            #expect(seen.flagged == [true], "held while the row was being stored")
            #expect(try await harness.leased() == false, "released when storing failed")
            #expect(FileManager.default.contents(atPath: harness.file) == Self.pdf, "the first row still names it")
            #expect(try await harness.removal.remove([first]) == SubmissionRemoval.Outcome(rows: [first.id], files: [Self.digest]))
            #expect(!FileManager.default.fileExists(atPath: harness.file))
            #expect(try await harness.rows().isEmpty)
        }
    }

    @Test func aLeaseHeldElsewhereKeepsTheFileUntilReleased() async throws {
        try await Self.withHarness { harness in
            #expect(try await harness.post(through: harness.store) == 200)
            let first = try #require(try await harness.rows().first)
            // A submission of the same bytes that has kept its file (another process's, say) and not stored its row yet.
            let lease = try UploadLeases(folder: harness.uploads).lease([Self.digest, Self.digest])
            #expect(try await harness.removal.remove([first]) == SubmissionRemoval.Outcome(rows: [first.id], files: [], kept: [Self.digest]))
            #expect(FileManager.default.contents(atPath: harness.file) == Self.pdf)
            lease.release()
            lease.release()
            #expect(try await harness.leased() == false)
        }
    }

    @Test func aSubmissionThatFailsDeletesTheFileItHeldWhenNoRowNamesIt() async throws {
        try await Self.withHarness { (harness: Harness) async throws in
            let failing = HookedStore(base: harness.store, beforeStore: Self.down)
            #expect(try await harness.post(through: failing) == 503)
            #expect(!FileManager.default.fileExists(atPath: harness.file), "nothing of a refused submission is left")
            #expect(try await harness.leased() == false)
        }
    }

    @Test func aFileKeptForASubmissionInFlightGoesWhenThatSubmissionFails() async throws {
        try await Self.withHarness(Self.keptForASubmissionThatFails)
    }

    static func keptForASubmissionThatFails(_ harness: Harness) async throws {
        #expect(try await harness.post(through: harness.store) == 200)
        let first = try #require(try await harness.rows().first)
        let seen = Seen()
        // Erasure meets a submission of the same bytes in flight, which then fails: no one needs the bytes any more.
        let failing = HookedStore(base: harness.store) { _ in
            seen.add(try await harness.removal.remove([first]))
            throw StoreUnavailable(reason: "down")
        }
        #expect(try await harness.post(through: failing) == 503)
        #expect(seen.all == [SubmissionRemoval.Outcome(rows: [first.id], files: [], kept: [Self.digest])])
        #expect(!FileManager.default.fileExists(atPath: harness.file))
        #expect(try await harness.rows().isEmpty)
    }

    @Test func aFailedSubmissionLeavesAFileAnotherSubmissionInFlightHolds() async throws {
        try await Self.withHarness { harness in
            let other = try UploadLeases(folder: harness.uploads).lease([Self.digest])
            let failing = HookedStore(base: harness.store, beforeStore: Self.down)
            #expect(try await harness.post(through: failing) == 503)
            #expect(FileManager.default.contents(atPath: harness.file) == Self.pdf)
            #expect(try await harness.leased() == true)
            other.release()
            #expect(try await harness.leased() == false)
        }
    }

    /// The leases' files of the submissions stored are gone once they are: the folder does not grow by a file per upload.
    @Test func aStoredSubmissionLeavesNoLeaseFile() async throws {
        try await Self.withHarness { harness in
            let statuses = [try await harness.post(through: harness.store), try await harness.post(through: harness.store)]
            #expect(statuses == [200, 200])
            #expect(try FileManager.default.contentsOfDirectory(atPath: UploadLeases(folder: harness.uploads).leasesFolder) == ["lock"])
            #expect(FileManager.default.contents(atPath: harness.file) == Self.pdf)
        }
    }

    @Test func aReleasedLeaseKeepsTheLeaseFileAnotherLeaseHolds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-leases-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let leases = UploadLeases(folder: folder.path)
        let leaseFile = (leases.leasesFolder as NSString).appendingPathComponent(Self.digest)
        let first = try leases.lease([Self.digest])
        let second = try leases.lease([Self.digest])
        first.release()
        #expect(FileManager.default.fileExists(atPath: leaseFile), "the second lease still holds it")
        second.release()
        #expect(!FileManager.default.fileExists(atPath: leaseFile))
    }

    /// PostgreSQL did not answer in time after the row was sent: the row may still land and name the file, so the file
    /// stays (and the hold ends); a retry with the same idempotency key finds the row if it landed.
    @Test func aSubmissionWhoseRowMayStillLandKeepsItsFile() async throws {
        try await Self.withHarness { harness in
            let late = HookedStore(base: harness.store, beforeStore: { _ in
                throw StoreUnavailable(reason: "PostgreSQL did not answer within 5 seconds", mayBeStored: true)
            })
            let status = try await harness.post(through: late)
            #expect(status == 503)
            #expect(FileManager.default.contents(atPath: harness.file) == Self.pdf)
            #expect(try await harness.leased() == false)
            #expect(try await harness.rows().isEmpty)
        }
    }
}
