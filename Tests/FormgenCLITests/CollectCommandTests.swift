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
        let uploads = try (0..<3).map { _ in try LoopbackConnection(port: port) }
        for upload in uploads { upload.send(Self.slowUploadHead + #"{"name":"#) }
        Thread.sleep(forTimeInterval: 0.3)
        // The figure (about the 2 s grace) is measured outside the tests; this only proves it does not hang.
        #expect(collect.stop(with: SIGTERM, seconds: 10) == 0, "still running 10 s after SIGTERM; output: \(collect.output)")
    }

    @Test func aSilentConnectionIsClosedAfterTheHeaderTimeout() throws {
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--header-timeout", "0.5"], in: try CollectProcess.site())
        defer { collect.finish() }
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        let silent = try LoopbackConnection(port: port)
        let halfHead = try LoopbackConnection(port: port)
        halfHead.send("POST /submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        #expect(silent.closedByServer(within: 10))
        #expect(halfHead.closedByServer(within: 10))
    }

    @Test func aBodyThatTricklesIsAnswered408AndItsConnectionClosed() throws {
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--body-timeout", "1"], in: try CollectProcess.site())
        defer { collect.finish() }
        let port = try #require(collect.waitForPort(), "output: \(collect.output)")
        let trickle = try LoopbackConnection(port: port)
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
        let raised = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--max-body", "5065536"], in: collect.root)
        defer { _ = raised.stop(with: SIGKILL, seconds: 10) }
        #expect(raised.waitForPort() != nil, "output: \(raised.output)")
    }
}
