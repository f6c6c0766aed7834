import Foundation

/// Digests of files by path, remembered while a file's inode, size and change time stay the same: a preview
/// fingerprints every input after each save, and only the saved file needs reading again. A build starts from the
/// records the last build saved (``remember(_:)``), so it reads only the files changed since. Whoever builds again and
/// again (`formgen serve`) keeps one and hands it to each `SiteBuilder`; nothing is kept process-wide.
public final class FileDigests: @unchecked Sendable {
    public init() {}

    /// What identifies one version of a file: writing to it, even with the same size, moves its change time.
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
        record(of: path)?.digest ?? "missing"
    }

    /// The file's digest and its record (`inode:size:seconds:nanoseconds:digest`, what ``remember(_:)`` takes
    /// back); nil when it cannot be read.
    func record(of path: String) -> (digest: String, record: String)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let stamp = Stamp(inode: UInt64(info.st_ino), size: Int64(info.st_size), changed: info.st_ctim.tv_sec,
                          changedNanoseconds: info.st_ctim.tv_nsec)
        lock.lock()
        let remembered = known[path]
        lock.unlock()
        let digest: String
        if let remembered, remembered.stamp == stamp {
            digest = remembered.digest
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            var hasher = FNV1a()
            hasher.add(data)
            digest = hasher.hex
            lock.lock()
            known[path] = (stamp, digest)
            lock.unlock()
        }
        return (digest, "\(stamp.inode):\(stamp.size):\(stamp.changed):\(stamp.changedNanoseconds):\(digest)")
    }

    /// Takes records an earlier process made (path → ``record(of:)``'s record): a file whose stamp still matches
    /// is not read again. Malformed records are ignored; a digest already known in this process is kept.
    func remember(_ records: [String: String]) {
        lock.lock()
        defer { lock.unlock() }
        for (path, record) in records where known[path] == nil {
            let parts = record.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let inode = UInt64(parts[0]), let size = Int64(parts[1]), let changed = Int(parts[2]),
                  let nanoseconds = Int(parts[3]), !parts[4].isEmpty else { continue }
            known[path] = (Stamp(inode: inode, size: size, changed: changed, changedNanoseconds: nanoseconds), String(parts[4]))
        }
    }
}
