import FormgenServer
import FormgenTestSupport
import Foundation
import Testing

/// Noticing changed configs: inotify and polling, bursts merged.
@Suite struct FolderWatcherTests {
    /// Collects the batches a watcher hands over, from one consuming task.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [Set<String>] = []
        private var task: Task<Void, Never>?

        init(_ stream: AsyncStream<Set<String>>) {
            task = Task { [weak self] in
                for await batch in stream {
                    guard let self else { return }
                    self.lock.withLock { self.batches.append(batch) }
                }
            }
        }

        deinit { task?.cancel() }

        var received: [Set<String>] {
            lock.withLock { batches }
        }

        /// Waits up to 10 s for a batch that contains `path`; returns that batch.
        /// Waits up to 500 polls of 20 ms: counted in polls, not by the clock, so a test run whose other suites
        /// keep the cooperative threads busy for a while does not use up the wait.
        func batch(containing path: String) async -> Set<String>? {
            for _ in 0..<500 {
                if let batch = received.first(where: { $0.contains(path) }) { return batch }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return nil
        }
    }

    static var modes: [FolderWatcher.Mode] {
        #if os(Linux)
        return [.inotify, .polling(interval: .milliseconds(50))]
        #else
        return [.polling(interval: .milliseconds(50))]
        #endif
    }

    @Test(arguments: modes)
    func aBurstOfChangesComesAsOneBatch(mode: FolderWatcher.Mode) async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let watcher = FolderWatcher(folders: [site.configs.path], mode: mode, quietPeriod: .milliseconds(300))
        try watcher.start()
        defer { watcher.stop() }
        let collector = Collector(watcher.batches())
        for number in 0..<5 {
            try site.write("configs/forms/burst-\(number).yaml", "id: burst-\(number)\n")
        }
        let batch = try #require(await collector.batch(containing: site.configs.appendingPathComponent("forms/burst-0.yaml").path))
        for number in 0..<5 {
            #expect(batch.contains(site.configs.appendingPathComponent("forms/burst-\(number).yaml").path))
        }
    }

    @Test(arguments: modes)
    func filesInFoldersMadeAfterTheStartAreWatched(mode: FolderWatcher.Mode) async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let watcher = FolderWatcher(folders: [site.configs.path], mode: mode, quietPeriod: .milliseconds(30))
        try watcher.start()
        defer { watcher.stop() }
        let collector = Collector(watcher.batches())
        try FileManager.default.createDirectory(at: site.configs.appendingPathComponent("docs/guides"), withIntermediateDirectories: true)
        try await Task.sleep(for: .milliseconds(200))
        let guide = site.configs.appendingPathComponent("docs/guides/start.md").path
        try site.write("configs/docs/guides/start.md", "# Start\n")
        #expect(await collector.batch(containing: guide) != nil)
    }

    static let scratchNames = ["sedAb12Cd", ".kyc.yaml.swp", ".kyc.yaml.swx", ".kyc.yaml.swo", "4913", "kyc.yaml~",
                               ".#kyc.yaml", "#kyc.yaml#", ".DS_Store", "kyc.yaml.tmp", "upload.TMP"]

    @Test(arguments: scratchNames)
    func editorsScratchFilesAreNotChanges(name: String) {
        #expect(FolderWatcher.isScratchFile("/site/configs/forms/\(name)"))
    }

    @Test(arguments: ["kyc.yaml", "sed.yaml", "sedimentary", "seds.yaml", "#notes.md", "tmp.yaml", "swp.json", "49130"])
    func configNamesAreNotScratchFiles(name: String) {
        #expect(!FolderWatcher.isScratchFile("/site/configs/forms/\(name)"))
    }

    @Test(arguments: modes)
    func scratchFilesWrittenBesideAConfigAreNotReported(mode: FolderWatcher.Mode) async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let watcher = FolderWatcher(folders: [site.configs.path], mode: mode, quietPeriod: .milliseconds(100))
        try watcher.start()
        defer { watcher.stop() }
        let collector = Collector(watcher.batches())
        for name in Self.scratchNames { try site.write("configs/forms/\(name)", "id: scratch\n") }
        let form = site.configs.appendingPathComponent("forms/real.yaml").path
        try site.write("configs/forms/real.yaml", "id: real\n")
        #expect(await collector.batch(containing: form) != nil)
        try await Task.sleep(for: .milliseconds(500))
        let reported = collector.received.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(reported == [form], "reported: \(reported.sorted())")
    }

    #if os(Linux)
    /// A file closed after writing is whole: it is handed over after a short pause for the rest of the save, not
    /// after the quiet period a file still open for writing waits (here far longer than the collector waits).
    @Test func aClosedFileIsHandedOverWithoutWaitingTheQuietPeriod() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let watcher = FolderWatcher(folders: [site.configs.path], mode: .inotify, quietPeriod: .seconds(60))
        try watcher.start()
        defer { watcher.stop() }
        let collector = Collector(watcher.batches())
        try site.write("configs/forms/saved.yaml", "id: saved\n")
        #expect(await collector.batch(containing: site.configs.appendingPathComponent("forms/saved.yaml").path) != nil)
    }
    #endif

    @Test(arguments: modes)
    func aFileStillBeingWrittenIsReportedOnceItStopsGrowing(mode: FolderWatcher.Mode) async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let watcher = FolderWatcher(folders: [site.configs.path], mode: mode, quietPeriod: .milliseconds(3000))
        try watcher.start()
        defer { watcher.stop() }
        let path = site.configs.appendingPathComponent("forms/growing.yaml").path
        let chunks = 30
        let sizeWhenReported = Task { () -> Int? in
            for await batch in watcher.batches() where batch.contains(path) {
                return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
            }
            return nil
        }
        // Created and written through one open descriptor, as a slow copy does: never closed until the end.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        for number in 0..<chunks {
            handle.seekToEndOfFile()
            handle.write(Data("# line \(number)\n".utf8))
            usleep(40_000)
        }
        try handle.close()
        let finalSize = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).intValue
        let timeout = Task {
            try await Task.sleep(for: .seconds(60))
            sizeWhenReported.cancel()
        }
        defer { timeout.cancel() }
        #expect(await sizeWhenReported.value == finalSize)
    }
}
