import FormgenTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `formgen erase`, another process than collect, leaves a file a submission in flight holds: the submission's lease is
/// a shared `flock` on `.formgen-leases/<sha256>` in the uploads folder, taken under the shared folder lock
/// `.formgen-leases/lock` (this test takes it as collect does, then runs erase).
@Suite struct UploadLeaseCommandTests {
    static let claim = SealedUploadCommandTests.claim.replacingOccurrences(of: "accept: [application/pdf]}", with: "accept: [application/pdf], sensitive: false}")

    /// Opens `path` (created when missing) and locks it shared; returns the descriptor.
    static func lockShared(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_SH) == 0, "cannot lock \(path)")
        return descriptor
    }

    @Test func eraseKeepsAFileASubmissionInFlightHolds() throws {
        let root = try CollectProcess.site(forms: ["claim.yaml": Self.claim])
        defer { try? FileManager.default.removeItem(at: root) }
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db"], in: root)
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        #expect(try SealedUploadCommandTests.post(port: port) == "HTTP/1.1 200 OK")
        #expect(collect.stop(with: SIGTERM, seconds: 10) == 0)

        let uploads = root.appendingPathComponent("data/uploads")
        let files = try FileManager.default.contentsOfDirectory(atPath: uploads.path).filter { !$0.hasPrefix(".") }
        let digest = try #require(files.count == 1 ? files[0] : nil, "\(files)")
        let leases = uploads.appendingPathComponent(".formgen-leases")
        let folderLock = try Self.lockShared(leases.appendingPathComponent("lock").path)
        let lease = try Self.lockShared(leases.appendingPathComponent(digest).path)
        close(folderLock)

        let erase = try CommandRunner.run(["erase", "--db", "sqlite:data/submissions.db", "--form", "claim", "--match", "name=Ann"], in: root)
        close(lease)
        #expect(erase.status == 0, "\(erase.stderr)")
        #expect(erase.stdout.contains("kept upload \(digest): a submission being stored now uses it"), "\(erase.stdout)")
        #expect(erase.stdout.contains("1 submission(s) and 0 upload(s) deleted"), "\(erase.stdout)")
        #expect(FileManager.default.contents(atPath: uploads.appendingPathComponent(digest).path) == Data(SealedUploadCommandTests.pdf.utf8))
    }
}
