import Foundation
import GRDB

/// The webhook outbox in SQLite: one writer at a time, so a claim is a plain update in a write transaction.
extension SQLiteSubmissionStore {
    static let outboxSelect = """
        SELECT o.id AS outbox_id, o.url, o.attempts, o.delivered_at, o.last_error,
               s.id, s.form, s.received_at, s.data, s.digest, s.idempotency_key, s.key_id
        FROM webhook_outbox o JOIN submissions s ON s.id = o.submission_id
        """

    static func delivery(_ row: Row) -> WebhookDelivery {
        WebhookDelivery(id: row["outbox_id"], url: row["url"], attempts: row["attempts"],
                        deliveredAt: (row["delivered_at"] as String?).flatMap(SubmissionDigest.date), lastError: row["last_error"],
                        submission: record(row))
    }

    public func claimDeliveries(now: Date, until: Date, limit: Int) async throws -> [WebhookDelivery] {
        try await write { db in
            let rows = try Row.fetchAll(db, sql: Self.outboxSelect + " WHERE o.delivered_at IS NULL AND o.next_attempt_at <= ? ORDER BY o.id LIMIT ?",
                                        arguments: [WebhookDelivery.milliseconds(now), limit])
            let deliveries = rows.map(Self.delivery)
            for delivery in deliveries {
                try db.execute(sql: "UPDATE webhook_outbox SET next_attempt_at = ? WHERE id = ?",
                               arguments: [WebhookDelivery.milliseconds(until), delivery.id])
            }
            return deliveries
        }
    }

    public func deliveryDone(id: Int64, at: Date) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE webhook_outbox SET delivered_at = ? WHERE id = ?", arguments: [SubmissionDigest.timestamp(at), id])
        }
    }

    public func deliveryFailed(id: Int64, retryAt: Date, error: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?",
                           arguments: [WebhookDelivery.milliseconds(retryAt), error, id])
        }
    }

    public func outbox() async throws -> [WebhookDelivery] {
        try await read { db in try Row.fetchAll(db, sql: Self.outboxSelect + " ORDER BY o.id").map(Self.delivery) }
    }
}
