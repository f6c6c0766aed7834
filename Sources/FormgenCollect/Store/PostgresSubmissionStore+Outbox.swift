import Foundation
import PostgresNIO

/// The webhook outbox in PostgreSQL: a claim skips rows another instance has locked (`FOR UPDATE SKIP LOCKED`)
/// and pushes their due time to `until`, so each entry goes to one dispatcher at a time.
extension PostgresSubmissionStore {
    static let outboxColumns = """
        o.id, o.url, o.attempts, o.delivered_at, o.last_error, s.id, s.form, s.received_at, s.data, s.digest, s.idempotency_key, s.key_id
        """

    static func deliveries(_ rows: PostgresRowSequence) async throws -> [WebhookDelivery] {
        var deliveries: [WebhookDelivery] = []
        let types = (Int64, String, Int, String?, String?, Int64, String, String, String, String, String?, String?).self
        for try await (id, url, attempts, delivered, error, submission, form, received, data, digest, key, keyID) in rows.decode(types) {
            let record = SubmissionRecord(id: submission, form: form, receivedAt: SubmissionDigest.date(received) ?? Date(timeIntervalSince1970: 0),
                                          data: data, digest: digest, idempotencyKey: key, keyID: keyID)
            deliveries.append(WebhookDelivery(id: id, url: url, attempts: attempts, deliveredAt: delivered.flatMap(SubmissionDigest.date),
                                              lastError: error, submission: record))
        }
        return deliveries.sorted { $0.id < $1.id }
    }

    public func claimDeliveries(now: Date, until: Date, limit: Int) async throws -> [WebhookDelivery] {
        let due = WebhookDelivery.milliseconds(now)
        let held = WebhookDelivery.milliseconds(until)
        return try await withRetries(safeAfterSending: true) { connection in
            let rows = try await connection.query("""
                WITH claimed AS (
                    UPDATE webhook_outbox SET next_attempt_at = \(held) WHERE id IN (
                        SELECT id FROM webhook_outbox WHERE delivered_at IS NULL AND next_attempt_at <= \(due)
                        ORDER BY id LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                    RETURNING *)
                SELECT \(unescaped: Self.outboxColumns) FROM claimed o JOIN submissions s ON s.id = o.submission_id
                """, logger: self.logger)
            return try await Self.deliveries(rows)
        }
    }

    public func deliveryDone(id: Int64, at: Date) async throws {
        let delivered = SubmissionDigest.timestamp(at)
        try await withRetries(safeAfterSending: true) { connection in
            try await connection.query("UPDATE webhook_outbox SET delivered_at = \(delivered) WHERE id = \(id)", logger: self.logger)
            return ()
        }
    }

    public func deliveryFailed(id: Int64, retryAt: Date, error: String) async throws {
        let due = WebhookDelivery.milliseconds(retryAt)
        try await withRetries(safeAfterSending: true) { connection in
            try await connection.query("""
                UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_at = \(due), last_error = \(error) WHERE id = \(id)
                """, logger: self.logger)
            return ()
        }
    }

    public func outbox() async throws -> [WebhookDelivery] {
        try await withRetries(safeAfterSending: true) { connection in
            let rows = try await connection.query("""
                SELECT \(unescaped: Self.outboxColumns) FROM webhook_outbox o JOIN submissions s ON s.id = o.submission_id ORDER BY o.id
                """, logger: self.logger)
            return try await Self.deliveries(rows)
        }
    }
}
