import Crypto
import FormgenCore
import Foundation

/// Seals a submission's sensitive values with AES-256-GCM before they are stored, and opens them for export, erasure
/// and webhooks.
///
/// Each sensitive value (a field whose spec says `sensitive`: identity, tax, bank and card numbers, passwords, and
/// `sensitive: true`; in a repeating section, each item's sensitive fields) is replaced in the stored JSON by
/// `{"fg:sealed": "<key id>:<base64 of nonce, ciphertext and tag>"}`, the value's JSON text encrypted with the form's
/// path and the field's id as associated data (a sealed value moved to another field or form does not open). The
/// other fields stay readable. A sensitive file field (every file field unless `sensitive: false`) keeps each file's
/// `size`, `type` and `sha256` in the clear, which name the upload and fill the admin table, and has its `name` sealed
/// (associated data: the field's id and `.name`); the file itself is sealed on disk by ``UploadSealer``.
public struct SubmissionCipher: Sendable {
    /// The one key of a sealed value's object.
    public static let marker = "fg:sealed"

    public let keyring: SubmissionKeyring

    public init(keyring: SubmissionKeyring) {
        self.keyring = keyring
    }

    /// The ids of the fields of `spec` whose values are sealed (`pets[].passport` for an item field; a file field whose
    /// files are), in form order.
    public static func sensitiveFields(_ spec: FormSpec) -> [String] {
        spec.fields.flatMap { field -> [String] in
            if field.kind == .repeat { return (field.fields ?? []).filter(isSealed).map { "\(field.id)[].\($0.id)" } }
            return isSealed(field) || isSealedFile(field) ? [field.id] : []
        }
    }

    static func isSealed(_ field: FormSpec.FieldSpec) -> Bool {
        field.sensitive && field.kind != .file && field.kind != .repeat && !field.kind.isDisplayOnly
    }

    /// Whether a field's files are sealed on disk and their names in the row.
    static func isSealedFile(_ field: FormSpec.FieldSpec) -> Bool { field.sensitive && field.kind == .file }

    /// The ids of `spec`'s file fields whose files are sealed.
    public static func sealedFileFields(_ spec: FormSpec) -> Set<String> { Set(spec.fields.filter(isSealedFile).map(\.id)) }

    /// `data` with the sensitive values of `spec`'s fields sealed, and whether any was.
    public func seal(_ data: [String: JSONValue], spec: FormSpec) throws -> (data: [String: JSONValue], sealed: Bool) {
        var output = data
        var sealed = false
        for field in spec.fields {
            guard let value = data[field.id] else { continue }
            if field.kind == .repeat, case .array(let items) = value {
                let inner = (field.fields ?? []).filter(Self.isSealed)
                guard !inner.isEmpty else { continue }
                output[field.id] = .array(try items.map { item in
                    guard case .object(var members) = item else { return item }
                    for itemField in inner {
                        guard let itemValue = members[itemField.id] else { continue }
                        members[itemField.id] = try sealValue(itemValue, form: spec.path, field: itemField.id)
                        sealed = true
                    }
                    return .object(members)
                })
            } else if Self.isSealed(field) {
                output[field.id] = try sealValue(value, form: spec.path, field: field.id)
                sealed = true
            } else if Self.isSealedFile(field) {
                let files = try sealFileNames(value, form: spec.path, field: field.id)
                output[field.id] = files.value
                sealed = sealed || files.sealed
            }
        }
        return (output, sealed)
    }

    /// A file field's value (one file's metadata, or a list of them) with each file's `name` sealed.
    func sealFileNames(_ value: JSONValue, form: String, field: String) throws -> (value: JSONValue, sealed: Bool) {
        switch value {
        case .array(let files):
            var sealed = false
            let value = JSONValue.array(try files.map { file in
                let one = try sealFileNames(file, form: form, field: field)
                sealed = sealed || one.sealed
                return one.value
            })
            return (value, sealed)
        case .object(var metadata):
            guard let name = metadata["name"], Self.isFileMetadata(metadata), !Self.isSealedValue(name) else { return (value, false) }
            metadata["name"] = try sealValue(name, form: form, field: Self.nameField(field))
            return (.object(metadata), true)
        default:
            return (value, false)
        }
    }

    /// `data` with the names of the files of `spec`'s sensitive file fields sealed where they are still in the clear (for
    /// `formgen rekey` on a row an earlier version sealed without them), and whether any was.
    public func sealFileNames(_ data: [String: JSONValue], spec: FormSpec) throws -> (data: [String: JSONValue], sealed: Bool) {
        var output = data
        var sealed = false
        for field in spec.fields where Self.isSealedFile(field) {
            guard let value = data[field.id] else { continue }
            let files = try sealFileNames(value, form: spec.path, field: field.id)
            output[field.id] = files.value
            sealed = sealed || files.sealed
        }
        return (output, sealed)
    }

