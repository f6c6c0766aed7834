import FormgenTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A sensitive file as an operator meets it: collect writes it to the uploads folder sealed, never in the clear;
/// `formgen rekey` seals it again under the new key; `formgen erase` deletes it.
@Suite struct SealedUploadCommandTests {
    static let claim = """
    id: claim
    title: Claim
    fields:
      - {id: name, label: Name, required: true}
      - {id: scan, label: Passport scan, type: file, required: true, accept: [application/pdf]}

    """
    static let marker = "PASSPORT-SCAN-XR1234567"
    static let pdf = "%PDF-1.7\n% \(marker)\n%%EOF\n"

    static func post(port: Int) throws -> String {
        let boundary = "formgenCLIBoundary"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAnn\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"scan\"; filename=\"scan-ann.pdf\"\r\nContent-Type: application/pdf\r\n\r\n"
            + pdf + "\r\n--\(boundary)--\r\n"
        let connection = try LoopbackClient(port: port)
        connection.send("POST /submit/claim HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        _ = connection.closedByServer(within: 10)
        return connection.received.components(separatedBy: "\r\n").first ?? ""
    }

    @Test func collectSealsTheFileRekeySealsItAgainAndEraseDeletesIt() throws {
        let root = try CollectProcess.site(forms: ["claim.yaml": Self.claim])
        try Data("\(CollectKeyCommandTests.keyA)\n".utf8).write(to: root.appendingPathComponent("key-a"))
        try Data("\(CollectKeyCommandTests.keyB)\n\(CollectKeyCommandTests.keyA)\n".utf8).write(to: root.appendingPathComponent("keys-b-a"))
        try Data("\(CollectKeyCommandTests.keyB)\n".utf8).write(to: root.appendingPathComponent("key-b"))
        let refused = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db"], in: root)
        #expect(refused.waitForExit(seconds: 60) == 1)
        #expect(refused.output.contains("claim (scan)"), "\(refused.output)")

        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--key-file", "key-a"], in: root)
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        #expect(try Self.post(port: port) == "HTTP/1.1 200 OK")
        #expect(collect.stop(with: SIGTERM, seconds: 10) == 0)

        let uploads = root.appendingPathComponent("data/uploads")
        let files = try FileManager.default.contentsOfDirectory(atPath: uploads.path).filter { !$0.hasPrefix(".") }
        #expect(files.count == 1 && files[0].hasSuffix(".sealed"), "\(files)")
        let sealedFile = uploads.appendingPathComponent(files[0])
        let before = try Data(contentsOf: sealedFile)
        #expect(before.range(of: Data(Self.marker.utf8)) == nil)
        let database = try Data(contentsOf: root.appendingPathComponent("data/submissions.db"))
        #expect(database.range(of: Data("scan-ann.pdf".utf8)) == nil, "the file's name is sealed in the row")

        let rekey = try CommandRunner.run(["rekey", "--db", "sqlite:data/submissions.db", "--key-file", "keys-b-a"], in: root)
        #expect(rekey.status == 0, "\(rekey.stderr)")
        #expect(rekey.stdout.contains("; sealed 1 upload(s) again"), "\(rekey.stdout)")
        let newKey = try #require(rekey.stdout.firstMatch(of: /to key ([0-9a-f]{16})/).map { String($0.1) })
        let after = try Data(contentsOf: sealedFile)
        #expect(String(decoding: after.prefix { $0 != 0x0A }, as: UTF8.self) == "formgen-sealed 1 \(newKey)")
        #expect(after != before && after.range(of: Data(Self.marker.utf8)) == nil)
        let export = try CommandRunner.run(["export", "--db", "sqlite:data/submissions.db", "--key-file", "key-b"], in: root)
        #expect(export.stdout.contains(#""name":"scan-ann.pdf""#), "\(export.stdout)\(export.stderr)")

        let erase = try CommandRunner.run(["erase", "--db", "sqlite:data/submissions.db", "--key-file", "key-b", "--form", "claim", "--match", "name=Ann"], in: root)
        #expect(erase.status == 0, "\(erase.stderr)")
        #expect(erase.stdout.contains("1 submission(s) and 1 upload(s) deleted"), "\(erase.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path) == [".formgen-leases"], "only the leases' folder is left")
    }
}
