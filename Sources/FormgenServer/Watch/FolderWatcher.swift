import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches folders (and every folder inside them) for changed files, on a thread of its own.
///
/// On Linux it uses inotify, one watch per folder; elsewhere, or when asked, it polls
/// modification times. A burst of changes (an editor's save, a `git checkout`) is merged into
/// one batch: a batch is handed over once no change came for `quietPeriod` and none of its files
/// is still growing. Editors' scratch files (see `ScratchFileName`) are never reported.
public final class FolderWatcher: @unchecked Sendable {
    /// How changes are noticed.
    public enum Mode: Sendable, Equatable {
        case inotify
        case polling(interval: Duration)
    }

    public let folders: [String]
    public let mode: Mode
    public let quietPeriod: Duration
    private let lock = NSLock()
    private var pending = Set<String>()
    private var stopped = false
    private let signal: AsyncStream<Void>.Continuation
    private let signals: AsyncStream<Void>

    /// Inotify where the system has it, polling otherwise.
    public static var defaultMode: Mode {
        #if os(Linux)
        return .inotify
        #else
        return .polling(interval: .milliseconds(250))
        #endif
    }

    public init(folders: [String], mode: Mode = FolderWatcher.defaultMode, quietPeriod: Duration = .milliseconds(30)) {
        self.folders = folders
        self.mode = mode
        self.quietPeriod = quietPeriod
        (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Starts watching; the folders' current contents are the baseline.
    public func start() throws {
        switch mode {
        case .inotify:
            #if os(Linux)
            let inotify = try InotifyReader(folders: folders)
            let thread = Thread { [self] in self.runInotify(inotify) }
            thread.name = "formgen-watch"
            thread.start()
            #else
            throw WatchError.inotifyUnavailable
            #endif
        case .polling(let interval):
            let baseline = FileSnapshot(folders: folders)
            let thread = Thread { [self] in self.runPolling(interval: interval, baseline: baseline) }
            thread.name = "formgen-poll"
            thread.start()
        }
    }

    /// Batches of changed paths, each handed over once its burst is over. Changes that come while
    /// the previous batch is being handled are merged into the next one.
    public func batches() -> AsyncStream<Set<String>> {
        AsyncStream { continuation in
            let task = Task {
                for await _ in signals {
                    let batch = takePending()
                    if !batch.isEmpty { continuation.yield(batch) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Stops the watching thread.
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        signal.finish()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func takePending() -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        let batch = pending
        pending.removeAll()
        return batch
    }

    private func hand(_ batch: Set<String>) {
        guard !batch.isEmpty else { return }
        lock.lock()
        pending.formUnion(batch)
        lock.unlock()
        signal.yield()
    }

    /// Editors' swap, backup and temporary files, which never change the site.
    public static func isScratchFile(_ path: String) -> Bool {
        ScratchFileName.matches(path)
    }

    /// How long a batch of whole files waits for more files of the same save.
    static let gatheringMilliseconds: Int32 = 10

    private var settler: WriteSettler {
        WriteSettler(quietPeriod: max(quietPeriod, .milliseconds(20)), limit: .seconds(10))
    }

    // MARK: inotify

    #if os(Linux)
    private func runInotify(_ inotify: InotifyReader) {
        defer { inotify.close() }
        let quiet = Int32(quietPeriod.components.seconds * 1000 + quietPeriod.components.attoseconds / 1_000_000_000_000_000)
        while !isStopped {
            guard inotify.wait(milliseconds: 250) else { continue }
            var events = inotify.readEvents()
            let burstStart = ContinuousClock.now
            // Files closed after writing (or renamed into place) are whole: a short pause gathers the rest of a
            // save of several files. A file still open for writing waits the full quiet period, then settles.
            func whole() -> Bool { events.allSatisfy { $0.value || Self.isScratchFile($0.key) } }
            while !isStopped, ContinuousClock.now - burstStart < .milliseconds(500),
                  inotify.wait(milliseconds: whole() ? min(quiet, Self.gatheringMilliseconds) : quiet) {
                events.merge(inotify.readEvents()) { _, last in last }
            }
            var batch = Set(events.keys.filter { !Self.isScratchFile($0) })
            guard !batch.isEmpty else { continue }
            if !whole() { settler.settle(batch) { isStopped } }
            while inotify.wait(milliseconds: 0) { batch.formUnion(inotify.read()) }
            hand(batch.filter { !Self.isScratchFile($0) })
        }
    }
    #endif

    // MARK: Polling

    private func runPolling(interval: Duration, baseline: FileSnapshot) {
        var previous = baseline
        while !isStopped {
            Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
            let current = FileSnapshot(folders: folders)
            let changed = current.changes(since: previous).filter { !Self.isScratchFile($0) }
            previous = current
            guard !changed.isEmpty else { continue }
            settler.settle(changed) { isStopped }
            previous = FileSnapshot(folders: folders)
            hand(changed.union(previous.changes(since: current)).filter { !Self.isScratchFile($0) })
        }
    }
}