    /// Whether a value is a sealed value's object.
    static func isSealedValue(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value, members.count == 1, case .string? = members[marker] else { return false }
        return true
    }

    /// Whether an object is a stored file's metadata (its `sha256` names an upload).
    static func isFileMetadata(_ members: [String: JSONValue]) -> Bool {
        guard case .string(let digest)? = members["sha256"], members["size"] != nil else { return false }
        return digest.count == 64 && digest.allSatisfy(\.isHexDigit)
    }

    /// The name a file's sealed `name` is authenticated under: the file field's id and `.name`.
    static func nameField(_ field: String) -> String { "\(field).name" }

    /// The field a member of an object is sealed under: a file's `name` under its file field's, others under their own.
    static func memberField(_ name: String, of members: [String: JSONValue], in field: String?) -> String {
        guard name == "name", let field, isFileMetadata(members) else { return name }
        return nameField(field)
    }

    func sealValue(_ value: JSONValue, form: String, field: String) throws -> JSONValue {
        let key = keyring.current
        let box = try AES.GCM.seal(Data(value.jsonText().utf8), using: key.key, authenticating: Self.associatedData(form: form, field: field))
        guard let combined = box.combined else { throw CollectError.badKey("AES-GCM gave no combined box") }
        return .object([Self.marker: .string("\(key.id):\(combined.base64EncodedString())")])
    }

    static func associatedData(form: String, field: String) -> Data { Data("formgen\n\(form)\n\(field)".utf8) }

    /// `record` with its sealed values opened (unchanged when it has none). Throws `CollectError.sealed` when `keyring`
    /// lacks the key, or is nil.
    public static func open(_ record: SubmissionRecord, keyring: SubmissionKeyring?) throws -> SubmissionRecord {
        guard let keyID = record.keyID else { return record }
        guard let keyring else { throw CollectError.sealed(row: record.id, keyID: keyID, haveKey: false) }
        var opened = record
        let value = try JSONValue.decode(Data(record.data.utf8))
        opened.data = try SubmissionCipher(keyring: keyring).open(value, field: nil, form: record.form, row: record.id).jsonText()
        return opened
    }

    /// Every record opened (see `open(_:keyring:)`).
    public static func open(_ records: [SubmissionRecord], keyring: SubmissionKeyring?) throws -> [SubmissionRecord] {
        try records.map { try open($0, keyring: keyring) }
    }

    /// `record`'s data with every sealed value sealed again with the current key (for `formgen rekey`).
    public func reseal(_ record: SubmissionRecord) throws -> String {
        try reseal(try JSONValue.decode(Data(record.data.utf8)), field: nil, form: record.form, row: record.id).jsonText()
    }

    func reseal(_ value: JSONValue, field: String?, form: String, row: Int64) throws -> JSONValue {
        switch value {
        case .object(let members):
            if members.count == 1, case .string(let text)? = members[Self.marker], let field {
                return try sealValue(try openValue(text, form: form, field: field, row: row), form: form, field: field)
            }
            var sealed: [String: JSONValue] = [:]
            for (name, member) in members {
                sealed[name] = try reseal(member, field: Self.memberField(name, of: members, in: field), form: form, row: row)
            }
            return .object(sealed)
        case .array(let items):
            return .array(try items.map { try reseal($0, field: field, form: form, row: row) })
        default:
            return value
        }
    }

    func open(_ value: JSONValue, field: String?, form: String, row: Int64) throws -> JSONValue {
        switch value {
        case .object(let members):
            if members.count == 1, case .string(let text)? = members[Self.marker], let field {
                return try openValue(text, form: form, field: field, row: row)
            }
            var opened: [String: JSONValue] = [:]
            for (name, member) in members {
                opened[name] = try open(member, field: Self.memberField(name, of: members, in: field), form: form, row: row)
            }
            return .object(opened)
        case .array(let items):
            return .array(try items.map { try open($0, field: field, form: form, row: row) })
        default:
            return value
        }
    }

    func openValue(_ text: String, form: String, field: String, row: Int64) throws -> JSONValue {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let combined = Data(base64Encoded: parts[1]) else {
            throw CollectError.badKey("submission \(row): the sealed value of '\(field)' is damaged")
        }
        guard let key = keyring.keys[parts[0]] else { throw CollectError.sealed(row: row, keyID: parts[0], haveKey: true) }
        do {
            let box = try AES.GCM.SealedBox(combined: combined)
            let clear = try AES.GCM.open(box, using: key.key, authenticating: Self.associatedData(form: form, field: field))
            return try JSONValue.decode(clear)
        } catch {
            throw CollectError.badKey("submission \(row): the sealed value of '\(field)' does not open with the key \(key.id) (altered or moved)")
        }
    }
}
