import FormgenTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Encryption at rest as an operator meets it: collect refuses to start without a key when a form has sensitive
/// fields; `sqlite3` sees ciphertext; `formgen export` opens it with the key and says what is missing without it;
/// `formgen rekey` moves every row to a new key; `formgen erase` finds a person by their sealed BSN.
@Suite struct CollectKeyCommandTests {
    static let kyc = """
    id: kyc
    title: KYC
    fields:
      - {id: name, label: Full name, required: true}
      - {id: bsn, label: BSN, required: true}

    """
    static let keyA = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    static let keyB = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8="

    static func post(_ body: String, port: Int) throws -> String {
        let connection = try LoopbackClient(port: port)
        connection.send("POST /submit/kyc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        _ = connection.closedByServer(within: 10)
        return connection.received.components(separatedBy: "\r\n").first ?? ""
    }

    @Test func withoutAKeyCollectRefusesToStartAndNamesTheSensitiveFields() throws {
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db"], in: try CollectProcess.site(forms: ["kyc.yaml": Self.kyc]))
        defer { collect.finish() }
        #expect(collect.waitForExit(seconds: 60) == 1)
        #expect(collect.output.contains("error: these forms have sensitive fields, which collect stores encrypted: kyc (bsn). Give the key in FORMGEN_KEY or --key-file FILE"),
                "\(collect.output)")
    }

    @Test func theDatabaseShowsCiphertextExportOpensItWithTheKeyAndRekeyRotatesIt() throws {
        let root = try CollectProcess.site(forms: ["kyc.yaml": Self.kyc])
        try Data("\(Self.keyA)\n".utf8).write(to: root.appendingPathComponent("key-a"))
        try Data("\(Self.keyB)\n\(Self.keyA)\n".utf8).write(to: root.appendingPathComponent("keys-b-a"))
        try Data("\(Self.keyB)\n".utf8).write(to: root.appendingPathComponent("key-b"))
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--key-file", "key-a"], in: root)
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        #expect(try Self.post(#"{"name":"Ann","bsn":"111222333"}"#, port: port) == "HTTP/1.1 200 OK")
        #expect(try Self.post(#"{"name":"Bob","bsn":"999888777"}"#, port: port) == "HTTP/1.1 200 OK")
        #expect(collect.stop(with: SIGTERM, seconds: 10) == 0)

        let file = try Data(contentsOf: root.appendingPathComponent("data/submissions.db"))
        #expect(file.range(of: Data("111222333".utf8)) == nil, "the BSN is not in the database file")
        #expect(file.range(of: Data(#""name":"Ann""#.utf8)) != nil)

        let without = try CommandRunner.run(["export", "--db", "sqlite:data/submissions.db"], in: root)
        #expect(without.status == 1)
        #expect(without.stderr.contains("error: submission 1 has encrypted fields (key "), "\(without.stderr)")
        #expect(without.stderr.contains("give the key in FORMGEN_KEY or --key-file FILE"))
        #expect(without.stdout.isEmpty)
        let withKey = try CommandRunner.run(["export", "--db", "sqlite:data/submissions.db", "--key-file", "key-a"], in: root)
        #expect(withKey.status == 0, "\(withKey.stderr)")
        #expect(withKey.stdout.contains(#""data":{"bsn":"111222333","name":"Ann"}"#), "\(withKey.stdout)")
        let csv = try CommandRunner.run(["export", "--db", "sqlite:data/submissions.db", "--key-file", "key-a", "--format", "csv", "--form", "kyc"], in: root)
        #expect(csv.stdout.contains(",Ann,111222333\r\n"), "\(csv.stdout)")

        let rekey = try CommandRunner.run(["rekey", "--db", "sqlite:data/submissions.db", "--key-file", "keys-b-a"], in: root)
        #expect(rekey.status == 0, "\(rekey.stderr)")
        #expect(rekey.stdout.contains("rekeyed 2 submission(s) to key "), "\(rekey.stdout)")
        let newKeyOnly = try CommandRunner.run(["export", "--db", "sqlite:data/submissions.db", "--key-file", "key-b"], in: root)
        #expect(newKeyOnly.stdout.contains(#""data":{"bsn":"111222333","name":"Ann"}"#), "\(newKeyOnly.stdout)\(newKeyOnly.stderr)")
        let oldKeyOnly = try CommandRunner.run(["export", "--db", "sqlite:data/submissions.db", "--key-file", "key-a"], in: root)
        #expect(oldKeyOnly.status == 1)
        #expect(oldKeyOnly.stderr.contains("which is not among the keys given"), "\(oldKeyOnly.stderr)")

        let erase = try CommandRunner.run(["erase", "--db", "sqlite:data/submissions.db", "--key-file", "key-b", "--form", "kyc", "--match", "bsn=111222333"], in: root)
        #expect(erase.status == 0, "\(erase.stderr)")
        #expect(erase.stdout.contains("deleted submission 1 of kyc received "), "\(erase.stdout)")
        #expect(erase.stdout.contains("1 submission(s) and 0 upload(s) deleted"))
        let left = try CommandRunner.run(["export", "--db", "sqlite:data/submissions.db", "--key-file", "key-b"], in: root)
        #expect(!left.stdout.contains("111222333"))
        #expect(left.stdout.contains("999888777"))
    }

    @Test func eraseWithoutAKeyCannotMatchAnEncryptedField() throws {
        let root = try CollectProcess.site(forms: ["kyc.yaml": Self.kyc])
        try Data("\(Self.keyA)\n".utf8).write(to: root.appendingPathComponent("key-a"))
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--key-file", "key-a"], in: root)
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        #expect(try Self.post(#"{"name":"Ann","bsn":"111222333"}"#, port: port) == "HTTP/1.1 200 OK")
        #expect(collect.stop(with: SIGTERM, seconds: 10) == 0)
        let erase = try CommandRunner.run(["erase", "--db", "sqlite:data/submissions.db", "--form", "kyc", "--match", "bsn=111222333"], in: root)
        #expect(erase.status == 1)
        #expect(erase.stderr.contains("has encrypted fields"), "\(erase.stderr)")
        let dryRun = try CommandRunner.run(["erase", "--db", "sqlite:data/submissions.db", "--key-file", "key-a", "--form", "kyc", "--match", "name=Ann", "--dry-run"], in: root)
        #expect(dryRun.stdout.contains("1 submission(s) would be deleted"), "\(dryRun.stdout)\(dryRun.stderr)")
        #expect(try CommandRunner.run(["export", "--db", "sqlite:data/submissions.db", "--key-file", "key-a"], in: root).stdout.contains("111222333"))
        let bad = try CommandRunner.run(["erase", "--db", "sqlite:data/submissions.db", "--form", "kyc", "--match", "nonsense"], in: root)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--match expects FIELD=VALUE"))
    }
}
