import Foundation
import GRDB

/// Submissions in one SQLite file, through GRDB, on one connection. Safe to share between tasks.
///
/// The file uses a rollback journal (`journal_mode=DELETE`) and no memory-mapped I/O (`mmap_size=0`). WAL mode
/// keeps its index in a `-shm` file that every connection maps into memory: when that file cannot be written or
/// grown (disk full, truncated, permissions changed), touching the mapping kills the process with SIGBUS instead of
/// returning an error. With a rollback journal every write goes through `write(2)`, so a full disk or an unwritable
/// journal is an error (503) and the transaction is rolled back; other processes (`formgen export`, `sqlite3 .backup`,
/// a second collect) still share the file safely through SQLite's file locks.
public final class SQLiteSubmissionStore: SubmissionStore {
    let database: DatabaseQueue

    /// What a folder the store creates holds in its `.gitignore`: everything in it stays out of git.
    static let folderGitignore = "# formgen collect: submissions and uploads are personal data; git ignores this folder\n*\n"

    /// Opens (or creates) the file at `path` and brings its schema up to date. A folder it creates for the file gets a
    /// `.gitignore` that ignores the folder itself.
    public init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(Self.folderGitignore.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(".gitignore"))
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA mmap_size = 0")
        }
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            let mode = try database.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
            guard mode == "delete" else {
                throw StoreUnavailable(reason: "it stays in \(mode ?? "?") journal mode while another program has it open (an older formgen collect?); "
                    + "stop that program, then start again")
            }
            try Self.migrator.migrate(database)
        } catch let error as DatabaseError {
            throw StoreUnavailable(reason: Self.reason(error))
        }
    }

    /// An SQLite error in one line: its code's name and message (`SQLITE_FULL: database or disk is full`).
    static func reason(_ error: DatabaseError) -> String {
        let names: [Int32: String] = [5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY", 10: "SQLITE_IOERR",
                                      11: "SQLITE_CORRUPT", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 26: "SQLITE_NOTADB"]
        let code = error.resultCode.primaryResultCode.rawValue
        return "\(names[code] ?? "SQLite error \(code)"): \(error.message ?? "no message")"
    }

    /// Runs `body` in a write transaction; SQLite errors become `StoreUnavailable` with their one-line reason.
    func write<Result: Sendable>(_ body: @escaping @Sendable (Database) throws -> Result) async throws -> Result {
        do {
            return try await database.write(body)
        } catch let error as DatabaseError {
            throw StoreUnavailable(reason: Self.reason(error))
        }
    }

    /// Runs `body` in a read transaction; SQLite errors become `StoreUnavailable` with their one-line reason.
    func read<Result: Sendable>(_ body: @escaping @Sendable (Database) throws -> Result) async throws -> Result {
        do {
            return try await database.read(body)
        } catch let error as DatabaseError {
            throw StoreUnavailable(reason: Self.reason(error))
        }
    }

    /// Versioned migrations; a new version is a new `registerMigration`, never an edit of an old one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 submissions") { db in
            try db.execute(sql: """
                CREATE TABLE submissions (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    form TEXT NOT NULL,
                    received_at TEXT NOT NULL,
                    data TEXT NOT NULL,
                    digest TEXT NOT NULL,
                    idempotency_key TEXT
                );
                CREATE UNIQUE INDEX submissions_idempotency ON submissions(form, idempotency_key) WHERE idempotency_key IS NOT NULL;
                CREATE INDEX submissions_form_received ON submissions(form, received_at);
                """)
        }
        migrator.registerMigration("v2 webhook outbox") { db in
            try db.execute(sql: """
                CREATE TABLE webhook_outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    submission_id INTEGER NOT NULL REFERENCES submissions(id),
                    url TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at INTEGER NOT NULL,
                    delivered_at TEXT,
                    last_error TEXT
                );
                CREATE INDEX webhook_outbox_due ON webhook_outbox(next_attempt_at) WHERE delivered_at IS NULL;
                """)
        }
        migrator.registerMigration("v3 key id") { db in
            try db.execute(sql: "ALTER TABLE submissions ADD COLUMN key_id TEXT")
        }
        return migrator
    }

    public func store(_ submission: NewSubmission) async throws -> StoreOutcome {
        try await write { db in
            if let key = submission.idempotencyKey,
               let id = try Int64.fetchOne(db, sql: "SELECT id FROM submissions WHERE form = ? AND idempotency_key = ?",
                                           arguments: [submission.form, key]) {
                return .duplicate(id: id)
            }
            try db.execute(sql: """
                INSERT INTO submissions (form, received_at, data, digest, idempotency_key, key_id) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [submission.form, SubmissionDigest.timestamp(submission.receivedAt), submission.data,
                                 submission.digest, submission.idempotencyKey, submission.keyID])
            let id = db.lastInsertedRowID
            for url in submission.webhooks {
                try db.execute(sql: "INSERT INTO webhook_outbox (submission_id, url, next_attempt_at) VALUES (?, ?, ?)",
                               arguments: [id, url, WebhookDelivery.milliseconds(submission.receivedAt)])
            }
            return .stored(id: id)
        }
    }

    public func submissions(form: String?, since: Date?) async throws -> [SubmissionRecord] {
        try await read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let form {
                conditions.append("form = ?")
                _ = arguments.append(contentsOf: [form])
            }
            if let since {
                conditions.append("received_at >= ?")
                _ = arguments.append(contentsOf: [SubmissionDigest.timestamp(since)])
            }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let rows = try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM submissions\(filter) ORDER BY id",
                                        arguments: arguments)
            return rows.map(Self.record)
        }
    }

    static let columns = "id, form, received_at, data, digest, idempotency_key, key_id"

    static func record(_ row: Row) -> SubmissionRecord {
        SubmissionRecord(id: row["id"], form: row["form"],
                         receivedAt: SubmissionDigest.date(row["received_at"]) ?? Date(timeIntervalSince1970: 0),
                         data: row["data"], digest: row["digest"], idempotencyKey: row["idempotency_key"], keyID: row["key_id"])
    }
}
