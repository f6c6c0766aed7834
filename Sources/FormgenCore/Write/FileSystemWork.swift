import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File-system work spread over a few threads. Creating and removing entries waits on the disk more
/// than on the processor, so a few more threads than cores help; many more only contend for the
/// file system's locks (measured on ext4: 4 threads beat 1, 2 and 16).
enum FileSystemWork {
    static let threads = 4

    /// Calls `body` for every index in `0..<count` on up to `threads` threads (at most `jobs`), and waits for all.
    static func run(_ count: Int, jobs: Int? = nil, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let next = Counter()
        let group = DispatchGroup()
        for _ in 0..<min(threads, jobs ?? threads, count) {
            group.enter()
            let thread = Thread {
                while let index = next.take(below: count) { body(index) }
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
    }

    /// Removes a folder and everything in it: files first, then folders from the deepest up.
    static func removeTree(_ root: URL, jobs: Int? = nil) {
        let entries = FolderWalk.entries(under: root.path)
        let fileList = entries.filter { $0.kind != .folder }.map { root.path + "/" + $0.path }
        let folders = entries.filter { $0.kind == .folder }.map { root.path + "/" + $0.path }
        run(fileList.count, jobs: jobs) { index in _ = unlink(fileList[index]) }
        let byDepth = Dictionary(grouping: folders) { $0.split(separator: "/").count }
        for depth in byDepth.keys.sorted(by: >) {
            let level = byDepth[depth] ?? []
            run(level.count, jobs: jobs) { index in _ = rmdir(level[index]) }
        }
        try? FileManager.default.removeItem(at: root)
    }
}

/// Hands out 0, 1, 2, … to whichever thread asks next.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
