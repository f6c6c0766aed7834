import FormgenCore
import Foundation

/// Deletes submissions with their outbox entries, then the uploads no remaining row refers to (clear or sealed) and no
/// submission in flight holds (``UploadLeases``): a file a submission is writing or has found, and whose row it has
/// not stored yet, stays.
public struct SubmissionRemoval: Sendable {
    public let store: any SubmissionStore
    /// The folder of uploads, each named by its SHA-256 (`<sha256>`, or `<sha256>.sealed` for a sealed one).
    public let uploadsDirectory: String

    public init(store: any SubmissionStore, uploadsDirectory: String) {
        self.store = store
        self.uploadsDirectory = uploadsDirectory
    }

    /// What was deleted: the rows' ids and the upload files' digests, both sorted; and the digests of the files no
    /// remaining row refers to that were kept because a submission in flight holds them, sorted.
    public struct Outcome: Sendable, Equatable {
        public var rows: [Int64]
        public var files: [String]
        public var kept: [String] = []
    }

    public func remove(_ records: [SubmissionRecord]) async throws -> Outcome {
        guard !records.isEmpty else { return Outcome(rows: [], files: []) }
        var digests: Set<String> = []
        for record in records { Self.fileDigests(in: (try? JSONValue.decode(Data(record.data.utf8))) ?? .null, into: &digests) }
        let ids = records.map(\.id).sorted()
        try await store.delete(ids: ids)
        let candidates = digests.subtracting(try await store.referencedDigests(digests))
        guard !candidates.isEmpty, FileManager.default.fileExists(atPath: uploadsDirectory) else { return Outcome(rows: ids, files: []) }
        let leases = UploadLeases(folder: uploadsDirectory)
        // No lease starts while the folder is held: the leases are looked for first, so a submission that released its
        // lease before has stored its row, and the second reference check, after them, sees it.
        return try await leases.exclusively {
            var kept: [String] = []
            var free: Set<String> = []
            for digest in candidates.sorted() {
                if try leases.isLeased(digest) { kept.append(digest) } else { free.insert(digest) }
            }
            let unreferenced = free.isEmpty ? [] : free.subtracting(try await store.referencedDigests(free))
            let removed = try leases.delete(unreferenced)
            return Outcome(rows: ids, files: removed, kept: kept)
        }
    }

    /// The `sha256` of every file's metadata in a stored submission (64 hex digits only: the value names a file).
    static func fileDigests(in value: JSONValue, into digests: inout Set<String>) {
        switch value {
        case .object(let members):
            if case .string(let digest)? = members["sha256"], digest.count == 64, digest.allSatisfy(\.isHexDigit) { digests.insert(digest) }
            for member in members.values { fileDigests(in: member, into: &digests) }
        case .array(let items):
            for item in items { fileDigests(in: item, into: &digests) }
        default:
            break
        }
    }
}
