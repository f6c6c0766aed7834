import FormgenCore
import Foundation

/// `formgen erase`: deletes a person's submissions to one form, found by a field's value (sealed values are opened to
/// compare), with their outbox entries and uploads.
public struct Erasure: Sendable {
    public let removal: SubmissionRemoval
    public let keyring: SubmissionKeyring?

    public init(removal: SubmissionRemoval, keyring: SubmissionKeyring?) {
        self.removal = removal
        self.keyring = keyring
    }

    /// The submissions of `form` whose `field` (a top-level field, or an item field of a repeating section) has `value`,
    /// compared as text with white space trimmed; a list matches when one of its items does.
    public func matches(form: String, field: String, value: String) async throws -> [SubmissionRecord] {
        let wanted = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await removal.store.submissions(form: form, since: nil).filter { record in
            let opened = try SubmissionCipher.open(record, keyring: keyring)
            guard case .object(let data) = try JSONValue.decode(Data(opened.data.utf8)) else { return false }
            return Self.values(of: field, in: data).contains(wanted)
        }
    }

    /// Deletes the matching submissions; returns them (with their clear data) and what went.
    public func erase(form: String, field: String, value: String) async throws -> (records: [SubmissionRecord], outcome: SubmissionRemoval.Outcome) {
        let records = try await matches(form: form, field: field, value: value)
        let outcome = try await removal.remove(records)
        return (try SubmissionCipher.open(records, keyring: keyring), outcome)
    }

    static func values(of field: String, in data: [String: JSONValue]) -> [String] {
        var found: [String] = []
        if let value = data[field] { found += texts(value) }
        for member in data.values.sorted(by: { $0.jsonText() < $1.jsonText() }) {
            guard case .array(let items) = member else { continue }
            for case .object(let item) in items { if let value = item[field] { found += texts(value) } }
        }
        return found
    }

    static func texts(_ value: JSONValue) -> [String] {
        switch value {
        case .array(let items): return items.flatMap(texts)
        case .object: return []
        default: return [SubmissionExporter.text(value).trimmingCharacters(in: .whitespacesAndNewlines)]
        }
    }
}
