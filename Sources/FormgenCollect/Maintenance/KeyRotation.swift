import Foundation

/// `formgen rekey`: seals every row sealed with an older key again with the keyring's current key.
public struct KeyRotation: Sendable {
    public let store: any SubmissionStore
    public let keyring: SubmissionKeyring

    public init(store: any SubmissionStore, keyring: SubmissionKeyring) {
        self.store = store
        self.keyring = keyring
    }

    /// What a rotation did: the rows sealed again, and those already on the current key.
    public struct Outcome: Sendable, Equatable {
        public var resealed: [Int64]
        public var current: Int
    }

    /// Reseals the rows one by one (each its own transaction: a rotation cut short is resumed by running it again).
    public func run() async throws -> Outcome {
        let cipher = SubmissionCipher(keyring: keyring)
        var outcome = Outcome(resealed: [], current: 0)
        for record in try await store.submissions(form: nil, since: nil) where record.keyID != nil {
            guard record.keyID != keyring.current.id else {
                outcome.current += 1
                continue
            }
            try await store.replace(id: record.id, data: try cipher.reseal(record), keyID: keyring.current.id)
            outcome.resealed.append(record.id)
        }
        return outcome
    }
}
