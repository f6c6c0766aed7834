import FormgenCore
import Foundation

/// `formgen rekey`: seals every row and every sealed upload sealed with an older key again with the keyring's current
/// key; with the site's forms, also seals the sensitive values of rows stored before they were encrypted, and the files
/// of their sensitive file fields.
public struct KeyRotation: Sendable {
    public let store: any SubmissionStore
    public let keyring: SubmissionKeyring
    /// The forms whose sensitive fields a row without a key id has in the clear; nil leaves such rows as they are.
    public let forms: SiteForms?
    /// The uploads folder, whose sealed files are sealed again too; nil leaves the files as they are.
    public let uploadsDirectory: String?

    public init(store: any SubmissionStore, keyring: SubmissionKeyring, forms: SiteForms? = nil, uploadsDirectory: String? = nil) {
        self.store = store
        self.keyring = keyring
        self.forms = forms
        self.uploadsDirectory = uploadsDirectory
    }

    /// What a rotation did: the rows sealed again, those already on the current key, the clear rows sealed, the sealed
    /// uploads sealed again and the clear uploads sealed (by digest, sorted).
    public struct Outcome: Sendable, Equatable {
        public var resealed: [Int64]
        public var current: Int
        public var sealed: [Int64] = []
        public var files: [String] = []
        public var sealedFiles: [String] = []
    }

    /// Reseals the uploads, then the rows one by one (each its own transaction: a rotation cut short is resumed by
    /// running it again). With the site's forms, a row's sensitive values in the clear (all of them in a row without a
    /// key id; a file's name in a row an earlier version sealed without it) are sealed, and the clear files its sensitive
    /// file fields name are sealed before the row is written; once every row is, the clear copies no one needs go
    /// (``removeClearCopies(in:)``).
    public func run() async throws -> Outcome {
        let cipher = SubmissionCipher(keyring: keyring)
        var outcome = Outcome(resealed: [], current: 0)
        if let uploadsDirectory { outcome.files = try UploadSealer(keyring: keyring).resealAll(in: uploadsDirectory) }
        let records = try await store.submissions(form: nil, since: nil)
        for record in records {
            let spec = forms?.spec(at: record.form)
            var data: String?
            var sealedClear = false
            if record.keyID == nil {
                if let spec, case .object(let values) = try JSONValue.decode(Data(record.data.utf8)) {
                    let sealed = try cipher.seal(values, spec: spec)
                    if sealed.sealed { (data, sealedClear) = (JSONValue.object(sealed.data).jsonText(), true) }
                }
            } else if record.keyID != keyring.current.id {
                data = try cipher.reseal(record)
                outcome.resealed.append(record.id)
            } else {
                outcome.current += 1
            }
            if record.keyID != nil, let spec, case .object(let values) = try JSONValue.decode(Data((data ?? record.data).utf8)) {
                let named = try cipher.sealFileNames(values, spec: spec)
                if named.sealed { (data, sealedClear) = (JSONValue.object(named.data).jsonText(), true) }
            }
            guard let data else { continue }
            if sealedClear, let spec, let uploadsDirectory, case .object(let values) = try JSONValue.decode(Data(record.data.utf8)) {
                let sealer = UploadSealer(keyring: keyring)
                for digest in Self.digests(values, fields: SubmissionCipher.sealedFileFields(spec))
                where try sealer.sealClearFile(digest, in: uploadsDirectory) {
                    outcome.sealedFiles.append(digest)
                }
            }
            if sealedClear { outcome.sealed.append(record.id) }
            try await store.replace(id: record.id, data: data, keyID: keyring.current.id)
        }
        outcome.sealedFiles.sort()
        if forms != nil, let uploadsDirectory { try await removeClearCopies(in: uploadsDirectory) }
        return outcome
    }

    /// Removes each clear file that has a sealed copy beside it, unless a row names it in the clear (a field that is not
    /// sensitive, a row of a form the site does not have) or a submission in flight holds it (``UploadLeases``): the
    /// clear copies of the files this rotation, or one cut short, sealed. The rows are read again holding the uploads
    /// folder as a removal does, so a submission stored during the rotation counts and none starts meanwhile.
    func removeClearCopies(in folder: String) async throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let sealed = Set(names.filter { $0.hasSuffix(UploadSealer.suffix) }.map { String($0.dropLast(UploadSealer.suffix.count)) })
        let copies = names.filter(sealed.contains).sorted()
        guard !copies.isEmpty else { return }
        let leases = UploadLeases(folder: folder)
        try await leases.exclusively {
            let named = clearFileDigests(try await store.submissions(form: nil, since: nil))
            for digest in copies where !named.contains(digest) {
                guard try !leases.isLeased(digest) else { continue }
                try FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(digest))
            }
        }
    }

    /// The digests of the files that must stay in the clear: those a file field that is not sensitive names, or a row
    /// of a form the site does not have.
    func clearFileDigests(_ records: [SubmissionRecord]) -> Set<String> {
        var digests: Set<String> = []
        for record in records {
            guard case .object(let data) = (try? JSONValue.decode(Data(record.data.utf8))) ?? .null else { continue }
            guard let spec = forms?.spec(at: record.form) else {
                SubmissionRemoval.fileDigests(in: .object(data), into: &digests)
                continue
            }
            let sealed = SubmissionCipher.sealedFileFields(spec)
            let clear = Set(spec.fields.filter { $0.kind == .file && !sealed.contains($0.id) }.map(\.id))
            digests.formUnion(Self.digests(data, fields: clear))
        }
        return digests
    }

    /// The digests of the files the fields `fields` of a row's data name, sorted.
    static func digests(_ data: [String: JSONValue], fields: Set<String>) -> [String] {
        var digests: Set<String> = []
        for field in fields.sorted() {
            guard let value = data[field] else { continue }
            SubmissionRemoval.fileDigests(in: value, into: &digests)
        }
        return digests.sorted()
    }
}
