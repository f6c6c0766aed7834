import FormgenCore
import Foundation

/// Finds the form a submission is for and hands it to the ``SubmissionHandler`` the preview's sink uses too, with the
/// database as its storage; the HTTP layer only maps the answer. Failed writes are logged and reported by `health`.
public struct CollectService: Sendable {
    public let forms: SiteForms
    public let store: any SubmissionStore
    /// Form path → webhook URLs queued in the outbox with each stored submission.
    public let webhooks: [String: [String]]
    /// Where the files of accepted multipart submissions are kept, each as `<sha256>`, or sealed as `<sha256>.sealed`.
    public let uploadsDirectory: String
    /// Whether the last write succeeded (for `/healthz`); failures are logged through it.
    public let health: StoreHealth
    /// The flow every submission goes through.
    public let handler: SubmissionHandler
    /// Seals the sensitive values of every stored row; nil stores them as they are (collect refuses to start so when a
    /// form has sensitive fields: see ``requireKey(forms:keyring:)``).
    public let keyring: SubmissionKeyring?

    /// `templatesDirectory`: a site's own templates, for the page a form posted without JavaScript gets (the built-in
    /// `layouts/answer.mustache` otherwise).
    public init(forms: SiteForms, store: any SubmissionStore, webhooks: [String: [String]] = [:], uploadsDirectory: String = "uploads",
                health: StoreHealth = StoreHealth(), templatesDirectory: String? = nil, keyring: SubmissionKeyring? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.forms = forms
        self.keyring = keyring
        self.store = store
        self.webhooks = webhooks
        self.uploadsDirectory = uploadsDirectory
        self.health = health
        // Loaded once: collect's templates do not change while it runs, and a no-JS post should not read them again.
        let theme = Theme.load(overrides: templatesDirectory, log: DiagnosticLog())
        handler = SubmissionHandler(storage: DatabaseStorage(store: store, webhooks: webhooks, forms: forms, keyring: keyring), uploadsDirectory: uploadsDirectory,
                                    theme: { theme }, now: now)
    }

    /// The service's verdict on one submission: 200 stored (or already stored), 400 malformed, 404 no such form,
    /// 422 invalid, 503 storage down.
    public typealias Answer = SubmissionHandler.Answer

    /// Validates and, when valid, commits one submission of the form at `formPath`; answers 200 only after the commit.
    public func submit(formPath: String, body: Data, encoding: SubmissionBody.Encoding, idempotencyKey: String?) async -> Answer {
        guard let spec = forms.spec(at: formPath) else {
            return Answer(status: 404, body: SubmissionHandler.error("no form is collected at /submit/\(formPath)"))
        }
        let answer = await handler.submit(spec: spec, body: body, encoding: encoding, idempotencyKey: idempotencyKey)
        switch answer.log {
        case .stored?: health.stored()
        case .failed(let reason)?: health.failed(reason)
        case nil: break
        }
        return answer
    }

    /// Throws `CollectError.noKey` when a form has sensitive fields and there is no key to seal them with.
    public static func requireKey(forms: SiteForms, keyring: SubmissionKeyring?) throws {
        guard keyring == nil else { return }
        var sensitive: [String: [String]] = [:]
        for (path, spec) in forms.specs {
            let fields = SubmissionCipher.sensitiveFields(spec)
            if !fields.isEmpty { sensitive[path] = fields }
        }
        if !sensitive.isEmpty { throw CollectError.noKey(sensitive) }
    }
}

/// collect's storage: a ``SubmissionStore`` (SQLite or PostgreSQL), the form's webhooks queued with each row, the files
/// of sensitive file fields sealed (``UploadSealer``) when there is a key, held by ``UploadLeases`` until the row is stored.
struct DatabaseStorage: SubmissionStorage {
    let store: any SubmissionStore
    let webhooks: [String: [String]]
    let forms: SiteForms
    let keyring: SubmissionKeyring?

    /// Leases the files' digests in `folder` (``UploadLeases``), so a removal leaves them until the row is stored; a
    /// submission that fails deletes those no row names.
    func hold(_ uploads: [SubmissionBody.Upload], in folder: String) throws -> (any UploadHold)? {
        guard !uploads.isEmpty else { return nil }
        return try UploadLeases(folder: folder).lease(uploads.map(\.sha256), store: store)
    }

    func keep(_ uploads: [SubmissionBody.Upload], spec: FormSpec, in folder: String) throws {
        guard let keyring else { return try SubmissionBody.Upload.keep(uploads, in: folder) }
        try UploadSealer(keyring: keyring).keep(uploads, sealedFields: SubmissionCipher.sealedFileFields(spec), in: folder)
    }

    func store(_ row: SubmissionRow) async throws -> StoredRow {
        var data = row.data
        var keyID: String?
        if let keyring, let spec = forms.spec(at: row.form) {
            do {
                let sealed = try SubmissionCipher(keyring: keyring).seal(data, spec: spec)
                data = sealed.data
                keyID = sealed.sealed ? keyring.current.id : nil
            } catch {
                throw SubmissionStorageFailure(reason: "cannot encrypt the sensitive fields: \(error)")
            }
        }
        let submission = NewSubmission(form: row.form, receivedAt: row.receivedAt, data: JSONValue.object(data).jsonText(),
                                       idempotencyKey: row.idempotencyKey, webhooks: webhooks[row.form] ?? [], keyID: keyID)
        do {
            switch try await store.store(submission) {
            case .stored(let id): return StoredRow(id: id, duplicate: false)
            case .duplicate(let id): return StoredRow(id: id, duplicate: true)
            }
        } catch let unavailable as StoreUnavailable {
            throw SubmissionStorageFailure(reason: unavailable.reason, mayBeStored: unavailable.mayBeStored)
        }
    }
}
