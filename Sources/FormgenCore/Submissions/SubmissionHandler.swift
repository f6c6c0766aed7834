import Foundation

/// The one flow a submission goes through, for the preview's sink and for `formgen collect`: the body is read, the
/// page's bot traps are honoured, the answers are validated with the page's rules, the files are kept, the row is
/// stored once per idempotency key, and the answer is a status with a JSON body, or a page (or a 303) for a form posted
/// without JavaScript. The two differ only in their ``SubmissionStorage`` (a JSON Lines file, a database).
public struct SubmissionHandler: Sendable {
    /// The hidden field a page can carry the idempotency key in (the `Idempotency-Key` header wins).
    public static let idempotencyField = "fg-idempotency-key"
    /// The field in which the runtime sends how many seconds the page was open before sending.
    public static let elapsedField = "fg-elapsed"
    /// The longest idempotency key taken, in bytes.
    public static let maxKeyBytes = 200

    public let storage: any SubmissionStorage
    /// Where the files of accepted multipart submissions are kept, each as `<sha256>`.
    public let uploadsDirectory: String
    /// The theme the page for a form posted without JavaScript is rendered with (`layouts/answer.mustache`), loaded
    /// when such a page is needed: the built-in one, or a site's (whose `templates/` override it like every page).
    public let theme: @Sendable () -> Theme
    private let now: @Sendable () -> Date

    public init(storage: any SubmissionStorage, uploadsDirectory: String,
                theme: @escaping @Sendable () -> Theme = { Theme.load(overrides: nil, log: DiagnosticLog()) },
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.uploadsDirectory = uploadsDirectory
        self.theme = theme
        self.now = now
    }

    /// The verdict on one submission.
    public struct Answer: Sendable, Equatable {
        /// 200 stored (or already stored, or dropped by the honeypot), 400 malformed, 415 not a submission's media type,
        /// 422 invalid or too fast, 503 files or row not stored.
        public var status: Int
        public var body: JSONValue
        /// The form's spec, when the submission reached one.
        public var spec: FormSpec?
        /// The stored row, for a 200 that stored one.
        public var stored: StoredRow?
        /// What the transport logs (and, for collect, what `/healthz` reports).
        public var log: Log?

        public init(status: Int, body: JSONValue, spec: FormSpec? = nil, stored: StoredRow? = nil, log: Log? = nil) {
            self.status = status
            self.body = body
            self.spec = spec
            self.stored = stored
            self.log = log
        }
    }

    /// What an answer leaves to log.
    public enum Log: Sendable, Equatable {
        /// A row was stored (after a failure, the store works again).
        case stored
        /// The files or the row could not be written: the reason, on one line.
        case failed(String)
    }

    /// The answer to a body whose `Content-Type` is none of a submission's.
    public static let unsupportedMediaType = Answer(
        status: 415, body: error("send application/json, application/x-www-form-urlencoded or multipart/form-data"))

