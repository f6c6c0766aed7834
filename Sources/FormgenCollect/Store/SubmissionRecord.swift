import Foundation

/// One stored submission.
public struct SubmissionRecord: Sendable, Equatable {
    public var id: Int64
    /// The form's path, e.g. `kyc/nl`.
    public var form: String
    public var receivedAt: Date
    /// The cleaned submission as a JSON object text.
    public var data: String
    /// SHA-256 (hex) of `data`.
    public var digest: String
    public var idempotencyKey: String?
}
