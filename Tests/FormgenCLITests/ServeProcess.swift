import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `formgen serve` process with its output collected as it comes.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let out = PipeReader()
    private let err = PipeReader()

    init(arguments: [String], in directory: URL, environment: [String: String]? = nil) throws {
        process.executableURL = CommandRunner.binary
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        process.standardOutput = out.pipe
        process.standardError = err.pipe
        try process.run()
    }

    var stdout: String { out.text }
    var stderr: String { err.text }

    /// Waits for the line naming the URL; returns the port.
    func waitForPort(seconds: Double = 60) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, process.isRunning {
            if let match = stdout.firstMatch(of: /Serving http:\/\/127\.0\.0\.1:(\d+)\//) { return Int(match.1) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Sends `signal` and waits up to `seconds` for the process to end; its exit status, or nil if it did not end.
    func stop(with signal: Int32 = SIGINT, seconds: Double = 15) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    /// Waits up to `seconds` for the process to end by itself.
    func waitForExit(seconds: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