    /// Validates and, when valid, stores one submission of the form `spec`; answers 200 only once it is stored.
    public func submit(spec: FormSpec, body: Data, encoding: SubmissionBody.Encoding, idempotencyKey header: String?) async -> Answer {
        let now = self.now
        let judgement = await Self.awayFromTheCooperativePool { () -> Judgement in
            let parsed: SubmissionBody.Parsed
            let hidden: [String: String]
            do {
                parsed = try SubmissionBody.parse(body, encoding: encoding, spec: spec)
                hidden = try Self.hiddenFields(body, encoding: encoding)
            } catch {
                return .answer(Answer(status: 400, body: Self.error((error as? SubmissionError ?? .notAnObject).description), spec: spec))
            }
            switch Self.trap(hidden, spec: spec) {
            case .honeypot?:
                return .answer(Answer(status: 200, body: Self.success(spec, id: nil), spec: spec))
            case .tooFast?:
                return .answer(Answer(status: 422, body: Self.error(spec.messages["tooFast"] ?? "The form was sent too quickly; wait a few seconds, then send it again."),
                                      spec: spec))
            case nil: break
            }
            let result = FormValidator(spec: spec, now: now()).validate(parsed.values)
            guard result.isValid else {
                return .answer(Answer(status: 422, body: .object(["errors": .object(result.messages.mapValues(JSONValue.string))]), spec: spec))
            }
            return .valid(parsed, result, hidden)
        }
        let (parsed, result, hidden): (SubmissionBody.Parsed, ValidationResult, [String: String])
        switch judgement {
        case .answer(let answer): return answer
        case .valid(let read, let judged, let traps): (parsed, result, hidden) = (read, judged, traps)
        }
        let key = header.flatMap { $0.isEmpty ? nil : $0 } ?? hidden[Self.idempotencyField].flatMap { $0.isEmpty ? nil : $0 }
        if let key, key.utf8.count > Self.maxKeyBytes {
            return Answer(status: 400, body: Self.error("the idempotency key is longer than \(Self.maxKeyBytes) bytes"), spec: spec)
        }
        // The files are held from before they are written until the row is stored or the submission fails, so a
        // removal running meanwhile does not delete a file this row is about to name.
        let (storage, folder) = (self.storage, uploadsDirectory)
        let kept = await Self.awayFromTheCooperativePool { () -> Result<(any UploadHold)?, any Error> in
            Result {
                let hold = try storage.hold(parsed.uploads, in: folder)
                do { try storage.keep(parsed.uploads, spec: spec, in: folder) } catch { hold?.release(); throw error }
                return hold
            }
        }
        let hold: (any UploadHold)?
        switch kept {
        case .success(let held): hold = held
        case .failure(let error):
            return Answer(status: 503, body: Self.error("the submission's files were not stored; try again"), spec: spec,
                          log: .failed("the files could not be written to \(uploadsDirectory): \(Self.reason(error))"))
        }
        let row = SubmissionRow(form: spec.path, formID: spec.id, receivedAt: now(), data: result.data, prefilled: result.prefilled, idempotencyKey: key)
        do {
            let stored = try await storage.store(row)
            hold?.release()
            return Answer(status: 200, body: Self.success(spec, id: stored.id), spec: spec, stored: stored, log: .stored)
        } catch {
            // A row that may still land (asked, not answered) would name the files: they stay, only the hold ends.
            if (error as? SubmissionStorageFailure)?.mayBeStored == true { hold?.release() } else { await hold?.abandon() }
            return Answer(status: 503, body: Self.error("the submission was not stored; try again"), spec: spec, log: .failed(Self.reason(error)))
        }
    }

    /// A body read and judged: the answer it already has, or what to store.
    enum Judgement: Sendable {
        case answer(Answer)
        case valid(SubmissionBody.Parsed, ValidationResult, [String: String])
    }

