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
    /// The id of the key its sensitive values are sealed with (``SubmissionCipher``); nil when none is sealed.
    public var keyID: String?

    public init(id: Int64, form: String, receivedAt: Date, data: String, digest: String, idempotencyKey: String?, keyID: String? = nil) {
        self.id = id
        self.form = form
        self.receivedAt = receivedAt
        self.data = data
        self.digest = digest
        self.idempotencyKey = idempotencyKey
        self.keyID = keyID
    }
}
