import Foundation
import PostgresNIO

/// Retention, erasure, key rotation and health checks on the PostgreSQL store.
extension PostgresSubmissionStore {
    public func submissions(form: String, before: Date) async throws -> [SubmissionRecord] {
        let before = SubmissionDigest.timestamp(before)
        return try await withRetries(safeAfterSending: true) { connection in
            let rows = try await connection.query("""
                SELECT id, form, received_at, data, digest, idempotency_key, key_id FROM submissions
                WHERE form = \(form) AND received_at < \(before) ORDER BY id
                """, logger: self.logger)
            return try await Self.records(rows)
        }
    }

    @discardableResult
    public func delete(ids: [Int64]) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try await withRetries(safeAfterSending: true) { connection in
            try await connection.withTransaction(logger: self.logger) { connection in
                try await connection.query("DELETE FROM webhook_outbox WHERE submission_id = ANY(\(ids))", logger: self.logger)
                var deleted = 0
                for try await _ in try await connection.query("DELETE FROM submissions WHERE id = ANY(\(ids)) RETURNING id",
                                                              logger: self.logger).decode(Int64.self) {
                    deleted += 1
                }
                return deleted
            }
        }
    }

    public func replace(id: Int64, data: String, keyID: String?) async throws {
        let digest = SubmissionDigest.hex(data)
        try await withRetries(safeAfterSending: true) { connection in
            _ = try await connection.query("UPDATE submissions SET data = \(data), digest = \(digest), key_id = \(keyID) WHERE id = \(id)",
                                           logger: self.logger)
        }
    }

    public func pendingDeliveries() async throws -> Int {
        try await withRetries(safeAfterSending: true) { connection in
            var count = 0
            for try await value in try await connection.query("SELECT COUNT(*) FROM webhook_outbox WHERE delivered_at IS NULL",
                                                              logger: self.logger).decode(Int64.self) {
                count = Int(value)
            }
            return count
        }
    }

    public func referencedDigests(_ digests: Set<String>) async throws -> Set<String> {
        try await withRetries(safeAfterSending: true) { connection in
            var referenced: Set<String> = []
            for digest in digests.sorted() {
                let pattern = "%\"sha256\":\"\(digest)\"%"
                for try await found in try await connection.query("SELECT EXISTS (SELECT 1 FROM submissions WHERE data LIKE \(pattern))",
                                                                  logger: self.logger).decode(Bool.self) where found {
                    referenced.insert(digest)
                }
            }
            return referenced
        }
    }

    public func ping() async throws {
        try await withRetries(safeAfterSending: true) { connection in
            _ = try await connection.query("SELECT 1", logger: self.logger)
        }
    }

    public func summaries() async throws -> [FormSummary] {
        try await withRetries(safeAfterSending: true) { connection in
            var summaries: [FormSummary] = []
            let rows = try await connection.query("SELECT form, COUNT(*), MAX(received_at) FROM submissions GROUP BY form ORDER BY form",
                                                  logger: self.logger)
            for try await (form, count, last) in rows.decode((String, Int64, String?).self) {
                summaries.append(FormSummary(form: form, count: Int(count), last: last.flatMap(SubmissionDigest.date)))
            }
            return summaries
        }
    }

    public func page(form: String, limit: Int, offset: Int) async throws -> [SubmissionRecord] {
        try await withRetries(safeAfterSending: true) { connection in
            let rows = try await connection.query("""
                SELECT id, form, received_at, data, digest, idempotency_key, key_id FROM submissions
                WHERE form = \(form) ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)
                """, logger: self.logger)
            return try await Self.records(rows)
        }
    }

    public func submission(id: Int64) async throws -> SubmissionRecord? {
        try await withRetries(safeAfterSending: true) { connection in
            let rows = try await connection.query("""
                SELECT id, form, received_at, data, digest, idempotency_key, key_id FROM submissions WHERE id = \(id)
                """, logger: self.logger)
            return try await Self.records(rows).first
        }
    }
}
