import Foundation
import Testing

/// On Linux the binary allocates with jemalloc (Package.swift links it ahead of glibc): asked through `MALLOC_CONF` to
/// print its statistics at exit, jemalloc answers, and the command's own output is unchanged.
@Suite struct AllocatorTests {
    #if os(Linux)
    @Test func theBinaryAllocatesWithJemalloc() throws {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["--version"]
        process.environment = ["MALLOC_CONF": "stats_print:true", "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are read at once: jemalloc's statistics fill more than a pipe holds, and a child blocked writing
        // them never closes its standard output.
        let errors = DispatchGroup()
        nonisolated(unsafe) var stderrData = Data()
        DispatchQueue.global().async(group: errors) { stderrData = err.fileHandleForReading.readDataToEndOfFile() }
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        errors.wait()
        let said = String(decoding: stderrData, as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed.hasPrefix("formgen "))
        #expect(said.contains("jemalloc statistics"))
    }
    #endif
}