    /// Runs CPU-bound work (reading and judging a body of up to megabytes) on a thread of its own, never on Swift's
    /// cooperative pool, which has one thread per core: on two cores, two hostile posts would otherwise hold every
    /// thread that answers requests, and a `GET /healthz` would wait for them.
    static func awayFromTheCooperativePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }

    static func success(_ spec: FormSpec, id: Int64?) -> JSONValue {
        var answer: [String: JSONValue] = ["ok": .bool(true)]
        if let id { answer["id"] = .number(Double(id)) }
        if let message = spec.submit.successMessage { answer["message"] = .string(message) }
        return .object(answer)
    }

    /// `{"error": message}`
    public static func error(_ message: String) -> JSONValue { .object(["error": .string(message)]) }

    /// An error in one line: a storage's own reason, or a file error's message.
    public static func reason(_ error: any Error) -> String {
        if let failure = error as? SubmissionStorageFailure { return failure.reason }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    // MARK: Traps

    /// Which bot trap a submission fell into: a filled honeypot (`submit.honeypot`) is answered like a stored
    /// submission and dropped; one sent sooner than `submit.minSeconds` after the page opened (the runtime sends the
    /// seconds in `fg-elapsed`) gets 422 with the page's `tooFast` text. A post without `fg-elapsed` cannot be timed.
    enum Trap: Equatable {
        case honeypot, tooFast
    }

    static func trap(_ hidden: [String: String], spec: FormSpec) -> Trap? {
        if let name = spec.submit.honeypot, let value = hidden[name], !value.trimmingCharacters(in: .whitespaces).isEmpty {
            return .honeypot
        }
        if let minimum = spec.submit.minSeconds, minimum > 0, let text = hidden[elapsedField] {
            guard let seconds = Double(text), seconds >= Double(minimum) else { return .tooFast }
        }
        return nil
    }

    /// The body's top-level values as text (a list's first item), for the fields the validator does not read.
    static func hiddenFields(_ body: Data, encoding: SubmissionBody.Encoding) throws -> [String: String] {
        switch encoding {
        case .json:
            guard case .object(let object) = try JSONValue.decode(body) else { return [:] }
            return object.compactMapValues { value in
                switch value {
                case .string(let text): return text
                case .number(let number): return String(number)
                case .bool(let flag): return flag ? "true" : ""
                case .array(let items): return items.isEmpty ? nil : "x"
                case .object, .null: return nil
                }
            }
        case .urlEncoded:
            var fields: [String: String] = [:]
            for (name, value) in SubmissionBody.pairs(fromURLEncoded: String(decoding: body, as: UTF8.self)) where fields[name] == nil {
                fields[name] = value
            }
            return fields
        case .multipart(let boundary):
            var fields: [String: String] = [:]
            for part in try SubmissionBody.parts(body, boundary: boundary) where part.filename == nil && fields[part.name] == nil {
                fields[part.name] = String(decoding: part.data, as: UTF8.self)
            }
            return fields
        }
    }

    // MARK: The HTTP answer

    /// An HTTP answer, for the transport to send as it is.
    public struct Reply: Sendable, Equatable {
        public var status: Int
        public var headers: [String: String]
        public var body: String
    }

    /// The answer as the client asked for it: JSON, or, for a form posted by the browser itself (urlencoded or multipart
    /// with `Accept: text/html`), once stored a 303 to `submit.redirect` or the form's built "sent" page, and otherwise
    /// the theme's `answer` page. `siteOrigin`: where the site's pages are (`https://example.org`; "" when they are on
    /// this same host), for a relative "sent" page and the link back to the form; nil when unknown.
    public func reply(_ answer: Answer, encoding: SubmissionBody.Encoding?, accept: String?, siteOrigin: String?) -> Reply {
        guard let encoding, encoding.isFormPost, (accept ?? "").contains("text/html"), let spec = answer.spec else {
            return Reply(status: answer.status, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
                         body: answer.body.jsonText() + "\n")
        }
        if answer.status == 200, let location = spec.submit.redirect ?? Self.sentPage(spec, origin: siteOrigin) {
            return Reply(status: 303, headers: ["Location": location, "Cache-Control": "no-store"], body: "")
        }
        let html = page(answer, spec: spec, siteOrigin: siteOrigin)
        return Reply(status: answer.status,
                     headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
                               "Content-Security-Policy": Self.policy(of: html) ?? "default-src 'none'"],
                     body: html)
    }

    /// The "sent" page's address: as built when absolute, else on the site's origin.
    static func sentPage(_ spec: FormSpec, origin: String?) -> String? {
        guard let page = spec.submit.sentPage else { return nil }
        if page.hasPrefix("https://") || page.hasPrefix("http://") { return page }
        guard page.hasPrefix("/"), let origin else { return nil }
        return origin + page
    }

    /// The page a form posted without JavaScript gets when it is not sent on: the outcome, the form's title, its success
    /// message or the error, each field's error by its label, and a link back to the form.
    func page(_ answer: Answer, spec: FormSpec, siteOrigin: String?) -> String {
        let theme = self.theme()
        let words = theme.messages.table(for: spec.lang)
        let stored = answer.status == 200
        let heading = (stored ? words["received"] : words["errorSummaryTitle"]) ?? ""
        guard case .object(let body) = answer.body else { return "" }
        var message: String?
        if case .string(let text)? = body["message"] { message = text }
        if case .string(let text)? = body["error"] { message = text }
        var errors: [[String: TemplateValue]] = []
        if case .object(let messages)? = body["errors"] {
            let order = Dictionary(spec.fields.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
            let labels = Dictionary(spec.fields.map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })
            for (field, value) in messages.sorted(by: { (order[$0.key] ?? .max, $0.key) < (order[$1.key] ?? .max, $1.key) }) {
                guard case .string(let text) = value else { continue }
                errors.append(["label": .text(labels[field] ?? field), "text": .text(text)])
            }
        }
        // The site's root and the form, where the site's address is known (the "sent" page's folder is the form's).
        var formHref: String?
        var root: String?
        if let sent = Self.sentPage(spec, origin: siteOrigin), sent.hasSuffix(spec.path + "/sent/") {
            formHref = String(sent.dropLast("sent/".count))
            root = String(sent.dropLast(spec.path.count + "/sent/".count))
        } else if let siteOrigin {
            formHref = "\(siteOrigin)/\(spec.path)/"
            root = "\(siteOrigin)/"
        }
        var settings = SiteSettings()
        settings.title = spec.title
        settings.language = spec.lang
        let renderer = PageRenderer(theme: theme, settings: settings)
        var context = renderer.base(path: "", title: heading, language: spec.lang, csp: renderer.staticPolicy, script: nil)
        context["root"] = .text(root ?? "")
        context["heading"] = .text(heading)
        context["formTitle"] = .text(spec.title)
        context["message"] = .text(message)
        context["hasErrors"] = .bool(!errors.isEmpty)
        context["errors"] = .objects(errors)
        context["formHref"] = .text(formHref)
        context["backText"] = .text(words["backToForm"] ?? "")
        return renderer.page("answer", context)
    }

    /// The policy a rendered page states in its `<meta http-equiv="Content-Security-Policy">`, sent as its header too.
    static func policy(of html: String) -> String? {
        guard let start = html.range(of: #"<meta http-equiv="Content-Security-Policy" content=""#),
              let end = html.range(of: "\"", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&#39;", with: "'")
    }
}

/// A validated submission, ready to store.
public struct SubmissionRow: Sendable, Equatable {
    /// The form's path (`kyc/nl`).
    public var form: String
    /// The form's id (`kyc-nl`).
    public var formID: String
    public var receivedAt: Date
    /// The cleaned answers.
    public var data: [String: JSONValue]
    /// The fields whose values came from a prefill source.
    public var prefilled: [String]
    public var idempotencyKey: String?
}

/// What storing a row did.
public struct StoredRow: Sendable, Equatable {
    public var id: Int64
    /// A retry: a row with the same form and idempotency key was stored before, and nothing was stored now.
    public var duplicate: Bool

    public init(id: Int64, duplicate: Bool) {
        self.id = id
        self.duplicate = duplicate
    }
}

/// Where accepted submissions go: the preview's JSON Lines file, collect's database.
public protocol SubmissionStorage: Sendable {
    /// Stores one row, or finds the row an earlier try with the same form and idempotency key stored; returns only
    /// once it is written.
    func store(_ row: SubmissionRow) async throws -> StoredRow
    /// Writes a valid submission's files to `folder` before its row is stored (collect seals those of sensitive file
    /// fields); by default each as it came, `<sha256>` (``SubmissionBody/Upload/keep(_:in:)``).
    func keep(_ uploads: [SubmissionBody.Upload], spec: FormSpec, in folder: String) throws
    /// Holds a submission's files against removal from before ``keep(_:spec:in:)`` until its row is stored or it fails
    /// (then the hold is released); nil by default, where nothing removes files.
    func hold(_ uploads: [SubmissionBody.Upload], in folder: String) throws -> (any UploadHold)?
}

/// A submission's files held against removal until ``release()`` (its row is stored) or ``abandon()`` (it failed).
public protocol UploadHold: Sendable {
    func release()
    /// Releases the files and deletes those no stored row names and no other submission holds.
    func abandon() async
}

extension SubmissionStorage {
    public func hold(_ uploads: [SubmissionBody.Upload], in folder: String) throws -> (any UploadHold)? { nil }

    public func keep(_ uploads: [SubmissionBody.Upload], spec: FormSpec, in folder: String) throws {
        try SubmissionBody.Upload.keep(uploads, in: folder)
    }
}

/// A storage could not write a row, for this reason (one line, logged as it is).
public struct SubmissionStorageFailure: Error, CustomStringConvertible {
    public var reason: String
    /// Whether the row may still be written (the store was asked and did not answer): its files then stay.
    public var mayBeStored: Bool

    public init(reason: String, mayBeStored: Bool = false) {
        self.reason = reason
        self.mayBeStored = mayBeStored
    }

    public var description: String { reason }
}
