import FormgenCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// collect's admin view under `/admin/` (only with `--users FILE`): server-rendered pages through the site's theme,
/// working without JavaScript.
///
/// - `GET /admin/login`, `POST /admin/login`: sign in (a CSRF token in a cookie and the form; wrong passwords slowed
///   down per address and per user by ``LoginThrottle``); `POST /admin/logout`.
/// - `GET /admin/`: the forms the user may see, each with its count and last submission.
/// - `GET /admin/form?form=F&page=N`: a page of F's submissions, newest first, one column per field in form order.
/// - `GET /admin/submission?form=F&id=N`: one submission in full, with a delete button.
/// - `POST /admin/delete` (`form`, `id`, `csrf`): deletes it with its outbox entries and unreferenced uploads.
/// - `GET /admin/export?form=F&format=csv|jsonl&since=DATE`: a download.
/// - `GET /admin/file?form=F&id=N&sha256=D`: one of a submission's files (a sealed one opened), as a download.
///
/// A browser signs in for a session cookie (`HttpOnly; SameSite=Strict; Secure`); every state-changing form carries
/// the session's CSRF token. A script sends `Authorization: Bearer TOKEN` (no cookie, so no CSRF token). Every view,
/// download and deletion is audited (``AdminAudit``). Sealed values are shown opened.
public struct AdminRouter: Sendable {
    public let options: AdminOptions
    public let service: CollectService
    public let sessions: AdminSessions
    public let throttle: LoginThrottle
    public let audit: AdminAudit
    let theme: Theme
    let now: @Sendable () -> Date

    public static let sessionCookie = "fg_session"
    public static let loginCookie = "fg_login"

