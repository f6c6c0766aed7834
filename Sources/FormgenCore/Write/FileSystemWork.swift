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
        var files: [String] = []
        var folders: [String] = []
        list(root.path, files: &files, folders: &folders)
        let fileList = files
        run(fileList.count, jobs: jobs) { index in _ = unlink(fileList[index]) }
        let byDepth = Dictionary(grouping: folders) { $0.split(separator: "/").count }
        for depth in byDepth.keys.sorted(by: >) {
            let level = byDepth[depth] ?? []
            run(level.count, jobs: jobs) { index in _ = rmdir(level[index]) }
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// Every entry under `folder` (not following symbolic links), by POSIX `readdir` and the entry's type: files
    /// and links in `files`, folders in `folders`.
    private static func list(_ folder: String, files: inout [String], folders: inout [String]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isFolder = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder {
                folders.append(path)
                list(path, files: &files, folders: &folders)
            } else {
                files.append(path)
            }
        }
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
