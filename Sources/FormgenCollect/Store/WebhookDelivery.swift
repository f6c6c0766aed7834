import Foundation

/// One webhook notification in the outbox: the submission to send and where.
public struct WebhookDelivery: Sendable, Equatable {
    public var id: Int64
    public var url: String
    /// Failed attempts so far.
    public var attempts: Int
    public var deliveredAt: Date?
    public var lastError: String?
    public var submission: SubmissionRecord

    /// Milliseconds since 1970, the outbox's `next_attempt_at`.
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
