import FormgenCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the files of submissions in flight from ``SubmissionRemoval``, across processes sharing one uploads folder on
/// one machine (`formgen collect`, `formgen erase`), with `flock(2)` locks in the folder's `.formgen-leases/`.
///
/// A submission leases its files' digests before it writes (or finds) them and releases them once its row is stored or
/// it failed: it holds a shared lock on `.formgen-leases/<digest>`, taken while it holds the folder lock
/// `.formgen-leases/lock` shared. A removal holds the folder lock exclusively while it looks for leases, checks the
/// references again and deletes, so no lease starts meanwhile; a lease held then keeps its file; a submission that
/// released its lease before had stored its row, which the reference check sees. A submission that fails deletes the
/// files it held that no row names and no other submission holds, the same way. A released lease removes its lease
/// files that no other submission holds when the folder lock is free at once (no lease is being taken), so the folder
/// does not keep a file per upload. A process that dies releases its locks with it.
public struct UploadLeases: Sendable {
    /// The uploads folder.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The folder of the lock and the lease files, inside the uploads folder.
    public var leasesFolder: String { (folder as NSString).appendingPathComponent(".formgen-leases") }
    var lockPath: String { (leasesFolder as NSString).appendingPathComponent("lock") }

    /// The files of one submission, held until ``release()``, or ``abandon()`` when it failed (or until the lease is
    /// gone).
    public final class Lease: UploadHold, @unchecked Sendable {
        private var descriptors: [Int32]
        private let lock = NSLock()
        let digests: [String]
        let leases: UploadLeases
        /// The store whose rows an abandoned lease's files are checked against; nil leaves them.
        let store: (any SubmissionStore)?

        init(descriptors: [Int32], digests: [String], leases: UploadLeases, store: (any SubmissionStore)?) {
            self.descriptors = descriptors
            self.digests = digests
            self.leases = leases
            self.store = store
        }

        public func release() {
            let released = lock.withLock {
                for descriptor in descriptors { close(descriptor) }
                defer { descriptors = [] }
                return !descriptors.isEmpty
            }
            if released { leases.removeFreeLeaseFiles(digests) }
        }

        /// Releases the lease, then (holding the folder, as a removal does) deletes the files no other submission
        /// holds and no row names; a store that cannot answer leaves them.
        public func abandon() async {
            guard let store, !digests.isEmpty else { return release() }
            _ = try? await leases.exclusively {
                release()
                let free = try Set(digests.filter { try !leases.isLeased($0) })
                guard !free.isEmpty else { return [String]() }
                return try leases.delete(free.subtracting(try await store.referencedDigests(free)))
            }
            release()
        }

        deinit { release() }
    }

    /// Leases `digests` (blocking while a removal holds the folder); call it off Swift's cooperative pool. `store`: the
    /// store an abandoned lease's files are checked against before they are deleted (nil keeps them).
    public func lease(_ digests: [String], store: (any SubmissionStore)? = nil) throws -> Lease {
        let digests = Set(digests).sorted()
        guard !digests.isEmpty else { return Lease(descriptors: [], digests: [], leases: self, store: nil) }
        try FileManager.default.createDirectory(atPath: leasesFolder, withIntermediateDirectories: true)
        let folderLock = try Self.openFile(lockPath)
        defer { close(folderLock) }
        try Self.lockFile(folderLock, LOCK_SH, path: lockPath)
        var descriptors: [Int32] = []
        do {
            for digest in digests {
                let path = (leasesFolder as NSString).appendingPathComponent(digest)
                let descriptor = try Self.openFile(path)
                descriptors.append(descriptor)
                try Self.lockFile(descriptor, LOCK_SH, path: path)
            }
        } catch {
            for descriptor in descriptors { close(descriptor) }
            throw error
        }
        return Lease(descriptors: descriptors, digests: digests, leases: self, store: store)
    }

    /// Deletes the files of `digests` (clear and sealed); returns the digests that had one, sorted. Call it within
    /// ``exclusively(_:)``, for digests no lease holds and no row names.
    func delete(_ digests: Set<String>) throws -> [String] {
        var removed: [String] = []
        for digest in digests.sorted() {
            var found = false
            for path in [(folder as NSString).appendingPathComponent(digest), UploadSealer.path(digest, in: folder)]
            where FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
                found = true
            }
            if found { removed.append(digest) }
        }
        return removed
    }

    /// Runs `body` holding the folder lock exclusively: no lease starts until it returns. The lock is waited for on a
    /// thread of its own.
    public func exclusively<Value>(_ body: () async throws -> Value) async throws -> Value {
        try FileManager.default.createDirectory(atPath: leasesFolder, withIntermediateDirectories: true)
        let path = lockPath
        let folderLock = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result {
                    let descriptor = try Self.openFile(path)
                    do { try Self.lockFile(descriptor, LOCK_EX, path: path) } catch { close(descriptor); throw error }
                    return descriptor
                })
            }
        }
        defer { close(folderLock) }
        return try await body()
    }

    /// Removes the lease files of `digests` that no lease holds, when the folder lock can be held exclusively at once;
    /// otherwise (a lease being taken, a removal running) they are left to a later release or removal.
    func removeFreeLeaseFiles(_ digests: [String]) {
        let descriptor = open(lockPath, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
        for digest in digests { _ = try? isLeased(digest) }
    }

    /// Whether a submission holds `digest` now; a lease file no one holds is removed. Call it within ``exclusively(_:)``.
    public func isLeased(_ digest: String) throws -> Bool {
        let path = (leasesFolder as NSString).appendingPathComponent(digest)
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return false }
            throw Self.failure("cannot open", path)
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return true }
            if errno != EINTR { throw Self.failure("cannot lock", path) }
        }
        unlink(path)
        return false
    }

    static func openFile(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("cannot open", path) }
        return descriptor
    }

    static func lockFile(_ descriptor: Int32, _ operation: Int32, path: String) throws {
        while flock(descriptor, operation) != 0 {
            if errno != EINTR { throw Self.failure("cannot lock", path) }
        }
    }

    static func failure(_ what: String, _ path: String) -> CollectError {
        .uploads("\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
