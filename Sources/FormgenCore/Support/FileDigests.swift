import Foundation

/// Digests of files by path, remembered while a file's inode, size and change time stay the same: a preview
/// fingerprints every input after each save, and only the saved file needs reading again.
final class FileDigests: @unchecked Sendable {
    static let shared = FileDigests()

    private struct Stamp: Equatable {
        let inode: UInt64
        let size: Int64
        let changed: Int
        let changedNanoseconds: Int
    }

    private let lock = NSLock()
    private var known: [String: (stamp: Stamp, digest: String)] = [:]

    /// The FNV-1a digest of the file's bytes; `"missing"` when it cannot be read.
    func digest(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        let stamp = Stamp(inode: UInt64(info.st_ino), size: Int64(info.st_size), changed: info.st_ctim.tv_sec,
                          changedNanoseconds: info.st_ctim.tv_nsec)
        lock.lock()
        let remembered = known[path]
        lock.unlock()
        if let remembered, remembered.stamp == stamp { return remembered.digest }
        guard let data = FileManager.default.contents(atPath: path) else { return "missing" }
        var hasher = FNV1a()
        hasher.add(data)
        let digest = hasher.hex
        lock.lock()
        known[path] = (stamp, digest)
        lock.unlock()
        return digest
    }
}
