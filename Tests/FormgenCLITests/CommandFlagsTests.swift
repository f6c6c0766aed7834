import FormgenTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Short flags, `--help` examples, `--quiet`/`--verbose` and `serve --open`, run as a user types them.
@Suite(.serialized) struct CommandFlagsTests {
    @Test func shortFlagsBuildTheSameSiteAsLongOnes() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let templates = CommandRunner.repository.appendingPathComponent("templates").path
        let long = try CommandRunner.run(["build", "--config", "configs", "--templates", templates, "--out", root.appendingPathComponent("long").path])
        let short = try CommandRunner.run(["build", "-c", "configs", "-t", templates, "-o", root.appendingPathComponent("short").path])
        #expect(long.status == 0 && short.status == 0, "\(short.stderr)")
        let built = try CommandRunner.snapshot(root.appendingPathComponent("short"))
        let expected = try CommandRunner.snapshot(root.appendingPathComponent("long"))
        #expect(built.count > 5)
        let differing = Set(built.keys).union(expected.keys).sorted().filter { built[$0] != expected[$0] }
        #expect(differing.isEmpty, "the two builds differ in: \(differing.joined(separator: ", "))")
    }

    @Test func shortConfigFlagNamesTheFolder() throws {
        let result = try CommandRunner.run(["check", "-c", "no-such-folder"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains("no-such-folder"))
    }

    @Test(arguments: [
        (["build"], "Example: formgen build -c configs -o public --strict"),
        (["check"], "Example: formgen check -c configs --strict"),
        (["serve"], "Example: formgen serve -c configs -p 8081 --open"),
        (["validate"], "Example: formgen validate contact submission.json --today 2025-06-15"),
        (["schema"], "Example: formgen schema form > configs/schemas/formgen-form.schema.json"),
        (["init"], "Example: formgen init my-forms --template contact"),
        (["new", "form"], "Example: formgen new form feedback"),
    ])
    func helpShowsAnExamplePerCommand(command: [String], example: String) throws {
        let result = try CommandRunner.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(example), "\(result.stdout)")
    }

    @Test(arguments: [["build", "--help"], ["check", "--help"], ["serve", "--help"]])
    func helpListsTheShortFlags(command: [String]) throws {
        let help = try CommandRunner.run(command).stdout
        for flag in ["-c, --config", "-t, --templates", "-o, --out", "-q, --quiet", "--verbose"] {
            #expect(help.contains(flag), "\(command[0]) lacks \(flag)")
        }
        #expect(help.contains("-p, --port") == (command[0] == "serve"))
    }

    @Test func quietBuildPrintsNothingAndVerboseSaysWhatIsRead() throws {
        let out = try CommandRunner.temporaryDirectory().appendingPathComponent("public")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let quiet = try CommandRunner.run(["build", "-q", "-o", out.path])
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "" && quiet.stderr == "")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
        let verbose = try CommandRunner.run(["build", "--verbose", "--force", "-o", out.path])
        #expect(verbose.stdout.hasPrefix("Reading configs/ and templates/ (over the built-in theme); writing \(out.path)/\nRendered "))
        #expect(verbose.stdout.contains("\n  kyc/nl/index.html\n"), "every file rendered is listed")
        #expect(verbose.stdout.contains("\nBuilt "))
        let check = try CommandRunner.run(["check", "--verbose"])
        #expect(check.stdout.contains("checked kyc/nl/\n"))
        #expect(try CommandRunner.run(["check", "--quiet"]).stdout == "")
    }

    @Test func quietAndVerboseTogetherIsAUsageError() throws {
        let result = try CommandRunner.run(["check", "--quiet", "--verbose"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--quiet and --verbose cannot be used together"))
    }
}

/// `serve --open`, in the serialized serve suite (a serve process is waited for on a thread of the test pool).
extension ServeCommandTests {
    @Test func serveOpenHandsTheURLToXdgOpen() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        defer { try? FileManager.default.removeItem(at: site) }
        let bin = site.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opened = site.appendingPathComponent("opened.txt")
        let script = bin.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let server = try ServeProcess(arguments: ["-o", "public", "-p", "0", "-q", "--open", "--poll"], in: site,
                                      environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        let port = try #require(server.waitForPort(), "stderr: \(server.stderr)")
        defer { _ = server.stop(with: SIGKILL) }
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect((try? String(contentsOf: opened, encoding: .utf8)) == "http://127.0.0.1:\(port)/")
        _ = try LoopbackClient.get("/", port: port)
        #expect(server.stop(with: SIGINT) == 0)
        #expect(server.stdout == "Serving http://127.0.0.1:\(port)/\n", "quiet serve printed more than its URL")
    }

    @Test func serveOpenWithoutXdgOpenPrintsTheURL() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess(arguments: ["-o", "public", "-p", "0", "--open", "--poll"], in: site,
                                      environment: ["PATH": site.appendingPathComponent("no-bin").path])
        let port = try #require(server.waitForPort(), "stderr: \(server.stderr)")
        defer { _ = server.stop(with: SIGKILL) }
        let deadline = Date().addingTimeInterval(20)
        while !server.stdout.contains("in your browser"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(server.stdout.contains("Open http://127.0.0.1:\(port)/ in your browser (no xdg-open found).\n"))
        #expect(server.stop(with: SIGINT) == 0)
    }
}
