import Foundation
import GRDB

/// Retention, erasure, key rotation and health checks on the SQLite store.
extension SQLiteSubmissionStore {
    public func submissions(form: String, before: Date) async throws -> [SubmissionRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM submissions WHERE form = ? AND received_at < ? ORDER BY id",
                             arguments: [form, SubmissionDigest.timestamp(before)]).map(Self.record)
        }
    }

    @discardableResult
    public func delete(ids: [Int64]) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try await write { db in
            var deleted = 0
            for id in ids {
                try db.execute(sql: "DELETE FROM webhook_outbox WHERE submission_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM submissions WHERE id = ?", arguments: [id])
                deleted += db.changesCount
            }
            return deleted
        }
    }

    public func replace(id: Int64, data: String, keyID: String?) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE submissions SET data = ?, digest = ?, key_id = ? WHERE id = ?",
                           arguments: [data, SubmissionDigest.hex(data), keyID, id])
        }
    }

    public func pendingDeliveries() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM webhook_outbox WHERE delivered_at IS NULL") ?? 0 }
    }

    public func referencedDigests(_ digests: Set<String>) async throws -> Set<String> {
        try await read { db in
            Set(try digests.sorted().filter { digest in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM submissions WHERE data LIKE ?)",
                                  arguments: ["%\"sha256\":\"\(digest)\"%"]) ?? false
            })
        }
    }

    public func ping() async throws {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func summaries() async throws -> [FormSummary] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT form, COUNT(*) AS count, MAX(received_at) AS last FROM submissions GROUP BY form ORDER BY form").map { row in
                FormSummary(form: row["form"], count: row["count"], last: (row["last"] as String?).flatMap(SubmissionDigest.date))
            }
        }
    }

    public func page(form: String, limit: Int, offset: Int) async throws -> [SubmissionRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM submissions WHERE form = ? ORDER BY id DESC LIMIT ? OFFSET ?",
                             arguments: [form, limit, offset]).map(Self.record)
        }
    }

    public func submission(id: Int64) async throws -> SubmissionRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM submissions WHERE id = ?", arguments: [id]).map(Self.record)
        }
    }
}
