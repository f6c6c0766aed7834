import Foundation
import Logging
import PostgresNIO

/// Submissions in PostgreSQL through postgres-nio's connection pool, with the same tables as the SQLite store,
/// so several `formgen collect` instances can share one database.
///
/// Every operation has a deadline (`timeout`), and may wait at most `connectTimeout` for a connection: a database
/// that is down or unreachable makes it throw `StoreUnavailable` (503) within that instead of waiting, and the
/// operations after it at once (`ConnectionBreaker`) until a trial, one a second, reaches the database again. A lost
/// connection is retried (up to `attempts` tries) when the retry cannot store a row twice: always before the
/// statement was sent, and after that only for a submission with an idempotency key.
public final class PostgresSubmissionStore: SubmissionStore {
    let client: PostgresClient
    let logger: Logger
    let timeout: Duration
    let connectTimeout: Duration
    let attempts: Int
    /// Answers at once while the database is known to be down (one trial a second).
    let breaker = ConnectionBreaker(retryInterval: .seconds(1))
    private let runner: Task<Void, Never>

    /// Connects to `url`, brings the schema up to date, and keeps a pool of at most `connections`.
    public init(url: PostgresURL, connections: Int = 10, timeout: Duration = .seconds(5), connectTimeout: Duration = .seconds(1),
                attempts: Int = 3, logger: Logger = Logger(label: "formgen.collect.postgres")) async throws {
        var background = logger
        background.logLevel = max(logger.logLevel, .error)
        let client = PostgresClient(configuration: url.clientConfiguration(connections: connections, connectTimeout: connectTimeout),
                                    backgroundLogger: background)
        self.client = client
        self.logger = logger
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.attempts = attempts
        runner = Task { await client.run() }
        do {
            try await migrate()
        } catch {
            runner.cancel()
            await runner.value
            throw error
        }
    }

    /// Closes the pool's connections.
    public func close() async {
        runner.cancel()
        await runner.value
    }

    public func store(_ submission: NewSubmission) async throws -> StoreOutcome {
        try await withRetries(safeAfterSending: submission.idempotencyKey != nil) { connection in
            try await connection.withTransaction(logger: self.logger) { connection in
                try await Self.insert(submission, on: connection, logger: self.logger)
            }
        }
    }

    static func insert(_ submission: NewSubmission, on connection: PostgresConnection, logger: Logger) async throws -> StoreOutcome {
        let received = SubmissionDigest.timestamp(submission.receivedAt)
        let digest = submission.digest
        let inserted = try await connection.query("""
            INSERT INTO submissions (form, received_at, data, digest, idempotency_key, key_id)
            VALUES (\(submission.form), \(received), \(submission.data), \(digest), \(submission.idempotencyKey), \(submission.keyID))
            ON CONFLICT (form, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id
            """, logger: logger)
        var newID: Int64?
        for try await id in inserted.decode(Int64.self) { newID = id }
        guard let id = newID else {
            let existing = try await connection.query("""
                SELECT id FROM submissions WHERE form = \(submission.form) AND idempotency_key = \(submission.idempotencyKey)
                """, logger: logger)
            for try await id in existing.decode(Int64.self) { return .duplicate(id: id) }
            throw StoreUnavailable(reason: "the row of an earlier try with this idempotency key is gone")
        }
        let due = WebhookDelivery.milliseconds(submission.receivedAt)
        for url in submission.webhooks {
            try await connection.query("INSERT INTO webhook_outbox (submission_id, url, next_attempt_at) VALUES (\(id), \(url), \(due))",
                                       logger: logger)
        }
        return .stored(id: id)
    }

    public func submissions(form: String?, since: Date?) async throws -> [SubmissionRecord] {
        try await withRetries(safeAfterSending: true) { connection in
            let since = since.map(SubmissionDigest.timestamp)
            let rows = try await connection.query("""
                SELECT id, form, received_at, data, digest, idempotency_key, key_id FROM submissions
                WHERE (\(form)::text IS NULL OR form = \(form)) AND (\(since)::text IS NULL OR received_at >= \(since)) ORDER BY id
                """, logger: self.logger)
            return try await Self.records(rows)
        }
    }

    /// Rows of `id, form, received_at, data, digest, idempotency_key, key_id` as records.
    static func records(_ rows: PostgresRowSequence) async throws -> [SubmissionRecord] {
        var records: [SubmissionRecord] = []
        for try await (id, form, received, data, digest, key, keyID) in rows.decode((Int64, String, String, String, String, String?, String?).self) {
            records.append(SubmissionRecord(id: id, form: form, receivedAt: SubmissionDigest.date(received) ?? Date(timeIntervalSince1970: 0),
                                            data: data, digest: digest, idempotencyKey: key, keyID: keyID))
        }
        return records
    }

