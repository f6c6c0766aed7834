import FormgenCore
import Foundation

/// Validates a submission with the rules of its page and stores it; the HTTP layer only maps the answer.
public struct CollectService: Sendable {
    /// The hidden field a page can carry the idempotency key in (the `Idempotency-Key` header wins).
    public static let idempotencyField = "fg-idempotency-key"

    public let forms: SiteForms
    public let store: any SubmissionStore
    /// Form path → webhook URLs queued in the outbox with each stored submission.
    public let webhooks: [String: [String]]
    /// Where the files of accepted multipart submissions are kept, each as `<sha256>`.
    public let uploadsDirectory: String
    /// Whether the last write succeeded (for `/healthz`); failures are logged through it.
    public let health: StoreHealth
    private let now: @Sendable () -> Date

    public init(forms: SiteForms, store: any SubmissionStore, webhooks: [String: [String]] = [:], uploadsDirectory: String = "uploads",
                health: StoreHealth = StoreHealth(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.forms = forms
        self.store = store
        self.webhooks = webhooks
        self.uploadsDirectory = uploadsDirectory
        self.health = health
        self.now = now
    }

    /// The service's verdict on one submission.
    public struct Answer: Sendable, Equatable {
        /// 200 stored (or already stored), 400 malformed, 404 no such form, 422 invalid, 503 storage down.
        public var status: Int
        public var body: JSONValue
        /// The form's spec, when the path names one.
        public var spec: FormSpec?
        /// The stored row, for a 200.
        public var outcome: StoreOutcome?
    }

    /// Validates and, when valid, commits one submission of the form at `formPath`; answers 200 only after the commit.
    public func submit(formPath: String, body: Data, encoding: SubmissionBody.Encoding, idempotencyKey header: String?) async -> Answer {
        guard let spec = forms.spec(at: formPath) else {
            return Answer(status: 404, body: Self.error("no form is collected at /submit/\(formPath)"))
        }
        let values: [String: JSONValue]
        let uploads: [SubmissionBody.Upload]
        let hidden: [String: String]
        do {
            let parsed = try SubmissionBody.parse(body, encoding: encoding, spec: spec)
            values = parsed.values
            uploads = parsed.uploads
            hidden = try Self.hiddenFields(body, encoding: encoding)
        } catch {
            return Answer(status: 400, body: Self.error(SubmissionError.notAnObject.description), spec: spec)
        }
        switch Self.trap(hidden, spec: spec) {
        case .honeypot?:
            var answer: [String: JSONValue] = ["ok": .bool(true)]
            if let message = spec.submit.successMessage { answer["message"] = .string(message) }
            return Answer(status: 200, body: .object(answer), spec: spec)
        case .tooFast?:
            return Answer(status: 422, body: Self.error(spec.messages["tooFast"] ?? "The form was sent too quickly; wait a few seconds, then send it again."),
                          spec: spec)
        case nil: break
        }
        let fieldKey = hidden[Self.idempotencyField].flatMap { $0.isEmpty ? nil : $0 }
        let result = FormValidator(spec: spec, now: now()).validate(values)
        guard result.isValid else {
            return Answer(status: 422, body: .object(["errors": .object(result.messages.mapValues(JSONValue.string))]), spec: spec)
        }
        let key = header.flatMap { $0.isEmpty ? nil : $0 } ?? fieldKey
        if let key, key.utf8.count > 200 {
            return Answer(status: 400, body: Self.error("the idempotency key is longer than 200 bytes"), spec: spec)
        }
        do {
            try SubmissionBody.Upload.keep(uploads, in: uploadsDirectory)
        } catch {
            health.failed("the files could not be written to \(uploadsDirectory): \(Self.reason(error))")
            return Answer(status: 503, body: Self.error("the submission's files were not stored; try again"), spec: spec)
        }
        let submission = NewSubmission(form: spec.path, receivedAt: now(), data: JSONValue.object(result.data).jsonText(), idempotencyKey: key,
                                       webhooks: webhooks[spec.path] ?? [])
        do {
            let outcome = try await store.store(submission)
            health.stored()
            var answer: [String: JSONValue] = ["ok": .bool(true), "id": .number(Double(outcome.id))]
            if let message = spec.submit.successMessage { answer["message"] = .string(message) }
            return Answer(status: 200, body: .object(answer), spec: spec, outcome: outcome)
        } catch {
            health.failed(Self.reason(error))
            return Answer(status: 503, body: Self.error("the submission was not stored; try again"), spec: spec)
        }
    }

    /// An error in one line: a store's own reason, or a file error's message.
    static func reason(_ error: any Error) -> String {
        if let unavailable = error as? StoreUnavailable { return unavailable.reason }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    static func error(_ message: String) -> JSONValue { .object(["error": .string(message)]) }
}
