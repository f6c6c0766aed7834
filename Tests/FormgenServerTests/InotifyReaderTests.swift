#if os(Linux)
@testable import FormgenServer
import FormgenTestSupport
import Foundation
import Glibc
import Testing

/// Reading inotify's events when the kernel's queue overflowed.
@Suite struct InotifyReaderTests {
    /// The kernel keeps at most this many events per instance; one more is lost, with an overflow event in its place.
    static var queueLimit: Int {
        (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16384
    }

    @Test func anOverflowedQueueReportsTheRootAndWatchesFoldersMadeMeanwhile() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let reader = try InotifyReader(folders: [site.configs.path])
        defer { reader.close() }
        let first = site.configs.appendingPathComponent("forms/first.yaml").path
        let second = site.configs.appendingPathComponent("forms/second.yaml").path
        try site.write("configs/forms/first.yaml", "id: first\n")
        try site.write("configs/forms/second.yaml", "id: second\n")
        _ = reader.readEvents()
        // Two files touched in turn: the kernel merges only an event equal to the one before it.
        for _ in 0...(Self.queueLimit / 2) {
            #expect(utimes(first, nil) == 0)
            #expect(utimes(second, nil) == 0)
        }
        try FileManager.default.createDirectory(at: site.configs.appendingPathComponent("forms/later"), withIntermediateDirectories: false)
        let afterOverflow = reader.readEvents()
        #expect(afterOverflow[site.configs.path] == true, "reported: \(afterOverflow.count) paths")

        try site.write("configs/forms/later/new.yaml", "id: new\n")
        #expect(reader.wait(milliseconds: 2000))
        #expect(reader.read().contains(site.configs.appendingPathComponent("forms/later/new.yaml").path))
    }

    @Test func aQueueThatDidNotOverflowReportsOnlyTheChangedFiles() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let reader = try InotifyReader(folders: [site.configs.path])
        defer { reader.close() }
        try site.write("configs/forms/one.yaml", "id: one\n")
        #expect(reader.wait(milliseconds: 2000))
        #expect(reader.read() == [site.configs.appendingPathComponent("forms/one.yaml").path])
    }
}
#endif
