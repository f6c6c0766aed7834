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

    public init(form: String, receivedAt: Date, data: String, idempotencyKey: String?, webhooks: [String] = []) {
        self.form = form
        self.receivedAt = receivedAt
        self.data = data
        self.idempotencyKey = idempotencyKey
        self.webhooks = webhooks
    }

    /// SHA-256 (hex) of `data`.
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
}

/// Storage is unreachable (the answer is 503, nothing was written).
public struct StoreUnavailable: Error, CustomStringConvertible {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "the submission store is unavailable: \(reason)" }
}
