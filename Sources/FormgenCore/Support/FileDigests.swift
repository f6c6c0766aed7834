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
    /// Records an earlier process made, by path, as it wrote them (``remember(_:)``): one is compared with a file's
    /// stamp only when the file is asked for, so taking a thousand of them costs nothing.
    private var remembered: [String: String] = [:]

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
        let prefix = "\(stamp.inode):\(stamp.size):\(stamp.changed):\(stamp.changedNanoseconds):"
        lock.lock()
        let known = known[path]
        let earlier = known == nil ? remembered[path] : nil
        lock.unlock()
        let digest: String
        if let known, known.stamp == stamp {
            digest = known.digest
        } else if let earlier, earlier.utf8.count > prefix.utf8.count, earlier.hasPrefix(prefix) {
            return (String(earlier.utf8.dropFirst(prefix.utf8.count))!, earlier)
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            var hasher = FNV1a()
            hasher.add(data)
            digest = hasher.hex
            lock.lock()
            self.known[path] = (stamp, digest)
            lock.unlock()
        }
        return (digest, prefix + digest)
    }

    /// Takes records an earlier process made (path → ``record(of:)``'s record): a file whose stamp still matches
    /// is not read again. A record that matches no stamp (malformed, or of another version) is never believed; a
    /// digest already known in this process is kept.
    func remember(_ records: [String: String]) {
        lock.lock()
        defer { lock.unlock() }
        if remembered.isEmpty {
            remembered = records
        } else {
            remembered.merge(records) { kept, _ in kept }
        }
    }
}
