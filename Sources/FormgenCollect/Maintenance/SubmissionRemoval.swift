import FormgenCore
import Foundation

/// Deletes submissions with their outbox entries, then the uploads no remaining row refers to (clear or sealed).
public struct SubmissionRemoval: Sendable {
    public let store: any SubmissionStore
    /// The folder of uploads, each named by its SHA-256 (`<sha256>`, or `<sha256>.sealed` for a sealed one).
    public let uploadsDirectory: String

    public init(store: any SubmissionStore, uploadsDirectory: String) {
        self.store = store
        self.uploadsDirectory = uploadsDirectory
    }

    /// What was deleted: the rows' ids and the upload files' digests, both sorted.
    public struct Outcome: Sendable, Equatable {
        public var rows: [Int64]
        public var files: [String]
    }

    public func remove(_ records: [SubmissionRecord]) async throws -> Outcome {
        guard !records.isEmpty else { return Outcome(rows: [], files: []) }
        var digests: Set<String> = []
        for record in records { Self.fileDigests(in: (try? JSONValue.decode(Data(record.data.utf8))) ?? .null, into: &digests) }
        let ids = records.map(\.id).sorted()
        try await store.delete(ids: ids)
        let unreferenced = digests.subtracting(try await store.referencedDigests(digests))
        var removed: [String] = []
        for digest in unreferenced.sorted() {
            var found = false
            for path in [(uploadsDirectory as NSString).appendingPathComponent(digest), UploadSealer.path(digest, in: uploadsDirectory)]
            where FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
                found = true
            }
            if found { removed.append(digest) }
        }
        return Outcome(rows: ids, files: removed)
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
