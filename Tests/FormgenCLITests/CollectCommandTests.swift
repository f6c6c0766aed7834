import FormgenTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `formgen collect` as an operator runs it: slow and silent clients, SIGTERM, start-up checks.
@Suite struct CollectCommandTests {
    static let slowUploadHead = "POST /submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"

    @Test func sigtermStopsItWhileAClientUploadsSlowly() throws {
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db"], in: try CollectProcess.site())
        defer { collect.finish() }
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        let uploads = try (0..<3).map { _ in try LoopbackClient(port: port) }
        for upload in uploads { upload.send(Self.slowUploadHead + #"{"name":"#) }
        Thread.sleep(forTimeInterval: 0.3)
        // The figure (about the 2 s grace) is measured outside the tests; this only proves it does not hang.
        #expect(collect.stop(with: SIGTERM, seconds: 10) == 0, "still running 10 s after SIGTERM; output: \(collect.output)")
    }

    @Test func aSilentConnectionIsClosedAfterTheHeaderTimeout() throws {
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--header-timeout", "0.5"], in: try CollectProcess.site())
        defer { collect.finish() }
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        let silent = try LoopbackClient(port: port)
        let halfHead = try LoopbackClient(port: port)
        halfHead.send("POST /submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        #expect(silent.closedByServer(within: 10))
        #expect(halfHead.closedByServer(within: 10))
    }

    @Test func aBodyThatTricklesIsAnswered408AndItsConnectionClosed() throws {
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--body-timeout", "1"], in: try CollectProcess.site())
        defer { collect.finish() }
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        let trickle = try LoopbackClient(port: port)
        trickle.send(Self.slowUploadHead)
        // One byte every 200 ms: never silent for the 10 s header timeout, but far slower than the 1 s body deadline.
        var closed = false
        for _ in 0..<50 where !closed {
            trickle.send(" ")
            closed = trickle.closedByServer(within: 0.2)
        }
        #expect(closed)
        #expect(trickle.received.hasPrefix("HTTP/1.1 408"), "received: \(trickle.received)")
    }

    @Test func aFormWhoseFilesExceedTheBodyLimitStopsItAtStartWithTheFormAndField() throws {
        let form = """
        id: profile
        title: Profile
        fields:
          - {id: photo, label: Photo, type: file, accept: [image/png, image/jpeg], maxSize: 5MB}

        """
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db"], in: try CollectProcess.site(forms: ["profile.yaml": form]))
        defer { collect.finish() }
        #expect(collect.waitForExit(seconds: 60) == 1)
        #expect(collect.output.contains("error: the form 'profile' accepts a file of up to 5000000 bytes in the field 'photo', but --max-body is 1048576 bytes"))
        #expect(collect.output.contains("Start collect with --max-body 5065536 or more"))
        try Data("\(CollectKeyCommandTests.keyA)\n".utf8).write(to: collect.root.appendingPathComponent("key"))
        let raised = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--max-body", "5065536", "--key-file", "key"],
                                        in: collect.root)
        defer { _ = raised.stop(with: SIGKILL, seconds: 10) }
        #expect(raised.waitForPort() != nil, "output: \(raised.output)")
    }

    /// Runs git in `root`; its exit status and output.
    @discardableResult
    static func git(_ arguments: [String], in root: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Posts one valid submission to the contact form; the answer's status line.
    static func postContact(port: Int) throws -> String {
        let body = #"{"name":"Ann"}"#
        let connection = try LoopbackClient(port: port)
        connection.send("POST /submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        _ = connection.closedByServer(within: 10)
        return connection.received.components(separatedBy: "\r\n").first ?? ""
    }

    @Test func byDefaultTheDatabaseIsKeptInAFolderGitIgnores() throws {
        let root = try CollectProcess.site()
        try Self.git(["init", "-q"], in: root)
        let collect = try CollectProcess(arguments: [], in: root)
        defer { collect.finish() }
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        #expect(try Self.postContact(port: port) == "HTTP/1.1 200 OK")
        #expect(collect.stop(with: SIGTERM, seconds: 10) == 0)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("submissions/submissions.db").path))
        let status = try Self.git(["status", "--porcelain", "--untracked-files=all"], in: root)
        #expect(!status.output.contains("submissions"), "\(status.output)")
        #expect(try Self.git(["check-ignore", "-q", "submissions/uploads/0"], in: root).status == 0)
        #expect(!collect.output.contains("not ignored"), "\(collect.output)")
    }

    @Test func aDatabaseAndUploadsThatGitWouldAddAreWarnedAbout() throws {
        let root = try CollectProcess.site()
        try Self.git(["init", "-q"], in: root)
        let collect = try CollectProcess(arguments: ["--db", "sqlite:plain.db"], in: root)
        defer { collect.finish() }
        #expect(collect.waitForPort() != nil, "output: \(collect.output)")
        #expect(collect.output.contains("plain.db is inside a git work tree and not ignored"), "\(collect.output)")
        #expect(collect.output.contains("uploads/ is inside a git work tree and not ignored"), "\(collect.output)")
    }

    @Test func outsideAGitWorkTreeNothingIsSaid() throws {
        let collect = try CollectProcess(arguments: ["--db", "sqlite:plain.db"], in: try CollectProcess.site())
        defer { collect.finish() }
        #expect(collect.waitForPort() != nil, "output: \(collect.output)")
        #expect(!collect.output.contains("git"), "\(collect.output)")
    }

    @Test func aDatabaseLeftInTheWorkingDirectoryByAnEarlierVersionIsStillUsed() throws {
        let root = try CollectProcess.site()
        let earlier = try CollectProcess(arguments: ["--db", "sqlite:submissions.db"], in: root)
        let earlierPort = try #require(earlier.waitForPort(), "output: \(earlier.output)")
        #expect(try Self.postContact(port: earlierPort) == "HTTP/1.1 200 OK")
        #expect(earlier.stop(with: SIGTERM, seconds: 10) == 0)
        let collect = try CollectProcess(arguments: [], in: root)
        defer { collect.finish() }
        #expect(collect.waitForPort() != nil, "output: \(collect.output)")
        #expect(collect.output.contains("warning: using submissions.db in the working directory (the default of earlier versions)"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("submissions").path))
        let export = try CommandRunner.run(["export"], in: root)
        #expect(export.stdout.contains(#""data":{"name":"Ann"}"#), "\(export.stdout)\(export.stderr)")
    }

    @Test func theStartersGitignoreKeepsCollectedDataOut() throws {
        let site = try CommandRunner.temporaryDirectory().appendingPathComponent("demo")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try CommandRunner.run(["init", site.path]).status == 0)
        try Self.git(["init", "-q"], in: site)
        for path in ["submissions/submissions.db", "submissions.db", "submissions.db-journal", "submissions.db-wal", "submissions.db-shm",
                     "data/answers.db", "uploads/0123"] {
            #expect(try Self.git(["check-ignore", "-q", path], in: site).status == 0, "\(path)")
        }
        #expect(try Self.git(["check-ignore", "-q", "configs/site.yaml"], in: site).status == 1)
    }
}
