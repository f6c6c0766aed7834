import Foundation
import PostgresNIO

/// Versioned migrations of the PostgreSQL store, the same tables as SQLite's. Applied in one transaction under an
/// advisory lock, so instances starting together migrate once; a new version is a new entry, never an edit.
extension PostgresSubmissionStore {
    static let migrations: [(version: String, statements: [PostgresQuery])] = [
        ("v1 submissions", [
            """
            CREATE TABLE submissions (
                id BIGSERIAL PRIMARY KEY,
                form TEXT NOT NULL,
                received_at TEXT NOT NULL,
                data TEXT NOT NULL,
                digest TEXT NOT NULL,
                idempotency_key TEXT
            )
            """,
            "CREATE UNIQUE INDEX submissions_idempotency ON submissions(form, idempotency_key) WHERE idempotency_key IS NOT NULL",
            "CREATE INDEX submissions_form_received ON submissions(form, received_at)",
        ]),
        ("v2 webhook outbox", [
            """
            CREATE TABLE webhook_outbox (
                id BIGSERIAL PRIMARY KEY,
                submission_id BIGINT NOT NULL REFERENCES submissions(id),
                url TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at BIGINT NOT NULL,
                delivered_at TEXT,
                last_error TEXT
            )
            """,
            "CREATE INDEX webhook_outbox_due ON webhook_outbox(next_attempt_at) WHERE delivered_at IS NULL",
        ]),
        ("v3 key id", ["ALTER TABLE submissions ADD COLUMN key_id TEXT"]),
    ]

    func migrate() async throws {
        let logger = self.logger
        try await withRetries(safeAfterSending: true) { connection in
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(7160016)", logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS formgen_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)
                    """, logger: logger)
                var applied: Set<String> = []
                for try await version in try await connection.query("SELECT version FROM formgen_migrations", logger: logger).decode(String.self) {
                    applied.insert(version)
                }
                for migration in Self.migrations where !applied.contains(migration.version) {
                    for statement in migration.statements { try await connection.query(statement, logger: logger) }
                    let now = SubmissionDigest.timestamp(Date())
                    try await connection.query("INSERT INTO formgen_migrations (version, applied_at) VALUES (\(migration.version), \(now))",
                                               logger: logger)
                }
            }
        }
    }
}
