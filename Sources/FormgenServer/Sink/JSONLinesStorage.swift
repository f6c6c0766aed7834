import FormgenCore
import Foundation

/// The preview's storage: each row one line of a JSON Lines file,
/// `{"data":…,"form":"kyc-nl","id":3,"idempotencyKey":…,"path":"kyc/nl","prefilled":[…],"receivedAt":"2025-01-31T12:00:00Z"}`.
/// A row's id is its line number; a row whose form and idempotency key an earlier line has is not written again.
public actor JSONLinesStorage: SubmissionStorage {
    public let file: String

    public init(file: String) {
        self.file = file
    }

    public func store(_ row: SubmissionRow) throws -> StoredRow {
        let lines = existingLines()
        if let key = row.idempotencyKey {
            for (index, line) in lines.enumerated() {
                guard case .object(let record)? = try? JSONValue.decode(Data(line.utf8)),
                      record["path"] == .string(row.form), record["idempotencyKey"] == .string(key)
                else { continue }
                if case .number(let id)? = record["id"] { return StoredRow(id: Int64(id), duplicate: true) }
                return StoredRow(id: Int64(index + 1), duplicate: true)
            }
        }
        let id = Int64(lines.count + 1)
        var record: JSONValue = .object([
            "id": .number(Double(id)),
            "form": .string(row.formID),
            "path": .string(row.form),
            "receivedAt": .string(Self.timestamp(row.receivedAt)),
            "data": .object(row.data),
        ])
        if !row.prefilled.isEmpty { record["prefilled"] = .array(row.prefilled.map(JSONValue.string)) }
        if let key = row.idempotencyKey { record["idempotencyKey"] = .string(key) }
        do {
            try append(record.jsonText() + "\n")
        } catch {
            throw SubmissionStorageFailure(reason: "cannot write \(file): \(SubmissionHandler.reason(error))")
        }
        return StoredRow(id: id, duplicate: false)
    }

    /// The file's lines (none when it is not there yet).
    private func existingLines() -> [Substring] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    }

    private func append(_ line: String) throws {
        let fileManager = FileManager.default
        let folder = (file as NSString).deletingLastPathComponent
        if !folder.isEmpty { try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        if !fileManager.fileExists(atPath: file) {
            guard fileManager.createFile(atPath: file, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
    }

    /// `2025-01-31T12:00:00Z`
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
