import Foundation
import Testing

/// `formgen --version` names the git revision however the binary is reached: by name through `PATH` and a symlink,
/// or installed away from its checkout with the `formgen.revision` file a release carries (issue #40, item 6).
@Suite struct VersionCommandTests {
    static func head() throws -> String {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", CommandRunner.repository.path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        git.standardOutput = pipe
        try git.run()
        let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        return String(head.prefix(12))
    }

    /// Runs `formgen --version` by name, with `PATH` holding `bin` first, from `directory`.
    static func versionByName(bin: URL, in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["formgen", "--version"]
        process.environment = ["PATH": bin.path + ":/usr/bin:/bin", "HOME": directory.path]
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return text
    }

    @Test func aSymlinkOnThePathKeepsTheCheckoutsRevision() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("formgen"), withDestinationURL: CommandRunner.binary)
        #expect(try Self.versionByName(bin: bin, in: root) == "formgen 0.2.0 (git \(Self.head()))\n")
    }

    @Test func aBinaryAwayFromItsCheckoutReadsTheRevisionRecordedBesideIt() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let lib = root.appendingPathComponent("lib/formgen"), bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let installed = lib.appendingPathComponent("formgen")
        do {
            try FileManager.default.linkItem(at: CommandRunner.binary, to: installed)
        } catch {
            try FileManager.default.copyItem(at: CommandRunner.binary, to: installed)
        }
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("formgen").path, withDestinationPath: "../lib/formgen/formgen")
        #expect(try Self.versionByName(bin: bin, in: root) == "formgen 0.2.0\n", "no checkout above it and nothing recorded")
        try Data("0123456789abcdef0123456789abcdef01234567\n".utf8).write(to: lib.appendingPathComponent("formgen.revision"))
        #expect(try Self.versionByName(bin: bin, in: root) == "formgen 0.2.0 (git 0123456789ab)\n")
    }
}
