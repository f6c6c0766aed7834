import Foundation
import Testing

/// `formgen users add` as an operator runs it (the password from standard input when that is not a terminal), and
/// collect's admin flags.
@Suite struct UsersCommandTests {
    /// Runs the binary with `input` on its standard input.
    static func run(_ arguments: [String], input: String, in directory: URL) throws -> CommandRunner.Result {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRunner.Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                                    stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test func addReadsThePasswordFromStandardInputAndStoresOnlyItsHash() throws {
        let root = try CommandRunner.temporaryDirectory()
        let added = try Self.run(["users", "add", "ann", "--users", "admins.yaml", "--forms", "kyc/nl,contact", "--token", "--cost", "4"],
                                 input: "correct horse battery\n", in: root)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("ann saved in admins.yaml (forms: kyc/nl, contact)"))
        let token = try #require(added.stdout.firstMatch(of: /bearer token \(shown once\): ([A-Za-z0-9_-]{43})/)?.1)
        let file = try String(contentsOf: root.appendingPathComponent("admins.yaml"), encoding: .utf8)
        #expect(file.contains(#"password: "$2b$04$"#), "\(file)")
        #expect(file.contains(#"forms: ["kyc/nl", "contact"]"#))
        #expect(file.contains(#"tokens: ["sha256:"#))
        #expect(!file.contains("correct horse battery"))
        #expect(!file.contains(String(token)))
        let mode = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("admins.yaml").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A second user keeps the first.
        #expect(try Self.run(["users", "add", "cas", "--users", "admins.yaml", "--cost", "4"], input: "another long password\n", in: root).status == 0)
        let both = try String(contentsOf: root.appendingPathComponent("admins.yaml"), encoding: .utf8)
        #expect(both.contains(#""ann":"#) && both.contains(#""cas":"#))
    }

    @Test func aShortOrMissingPasswordIsRefused() throws {
        let root = try CommandRunner.temporaryDirectory()
        for input in ["short\n", ""] {
            let added = try Self.run(["users", "add", "ann", "--users", "admins.yaml", "--cost", "4"], input: input, in: root)
            #expect(added.status == 1)
            #expect(added.stderr.contains("error: the password must be at least 12 characters"))
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("admins.yaml").path))
        let badName = try Self.run(["users", "add", "a b", "--users", "admins.yaml"], input: "correct horse battery\n", in: root)
        #expect(badName.status == 2)
    }

    @Test func collectRefusesPlainHTTPAdminOffLoopbackAndAnEmptyUsersFile() throws {
        let root = try CollectProcess.site()
        let offLoopback = try CommandRunner.run(["collect", "--site", "public", "--host", "0.0.0.0", "--users", "admins.yaml", "--admin-plain-http"], in: root)
        #expect(offLoopback.status == 2)
        #expect(offLoopback.stderr.contains("--admin-plain-http is for a loopback --host only"), "\(offLoopback.stderr)")
        try Data("users:\n".utf8).write(to: root.appendingPathComponent("admins.yaml"))
        let empty = try CommandRunner.run(["collect", "--site", "public", "--port", "0", "--users", "admins.yaml"], in: root)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("error: bad users file: admins.yaml has no user: add one with formgen users add NAME --users admins.yaml"), "\(empty.stderr)")
    }
}
