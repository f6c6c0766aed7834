import Foundation
import Testing
@testable import FormgenCore

/// What a build says of itself: its time in the summary line, and the binary's identity in every cache key.
struct BuildReportTests {
    /// The time is written as `%.2f` writes it, halves to even, for the times a build takes and the edges around them.
    @Test(arguments: [0, 0.004, 0.005, 0.0051, 0.015, 0.125, 0.135, 0.995, 0.9951, 1, 1.005, 1.25, 9.999, 12.345, 59.99, 123.456, 3600.125, 86_400.5])
    func theTimeHasTwoDecimalsAsPrintfWritesThem(seconds: Double) {
        #expect(BuildReport.twoDecimals(seconds) == String(format: "%.2f", seconds))
    }

    /// Every thousandth of a second up to a minute and every half hundredth up to ten minutes (each tie printf meets).
    @Test func everyThousandthAndHalfHundredthIsWrittenAsPrintfWritesIt() {
        let times = (0..<60_000).map { Double($0) / 1000 } + (0..<120_000).map { Double($0) / 200 }
        let differing = times.filter { BuildReport.twoDecimals($0) != String(format: "%.2f", $0) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test func theSummarySaysPagesFilesTimeAndWarnings() {
        var report = BuildReport(pages: 1, files: 3, warnings: [], seconds: 0.456)
        #expect(report.summary == "Built 1 page (3 files) in 0.46 s.")
        report.upToDate = true
        report.warnings = [Diagnostic(.warning, at: FormgenCore.SourceLocation(file: "f", line: 1, column: 1), "w")]
        #expect(report.summary == "Up to date: 1 page (3 files), checked in 0.46 s, 1 warning.")
    }

    /// The identity changes when the binary is written again (its time) or grows, and is empty for no binary.
    @Test func theIdentityFollowsTheBinarysSizeAndTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("formgen")
        try Data("one".utf8).write(to: binary)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: binary.path)
        let first = BuildOptions.identity(ofExecutable: binary.path)
        #expect(first.hasPrefix(binary.path + "|3|1000000."))
        #expect(BuildOptions.identity(ofExecutable: binary.path) == first)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_001)], ofItemAtPath: binary.path)
        #expect(BuildOptions.identity(ofExecutable: binary.path) != first)
        try Data("longer".utf8).write(to: binary)
        #expect(BuildOptions.identity(ofExecutable: binary.path).hasPrefix(binary.path + "|6|"))
        #expect(BuildOptions.identity(ofExecutable: folder.appendingPathComponent("missing").path) == "")
        #expect(BuildOptions.identity(ofExecutable: nil) == "")
        #expect(BuildOptions.identity(ofExecutable: "") == "")
    }

    /// By default a build is keyed by the binary that runs it, found through `/proc/self/exe`.
    @Test func theDefaultIdentityIsTheRunningBinarys() {
        let running = FormgenVersion.runningExecutable()
        #expect(FileManager.default.fileExists(atPath: running))
        #expect(BuildOptions().toolIdentity.hasPrefix(running + "|"))
    }
}
