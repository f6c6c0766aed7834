import FormgenCore
import Foundation

/// `formgen rekey`: seals every row sealed with an older key again with the keyring's current key; with the site's
/// forms, also seals the sensitive values of rows stored before they were encrypted.
public struct KeyRotation: Sendable {
    public let store: any SubmissionStore
    public let keyring: SubmissionKeyring
    /// The forms whose sensitive fields a row without a key id has in the clear; nil leaves such rows as they are.
    public let forms: SiteForms?

    public init(store: any SubmissionStore, keyring: SubmissionKeyring, forms: SiteForms? = nil) {
        self.store = store
        self.keyring = keyring
        self.forms = forms
    }

    /// What a rotation did: the rows sealed again, those already on the current key, and the clear rows sealed.
    public struct Outcome: Sendable, Equatable {
        public var resealed: [Int64]
        public var current: Int
        public var sealed: [Int64] = []
    }

    /// Reseals the rows one by one (each its own transaction: a rotation cut short is resumed by running it again).
    public func run() async throws -> Outcome {
        let cipher = SubmissionCipher(keyring: keyring)
        var outcome = Outcome(resealed: [], current: 0)
        for record in try await store.submissions(form: nil, since: nil) {
            guard record.keyID != nil else {
                if let spec = forms?.spec(at: record.form), case .object(let data) = try JSONValue.decode(Data(record.data.utf8)) {
                    let sealed = try cipher.seal(data, spec: spec)
                    if sealed.sealed {
                        try await store.replace(id: record.id, data: JSONValue.object(sealed.data).jsonText(), keyID: keyring.current.id)
                        outcome.sealed.append(record.id)
                    }
                }
                continue
            }
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
