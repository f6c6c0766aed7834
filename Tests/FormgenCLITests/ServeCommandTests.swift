import FormgenTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `formgen serve` as a user runs it: a real process on a free loopback port.
@Suite(.serialized) struct ServeCommandTests {
    @Test func editingAConfigReloadsOpenPagesAndAFailedBuildIsShownThenCleared() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        defer { try? FileManager.default.removeItem(at: site) }
        let templates = CommandRunner.repository.appendingPathComponent("templates").path
        let server = try ServeProcess(arguments: ["--config", "configs", "--templates", templates, "--port", "0"], in: site)
        let port = try #require(server.waitForPort(), "no URL printed; stdout: \(server.stdout) stderr: \(server.stderr)")
        defer { _ = server.stop(with: SIGKILL) }

        let events = try LoopbackClient(port: port)
        events.send("GET /__formgen/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: "event: hello"))
        #expect(events.received.contains("text/event-stream"))

        let config = site.appendingPathComponent("configs/forms/registration.yaml")
        let original = try String(contentsOf: config, encoding: .utf8)
        try original.replacingOccurrences(of: "label: Full name", with: "label: Your complete name").write(to: config, atomically: true, encoding: .utf8)
        var mark = events.received.endIndex
        #expect(events.read(until: "event: reload", after: mark))
        let page = try LoopbackClient.get("/registration/", port: port)
        #expect(page.hasPrefix("HTTP/1.1 200"))
        #expect(page.contains("Your complete name"))
        #expect(page.contains("/__formgen/events"))

        try (original + "\n  - broken: [\n").write(to: config, atomically: true, encoding: .utf8)
        mark = events.received.endIndex
        #expect(events.read(until: "event: build-error", after: mark))
        #expect(events.read(until: "registration.yaml:", after: mark))
        let stillServed = try LoopbackClient.get("/registration/", port: port)
        #expect(stillServed.hasPrefix("HTTP/1.1 200") && stillServed.contains("Your complete name"))

        try original.replacingOccurrences(of: "title: Create your account", with: "title: Open an account").write(to: config, atomically: true, encoding: .utf8)
        mark = events.received.endIndex
        #expect(events.read(until: "event: reload", after: mark))
        #expect(try LoopbackClient.get("/", port: port).contains("Open an account"))

        // The preview is built into its own folder, never into formgen build's output.
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
        let previewed = try String(contentsOf: site.appendingPathComponent(".formgen/preview/registration/index.html"), encoding: .utf8)
        #expect(previewed.contains("/__formgen/events"))

        #expect(server.stop(with: SIGINT) == 0, "did not stop cleanly with a page open; stderr: \(server.stderr)")
        #expect(server.stdout.contains("GET /registration/ 200"))
        #expect(server.stderr.contains("registration.yaml:"))
    }

    @Test func sigtermStopsItCleanlyWithPagesOpen() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess(arguments: ["--out", "public", "--port", "0", "--poll"], in: site)
        let port = try #require(server.waitForPort(), "stderr: \(server.stderr)")
        let pages = try (0..<3).map { _ in try LoopbackClient(port: port) }
        for page in pages {
            page.send("GET /__formgen/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(page.read(until: "event: hello"))
        }
        #expect(server.stop(with: SIGTERM) == 0)
    }

    @Test func sigtermCancelsASlowMockRequestAfterTheShutdownDeadline() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess(arguments: ["--out", "public", "--port", "0", "--poll"], in: site)
        let port = try #require(server.waitForPort(), "stderr: \(server.stderr)")
        defer { _ = server.stop(with: SIGKILL) }
        let slow = try LoopbackClient(port: port)
        slow.send("GET /api/nl-user-profile?mock-delay=600000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(server.stop(with: SIGTERM, seconds: 30) == 0, "still running 30 s after SIGTERM; stderr: \(server.stderr)")
    }

    @Test func aRequestWithoutHostIsRefused() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess(arguments: ["--out", "public", "--port", "0", "--poll"], in: site)
        let port = try #require(server.waitForPort(), "stderr: \(server.stderr)")
        defer { _ = server.stop(with: SIGKILL) }
        let client = try LoopbackClient(port: port)
        client.send("GET / HTTP/1.1\r\n\r\n")
        #expect(client.read(until: "\r\n"))
        #expect(client.received.hasPrefix("HTTP/1.1 400"), "\(client.received)")
    }

    @Test func aTakenPortIsOneClearLineBeforeAnyBuild() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        defer { try? FileManager.default.removeItem(at: site) }
        let (socket, port) = try LoopbackClient.listeningSocket()
        defer { close(socket) }
        let server = try ServeProcess(arguments: ["--out", "public", "--port", String(port)], in: site)
        #expect(server.waitForExit() == 1)
        #expect(server.stderr == "error: cannot listen on 127.0.0.1:\(port): the port is already in use (stop the other server, or pick another with --port)\n")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }

    @Test(arguments: [["--port", "70000"], ["--port", "http"], ["--max-body", "0"], ["--no-such-option"]])
    func usageErrorsExitWith2(arguments: [String]) throws {
        let result = try CommandRunner.run(["serve"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error:") || result.stderr.contains("error:"))
    }

    @Test func buildOutputNeverCarriesTheReloadScript() throws {
        let out = try CommandRunner.temporaryDirectory().appendingPathComponent("public")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        #expect(try CommandRunner.run(["build", "--out", out.path]).status == 0)
        let pages = try CommandRunner.snapshot(out).filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 5)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("__formgen"), "\(path)")
            #expect(!html.contains("EventSource"), "\(path)")
        }
    }
}