    /// Runs `body` on a pooled connection within the deadline, retrying a lost connection (see the type's comment).
    func withRetries<Result: Sendable>(safeAfterSending: Bool,
                                       _ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        let client = self.client
        let attempts = self.attempts
        let lease = LeaseWatch()
        if let down = breaker.refusal() { throw StoreUnavailable(reason: down) }
        do {
            let result = try await withDeadline(lease: lease) {
                var attempt = 1
                while true {
                    lease.asked()
                    do {
                        return try await client.withConnection { connection in
                            lease.granted()
                            return try await body(connection)
                        }
                    } catch {
                        lease.ended()
                        guard Self.isConnectionLoss(error), attempt < attempts, safeAfterSending || !lease.sent else {
                            throw Self.isConnectionLoss(error) ? StoreUnavailable(reason: "\(error)", mayBeStored: lease.sent) : error
                        }
                        try await Task.sleep(for: .milliseconds(100 * attempt * attempt))
                        attempt += 1
                    }
                }
            }
            breaker.succeeded()
            return result
        } catch let error as StoreUnavailable {
            breaker.failed(error.reason)
            throw error
        }
    }

    /// Throws `StoreUnavailable` when `body` takes longer than `timeout`, or waits longer than `connectTimeout` for a
    /// connection, without waiting for it: a statement stuck on a dead connection is left to fail on its own (a
    /// committed row it leaves behind is found by its idempotency key).
    func withDeadline<Result: Sendable>(lease: LeaseWatch, _ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let timeout = self.timeout
        let connectTimeout = self.connectTimeout
        let first = FirstAnswer<Result>()
        return try await withCheckedThrowingContinuation { continuation in
            first.wait(continuation)
            let work = Task {
                do { first.answer(.success(try await body())) } catch { first.answer(.failure(error)) }
            }
            Task {
                let start = ContinuousClock.now
                while !first.isAnswered {
                    try? await Task.sleep(for: .milliseconds(50))
                    let now = ContinuousClock.now
                    var reason: String?
                    if now - start >= timeout {
                        reason = "PostgreSQL did not answer within \(timeout)"
                    } else if let since = lease.waitingSince, now - since >= connectTimeout {
                        reason = "no connection to PostgreSQL within \(connectTimeout)"
                    }
                    if let reason, first.answer(.failure(StoreUnavailable(reason: reason, mayBeStored: lease.sent))) { work.cancel() }
                }
            }
        }
    }

    /// A connection refused, closed or reset, or a server shutting down (SQLSTATE classes 08 and 57).
    static func isConnectionLoss(_ error: any Error) -> Bool {
        if error is StoreUnavailable || error is CancellationError { return true }
        if let error = error as? PostgresTransactionError {
            return [error.beginError, error.closureError, error.commitError].contains { $0.map(isConnectionLoss) ?? false }
        }
        guard let error = error as? PSQLError else { return true }
        if error.code == .server {
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || state.hasPrefix("57")
        }
        return error.code != .tooManyParameters && error.code != .invalidCommandTag
    }
}

/// Resumes a continuation with the first of several answers.
final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var early: Result<Value, any Error>?
    private var answered = false

    func wait(_ continuation: CheckedContinuation<Value, any Error>) {
        lock.withLock {
            if let early { continuation.resume(with: early) } else { self.continuation = continuation }
        }
    }

    /// Whether an answer came.
    var isAnswered: Bool { lock.withLock { answered } }

    /// True when `result` was the first answer.
    @discardableResult
    func answer(_ result: Result<Value, any Error>) -> Bool {
        lock.withLock {
            guard !answered else { return false }
            answered = true
            early = result
            continuation?.resume(with: result)
            continuation = nil
            return true
        }
    }
}

/// One operation's connection requests: since when it waits for a pooled connection, and whether one was handed to
/// the body (so a statement may have reached the server).
final class LeaseWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var since: ContinuousClock.Instant?
    private var handed = false

    /// Since when the current request waits; nil while it holds a connection or between tries.
    var waitingSince: ContinuousClock.Instant? { lock.withLock { since } }
    /// Whether the current try got a connection.
    var sent: Bool { lock.withLock { handed } }

    func asked() { lock.withLock { since = .now; handed = false } }
    func granted() { lock.withLock { since = nil; handed = true } }
    func ended() { lock.withLock { since = nil } }
}
