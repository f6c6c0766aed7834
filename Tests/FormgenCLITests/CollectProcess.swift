import FormgenTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `formgen collect` process over a small built site in a fresh folder, its output collected as it comes.
final class CollectProcess: @unchecked Sendable {
    let process = Process()
    let root: URL
    private let reader = PipeReader()

    /// A folder with `configs/` (site.yaml and `forms`: file name → YAML) built into `public/`.
    static func site(forms: [String: String] = ["contact.yaml": ContactForm.yaml]) throws -> URL {
        let root = try CommandRunner.temporaryDirectory()
        let configs = root.appendingPathComponent("configs")
        try FileManager.default.createDirectory(at: configs.appendingPathComponent("forms"), withIntermediateDirectories: true)
        try Data("title: Collect test\nbaseURL: /\nlanguage: en\n".utf8).write(to: configs.appendingPathComponent("site.yaml"))
        for (name, text) in forms { try Data(text.utf8).write(to: configs.appendingPathComponent("forms/\(name)")) }
        let build = try CommandRunner.run(["build", "--out", "public"], in: root)
        guard build.status == 0 else { throw BuildFailed(output: build.stdout + build.stderr) }
        return root
    }

    struct BuildFailed: Error {
        var output: String
    }

    /// Starts `formgen collect --site public --port 0` and `arguments` in `root`.
    init(arguments: [String], in root: URL) throws {
        self.root = root
        process.executableURL = CommandRunner.binary
        process.arguments = ["collect", "--site", "public", "--port", "0"] + arguments
        process.currentDirectoryURL = root
        process.standardOutput = reader.pipe
        process.standardError = reader.pipe
        try process.run()
    }

    /// Everything it printed (stdout and stderr).
    var output: String { reader.text }

    /// Waits for the line naming the URL; returns the port.
    func waitForPort(seconds: Double = 60) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let match = output.firstMatch(of: /Collecting \d+ form\(s\) at http:\/\/127\.0\.0\.1:(\d+)\//) { return Int(match.1) }
            guard process.isRunning else { return nil }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Waits up to `seconds` for the process to end by itself; its exit status, or nil if it is still running.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Sends `signal` and waits up to `seconds` for the process to end; its exit status, or nil if it did not end
    /// (then it is killed).
    func stop(with signal: Int32, seconds: Double) -> Int32? {
        kill(process.processIdentifier, signal)
        guard let status = waitForExit(seconds: seconds) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return status
    }

    /// Stops it if it still runs and removes its folder.
    func finish() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: root)
    }
}
