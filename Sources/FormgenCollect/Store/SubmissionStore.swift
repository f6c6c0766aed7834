import Foundation

/// A new, validated submission to keep.
public struct NewSubmission: Sendable, Equatable {
    public var form: String
    public var receivedAt: Date
    /// The cleaned submission as a JSON object text.
    public var data: String
    public var idempotencyKey: String?
    /// Webhook URLs to notify, queued in the outbox in the same transaction as the row.
    public var webhooks: [String]
    /// The key `data`'s sensitive values are sealed with; nil when none is.
    public var keyID: String?

    public init(form: String, receivedAt: Date, data: String, idempotencyKey: String?, webhooks: [String] = [], keyID: String? = nil) {
        self.keyID = keyID
        self.form = form
        self.receivedAt = receivedAt
        self.data = data
        self.idempotencyKey = idempotencyKey
        self.webhooks = webhooks
    }

    /// SHA-256 (hex) of `data` as stored (sealed values sealed).
    public var digest: String { SubmissionDigest.hex(data) }
}

/// What storing a submission did.
public enum StoreOutcome: Sendable, Equatable {
    /// Committed as a new row.
    case stored(id: Int64)
    /// A retry: a row with the same form and idempotency key was already committed.
    case duplicate(id: Int64)

    public var id: Int64 {
        switch self {
        case .stored(let id), .duplicate(let id): return id
        }
    }
}

/// Where submissions are kept durably. `store` returns only once the row (and its outbox entries) is committed.
public protocol SubmissionStore: Sendable {
    /// Commits one submission, or finds the row an earlier try with the same idempotency key committed.
    func store(_ submission: NewSubmission) async throws -> StoreOutcome
    /// The stored submissions in id order, of one form or all, received at or after `since`.
    func submissions(form: String?, since: Date?) async throws -> [SubmissionRecord]
    /// Takes up to `limit` undelivered outbox entries due at `now`, and holds them back from other
    /// takers until `until` (another instance's dispatcher skips them meanwhile).
    func claimDeliveries(now: Date, until: Date, limit: Int) async throws -> [WebhookDelivery]
    /// Marks a delivery done.
    func deliveryDone(id: Int64, at: Date) async throws
    /// Records a failed attempt; the entry is due again at `retryAt`.
    func deliveryFailed(id: Int64, retryAt: Date, error: String) async throws
    /// Every outbox entry in id order (for tests and operators).
    func outbox() async throws -> [WebhookDelivery]
    /// The submissions of `form` received before `before`, in id order.
    func submissions(form: String, before: Date) async throws -> [SubmissionRecord]
    /// Deletes the submissions with these ids and their outbox entries, in one transaction; returns how many rows went.
    @discardableResult
    func delete(ids: [Int64]) async throws -> Int
    /// Replaces a row's data (sealed again with another key), its digest and key id.
    func replace(id: Int64, data: String, keyID: String?) async throws
    /// Outbox entries not yet delivered.
    func pendingDeliveries() async throws -> Int
    /// Whether every file digest in `digests` is still referred to by a stored row (those that are not can be removed).
    func referencedDigests(_ digests: Set<String>) async throws -> Set<String>
    /// Answers once the database does (for readiness).
    func ping() async throws
    /// Each form's count of stored submissions and when the last arrived, in form order.
    func summaries() async throws -> [FormSummary]
    /// One page of a form's submissions, newest first.
    func page(form: String, limit: Int, offset: Int) async throws -> [SubmissionRecord]
    /// The submission with this id, or nil.
    func submission(id: Int64) async throws -> SubmissionRecord?
}

/// How many submissions a form has, and when the last arrived.
public struct FormSummary: Sendable, Equatable {
    public var form: String
    public var count: Int
    public var last: Date?

    public init(form: String, count: Int, last: Date?) {
        self.form = form
        self.count = count
        self.last = last
    }
}

/// Storage is unreachable (the answer is 503; nothing was written, unless ``mayBeStored``).
public struct StoreUnavailable: Error, CustomStringConvertible {
    public var reason: String
    /// Whether what was asked may still be done: a statement was sent and not answered (the deadline passed, or the
    /// connection was lost after sending), so a row may land after this error.
    public var mayBeStored: Bool

    public init(reason: String, mayBeStored: Bool = false) {
        self.reason = reason
        self.mayBeStored = mayBeStored
    }

    public var description: String { "the submission store is unavailable: \(reason)" }
}