    public init(options: AdminOptions, service: CollectService, logger: Logger, templatesDirectory: String? = nil,
                throttle: LoginThrottle = LoginThrottle(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.options = options
        self.service = service
        sessions = AdminSessions()
        self.throttle = throttle
        audit = AdminAudit(path: options.auditLog, logger: logger)
        theme = Theme.load(overrides: templatesDirectory, log: DiagnosticLog())
        self.now = now
    }

    /// Who is asking: a user and, for a browser session, its id and CSRF token.
    struct Viewer: Sendable {
        var user: AdminUsers.User
        var session: String?
        var csrf: String?
    }

    func viewer(_ request: Request) async -> Viewer? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            let token = String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
            return options.users.user(token: token).map { Viewer(user: $0, session: nil, csrf: nil) }
        }
        guard let id = AdminRequest.cookies(request)[Self.sessionCookie], let session = await sessions.session(id, now: now()),
              let user = options.users.users[session.user] else { return nil }
        return Viewer(user: user, session: id, csrf: session.csrf)
    }

    public func add(to router: Router<CollectRequestContext>) {
        let admin = self
        router.get("/admin/login") { _, _ in admin.loginPage(error: nil, user: "", status: .ok) }
        router.post("/admin/login") { request, context in await admin.login(request, address: context.clientIP) }
        router.post("/admin/logout") { request, context in
            await admin.signedIn(request, context) { viewer, fields in
                if let session = viewer.session { await admin.sessions.end(session) }
                var response = Self.redirect("/admin/login")
                response.headers[.setCookie] = admin.cookie(Self.sessionCookie, "", maxAge: 0)
                return response
            }
        }
        router.get("/admin/") { request, context in
            await admin.signedIn(request, context) { viewer, _ in try await admin.formsPage(viewer, address: context.clientIP) }
        }
        router.get("/admin/form") { request, context in
            await admin.signedIn(request, context) { viewer, _ in try await admin.formPage(request, viewer, address: context.clientIP) }
        }
        router.get("/admin/submission") { request, context in
            await admin.signedIn(request, context) { viewer, _ in try await admin.submissionPage(request, viewer, address: context.clientIP) }
        }
        router.post("/admin/delete") { request, context in
            await admin.signedIn(request, context) { viewer, fields in try await admin.delete(fields, viewer, address: context.clientIP) }
        }
        router.get("/admin/export") { request, context in
            await admin.signedIn(request, context) { viewer, _ in try await admin.export(request, viewer, address: context.clientIP) }
        }
        router.get("/admin/file") { request, context in
            await admin.signedIn(request, context) { viewer, _ in try await admin.file(request, viewer, address: context.clientIP) }
        }
    }

    /// Runs `body` for a signed-in viewer; a POST must carry the session's CSRF token (a bearer request has none to carry).
    /// Without a session: a browser is sent to the sign-in page, a request with a wrong bearer token gets 401.
    func signedIn(_ request: Request, _ context: CollectRequestContext,
                  _ body: (Viewer, [String: String]) async throws -> Response) async -> Response {
        guard let viewer = await viewer(request) else {
            if request.headers[.authorization] != nil { return Self.text(.unauthorized, "not signed in: the bearer token is not known") }
            return Self.redirect("/admin/login")
        }
        var fields: [String: String] = [:]
        if request.method == .post {
            fields = await AdminRequest.body(request) ?? [:]
            if let csrf = viewer.csrf, !AdminRandom.equal(fields["csrf"] ?? "", csrf) {
                audit.record(user: viewer.user.name, action: "refused-no-csrf", form: fields["form"], id: fields["id"].flatMap { Int64($0) },
                             address: context.clientIP, at: now())
                return Self.text(.forbidden, "refused: the form's security token is missing or wrong; reload the page and try again")
            }
        }
        do {
            return try await body(viewer, fields)
        } catch let error as StoreUnavailable {
            return Self.text(.serviceUnavailable, "the database is unavailable: \(error.reason)")
        } catch {
            return Self.text(.internalServerError, "\(error)")
        }
    }

    // MARK: Signing in

    func loginPage(error: String?, user: String, status: HTTPResponse.Status, retryAfter: Int? = nil) -> Response {
        let csrf = AdminRandom.token(bytes: 32)
        var response = page("admin-login", title: "Sign in", status: status,
                            ["csrf": .text(csrf), "error": .text(error), "user": .text(user)])
        response.headers[.setCookie] = cookie(Self.loginCookie, csrf, maxAge: 3600)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    func login(_ request: Request, address: String) async -> Response {
        let fields = await AdminRequest.body(request) ?? [:]
        let name = (fields["user"] ?? "").trimmingCharacters(in: .whitespaces)
        guard let expected = AdminRequest.cookies(request)[Self.loginCookie], AdminRandom.equal(fields["csrf"] ?? "", expected) else {
            return loginPage(error: "The sign-in form expired. Sign in again.", user: name, status: .forbidden)
        }
        if let wait = await throttle.wait(address: address, user: name, now: now()) {
            let seconds = Int(wait.rounded(.up))
            return loginPage(error: "Too many wrong passwords. Wait \(seconds) second(s), then try again.", user: name,
                             status: .tooManyRequests, retryAfter: seconds)
        }
        let users = options.users
        let password = fields["password"] ?? ""
        let user = await Task.detached { users.authenticate(name: name, password: password) }.value
        guard let user else {
            await throttle.failed(address: address, user: name, now: now())
            audit.record(user: name, action: "sign-in-failed", address: address, at: now())
            return loginPage(error: "The user name or password is wrong.", user: name, status: .unauthorized)
        }
        await throttle.succeeded(address: address, user: name)
        let session = await sessions.start(user: user.name, now: now())
        audit.record(user: user.name, action: "sign-in", address: address, at: now())
        var response = Self.redirect("/admin/")
        response.headers[values: .setCookie] = [cookie(Self.sessionCookie, session, maxAge: Int(sessions.lifetime)),
                                                cookie(Self.loginCookie, "", maxAge: 0)]
        return response
    }

    /// A `Set-Cookie` value: `Path=/admin; HttpOnly; SameSite=Strict`, and `Secure` unless plain HTTP was allowed.
    func cookie(_ name: String, _ value: String, maxAge: Int) -> String {
        "\(name)=\(value); Path=/admin; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (options.secureCookies ? "; Secure" : "")
    }

    // MARK: Pages

    /// The forms `viewer` may see, by path.
    func forms(for viewer: Viewer) -> [FormSpec] {
        service.forms.specs.keys.sorted().compactMap { viewer.user.maySee($0) ? service.forms.specs[$0] : nil }
    }

    /// The spec of the form named by `form`, when the viewer may see it.
    func spec(_ form: String?, _ viewer: Viewer) -> FormSpec? {
        guard let form, let spec = service.forms.spec(at: form), viewer.user.maySee(spec.path) else { return nil }
        return spec
    }

    func formsPage(_ viewer: Viewer, address: String) async throws -> Response {
        let summaries = Dictionary(try await service.store.summaries().map { ($0.form, $0) }, uniquingKeysWith: { first, _ in first })
        let rows: [[String: TemplateValue]] = forms(for: viewer).map { spec in
            let summary = summaries[spec.path]
            return ["title": .text(spec.title), "path": .text(spec.path), "href": .text("/admin/form?form=\(Self.encoded(spec.path))"),
                    "count": .text(String(summary?.count ?? 0)), "last": .text(summary?.last.map(SubmissionDigest.timestamp) ?? "–")]
        }
        audit.record(user: viewer.user.name, action: "view-forms", address: address, at: now())
        return page("admin-forms", title: "Submissions", viewer: viewer, ["forms": .objects(rows), "hasForms": .bool(!rows.isEmpty)])
    }

    func formPage(_ request: Request, _ viewer: Viewer, address: String) async throws -> Response {
        let query = AdminRequest.query(request)
        guard let spec = spec(query["form"], viewer) else { return Self.text(.notFound, "no such form, or not one you may see") }
        let count = try await service.store.summaries().first { $0.form == spec.path }?.count ?? 0
        let pages = max(1, (count + options.pageSize - 1) / options.pageSize)
        let number = min(max(1, Int(query["page"] ?? "") ?? 1), pages)
        let records = try await service.store.page(form: spec.path, limit: options.pageSize, offset: (number - 1) * options.pageSize)
        let fields = spec.fields.filter { !$0.kind.isDisplayOnly }
        let rows: [[String: TemplateValue]] = records.map { record in
            let data = opened(record)
            return ["id": .text(String(record.id)), "received": .text(SubmissionDigest.timestamp(record.receivedAt)),
                    "href": .text("/admin/submission?form=\(Self.encoded(spec.path))&id=\(record.id)"),
                    "cells": .objects(fields.map { ["text": .text(Self.cell(data?[$0.id], field: $0, opened: data != nil))] })]
        }
        let base = "/admin/form?form=\(Self.encoded(spec.path))&page="
        audit.record(user: viewer.user.name, action: "view-list", form: spec.path, address: address, at: now())
        var notice: String?
        if let deleted = query["deleted"], Int64(deleted) != nil { notice = "Submission \(deleted) was deleted." }
        return page("admin-form", title: spec.title, viewer: viewer, [
            "title": .text(spec.title), "path": .text(spec.path), "count": .text(String(count)), "notice": .text(notice),
            "columns": .objects(fields.map { ["label": .text($0.label.isEmpty ? $0.id : $0.label)] }),
            "rows": .objects(rows), "hasRows": .bool(!rows.isEmpty), "page": .text(String(number)), "pages": .text(String(pages)),
            "hasPages": .bool(pages > 1), "newer": .text(number > 1 ? base + String(number - 1) : nil),
            "older": .text(number < pages ? base + String(number + 1) : nil),
        ])
    }

    func submissionPage(_ request: Request, _ viewer: Viewer, address: String) async throws -> Response {
        let query = AdminRequest.query(request)
        guard let spec = spec(query["form"], viewer), let id = query["id"].flatMap({ Int64($0) }),
              let record = try await service.store.submission(id: id), record.form == spec.path
        else { return Self.text(.notFound, "no such submission, or not one you may see") }
        let data = opened(record)
        let fields: [[String: TemplateValue]] = spec.fields.filter { !$0.kind.isDisplayOnly }.map { field in
            let files = field.kind == .file && data != nil ? Self.fileLinks(data?[field.id], form: spec.path, id: id) : []
            return ["label": .text(field.label.isEmpty ? field.id : field.label), "text": .text(Self.full(data?[field.id], field: field, opened: data != nil)),
                    "files": .objects(files), "hasFiles": .bool(!files.isEmpty)]
        }
        audit.record(user: viewer.user.name, action: "view", form: spec.path, id: id, address: address, at: now())
        return page("admin-submission", title: "Submission \(id)", viewer: viewer, [
            "title": .text(spec.title), "path": .text(spec.path), "id": .text(String(id)),
            "formHref": .text("/admin/form?form=\(Self.encoded(spec.path))"),
            "received": .text(SubmissionDigest.timestamp(record.receivedAt)), "digest": .text(Self.grouped(record.digest)), "fields": .objects(fields),
        ])
    }

    func delete(_ fields: [String: String], _ viewer: Viewer, address: String) async throws -> Response {
        guard let spec = spec(fields["form"], viewer), let id = fields["id"].flatMap({ Int64($0) }),
              let record = try await service.store.submission(id: id), record.form == spec.path
        else { return Self.text(.notFound, "no such submission, or not one you may see") }
        let outcome = try await SubmissionRemoval(store: service.store, uploadsDirectory: service.uploadsDirectory).remove([record])
        audit.record(user: viewer.user.name, action: "delete", form: spec.path, id: id, address: address, at: now())
        guard outcome.rows == [id] else { return Self.text(.notFound, "submission \(id) was already deleted") }
        return Self.redirect("/admin/form?form=\(Self.encoded(spec.path))&deleted=\(id)")
    }

    func export(_ request: Request, _ viewer: Viewer, address: String) async throws -> Response {
        let query = AdminRequest.query(request)
        guard let spec = spec(query["form"], viewer) else { return Self.text(.notFound, "no such form, or not one you may see") }
        var since: Date?
        if let text = query["since"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard let date = Self.date(text) else { return Self.text(.badRequest, "'since' expects a date such as 2025-01-31, found '\(text)'") }
            since = date
        }
        let format = SubmissionExporter.Format(rawValue: query["format"] ?? "csv") ?? .csv
        let records: [SubmissionRecord]
        do {
            records = try SubmissionCipher.open(try await service.store.submissions(form: spec.path, since: since), keyring: service.keyring)
        } catch let error as CollectError {
            return Self.text(.internalServerError, error.description)
        }
        audit.record(user: viewer.user.name, action: "export-\(format.rawValue)", form: spec.path, address: address, at: now())
        let exporter = SubmissionExporter()
        let body = format == .csv ? exporter.csv(records, spec: spec) : exporter.jsonLines(records)
        let name = spec.path.replacingOccurrences(of: "/", with: "-") + (format == .csv ? ".csv" : ".jsonl")
        return Response(status: .ok, headers: [
            .contentType: format == .csv ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
            .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
            .init("X-Content-Type-Options")!: "nosniff",
        ], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: text) ?? formatter.date(from: text + "T00:00:00Z")
    }

    // MARK: Values

    /// A record's data with sealed values opened, or nil when they cannot be (no key, or not this key).
    func opened(_ record: SubmissionRecord) -> [String: JSONValue]? {
        guard let opened = try? SubmissionCipher.open(record, keyring: service.keyring),
              case .object(let data) = try? JSONValue.decode(Data(opened.data.utf8)) else { return nil }
        return data
    }

    static let unopened = "(encrypted with a key collect was not given)"

    /// A table cell: a value as text, a file field's file names, a repeating section's item count.
    static func cell(_ value: JSONValue?, field: FormSpec.FieldSpec, opened: Bool) -> String {
        guard opened else { return unopened }
        switch field.kind {
        case .file: return fileNames(value)
        case .grid:
            guard case .object(let answers)? = value else { return "" }
            return (field.rows ?? []).compactMap { row in answers[row.value].map { "\(row.label): \(SubmissionExporter.text($0))" } }.joined(separator: "; ")
        case .repeat:
            guard case .array(let items)? = value else { return "" }
            return items.count == 1 ? "1 item" : "\(items.count) items"
        default: return SubmissionExporter.text(value)
        }
    }

    /// A value in full: a repeating section's items one a line, each as `label: value` pairs.
    static func full(_ value: JSONValue?, field: FormSpec.FieldSpec, opened: Bool) -> String {
        guard opened else { return unopened }
        guard field.kind == .repeat, case .array(let items)? = value else { return cell(value, field: field, opened: opened) }
        let inner = (field.fields ?? []).filter { !$0.kind.isDisplayOnly }
        return items.enumerated().map { index, item in
            guard case .object(let members) = item else { return "" }
            let parts = inner.map { "\($0.label.isEmpty ? $0.id : $0.label): \(cell(members[$0.id], field: $0, opened: true))" }
            return "\(index + 1). " + parts.joined(separator: "; ")
        }.joined(separator: "\n")
    }

    /// A long hex digest in groups of 16, so that it wraps on a narrow screen.
    static func grouped(_ hex: String) -> String {
        stride(from: 0, to: hex.count, by: 16).map { start in
            String(hex.dropFirst(start).prefix(16))
        }.joined(separator: " ")
    }

    /// A file field's value as the admin view shows it: each file's name and size.
    static func fileNames(_ value: JSONValue?) -> String {
        SubmissionExporter.fileMetadata(value).map { metadata in
            "\(SubmissionExporter.text(metadata["name"])) (\(SubmissionExporter.text(metadata["size"])) bytes)"
        }.joined(separator: "; ")
    }

    // MARK: Responses

    func page(_ template: String, title: String, viewer: Viewer? = nil, status: HTTPResponse.Status = .ok,
              _ context: [String: TemplateValue]) -> Response {
        var settings = SiteSettings()
        settings.title = "formgen collect"
        var values = context
        if let viewer {
            values["adminUser"] = .text(viewer.user.name)
            values["csrf"] = .text(viewer.csrf ?? "")
        }
        let html = PageRenderer(theme: theme, settings: settings).standalonePage(template, title: title, language: "en", root: "/admin/", context: values)
        return Response(status: status, headers: Self.pageHeaders(csp: PageRenderer.statedPolicy(of: html) ?? "default-src 'none'"),
                        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static func pageHeaders(csp: String) -> HTTPFields {
        [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: csp + "; frame-ancestors 'none'",
         .init("X-Frame-Options")!: "DENY", .init("X-Content-Type-Options")!: "nosniff", .init("Referrer-Policy")!: "no-referrer"]
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#?"))) ?? text
    }
}
