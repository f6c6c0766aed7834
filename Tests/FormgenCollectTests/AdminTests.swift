@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The admin view through its routes: sign-in (CSRF, throttling), the forms and a form's submissions with sealed
/// values opened, per-form access, deletion with and without the CSRF token, downloads with a bearer token, the audit.
@Suite struct AdminTests {
    static let password = "correct horse battery"
    static let token = "script-token-0123456789"

    /// A clock tests move by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = Date(timeIntervalSince1970: 1_780_000_000)
        var now: Date { lock.withLock { instant } }
        func advance(_ seconds: TimeInterval) { lock.withLock { instant = instant.addingTimeInterval(seconds) } }
    }

    struct Harness {
        let site: TestSite
        let store: SQLiteSubmissionStore
        let clock = Clock()
        let auditLog: String
    }

    static func users() -> AdminUsers {
        AdminUsers(users: [
            .init(name: "ann", passwordHash: AdminUsers.passwordHash(password, cost: 4), forms: ["*"], tokenHashes: [AdminUsers.tokenHash(token)]),
            .init(name: "cas", passwordHash: AdminUsers.passwordHash(password, cost: 4), forms: ["contact"]),
        ])
    }

    /// A KYC site with two stored KYC submissions (sealed BSNs) and one contact submission, and a client of collect
    /// with the admin view on.
    static func withAdmin(_ body: @escaping @Sendable (Harness, any TestClientProtocol) async throws -> Void) async throws {
        let site = try KYCSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        let keyring = try KYCSite.keyring(KYCSite.keyA)
        try await EncryptionTests.post(site, store: store, keyring: keyring, bodies: [
            KYCSite.body, KYCSite.body.replacingOccurrences(of: "Ann Smit", with: "<b>Bold</b> Bob").replacingOccurrences(of: "111222333", with: "999888777"),
        ])
        _ = try await store.store(NewSubmission(form: "contact", receivedAt: Date(), data: #"{"name":"Cat"}"#, idempotencyKey: nil))
        let harness = Harness(site: site, store: store, auditLog: site.root.appendingPathComponent("audit.log").path)
        var options = site.options
        options.keyring = keyring
        options.admin = AdminOptions(users: users(), auditLog: harness.auditLog)
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store, keyring: keyring)
        var router = CollectRouter(service: service, options: options, logger: TestSite.quietLogger)
        let clock = harness.clock
        router.admin = AdminRouter(options: try #require(options.admin), service: service, logger: TestSite.quietLogger, now: { clock.now })
        try await Application(router: router.makeRouter()).test(.router) { client in try await body(harness, client) }
    }

    /// The value of cookie `name` a response sets.
    static func cookie(_ name: String, in response: TestResponse) -> String? {
        for header in response.headers[values: .setCookie] where header.hasPrefix(name + "=") {
            return String(header.dropFirst(name.count + 1).prefix { $0 != ";" })
        }
        return nil
    }

    static func hiddenCSRF(_ html: String) -> String? {
        html.firstMatch(of: /name="csrf" value="([^"]+)"/).map { String($0.1) }
    }

    static let formPost: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// Signs in as `user`; returns the session cookie and the CSRF token of the page it lands on.
    static func signIn(_ client: any TestClientProtocol, user: String = "ann", password: String = password) async throws -> (session: String, csrf: String) {
        let (loginCookie, loginCSRF) = try await client.execute(uri: "/admin/login", method: .get) { response in
            (try #require(cookie(AdminRouter.loginCookie, in: response)), try #require(hiddenCSRF(String(buffer: response.body))))
        }
        var headers = formPost
        headers[.cookie] = "\(AdminRouter.loginCookie)=\(loginCookie)"
        let session = try await client.execute(uri: "/admin/login", method: .post, headers: headers,
                                               body: ByteBuffer(string: "csrf=\(loginCSRF)&user=\(user)&password=\(password.replacingOccurrences(of: " ", with: "+"))")) { response in
            #expect(response.status == .seeOther, "\(String(buffer: response.body))")
            #expect(response.headers[.location] == "/admin/")
            return try #require(cookie(AdminRouter.sessionCookie, in: response))
        }
        let csrf = try await client.execute(uri: "/admin/", method: .get, headers: [.cookie: "\(AdminRouter.sessionCookie)=\(session)"]) { response in
            try #require(hiddenCSRF(String(buffer: response.body)))
        }
        return (session, csrf)
    }

    @Test func withoutASessionEveryPageSendsToTheSignInPage() async throws {
        try await Self.withAdmin { _, client in
            for uri in ["/admin/", "/admin/form?form=kyc", "/admin/submission?form=kyc&id=1", "/admin/export?form=kyc"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == "/admin/login")
                }
            }
            try await client.execute(uri: "/admin/login", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains(#"<label class="fg-label" for="admin-password">Password</label>"#))
                #expect(html.contains(#"autocomplete="current-password""#))
                let setCookie = try #require(response.headers[values: .setCookie].first)
                #expect(setCookie.contains("; Path=/admin; ") && setCookie.contains("; HttpOnly; SameSite=Strict; Secure"))
                #expect(response.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'none'") == true)
            }
        }
    }

    @Test func signedInTheFormsShowTheirCountsAndTheTableShowsOpenedValuesEscaped() async throws {
        try await Self.withAdmin { harness, client in
            let (session, _) = try await Self.signIn(client)
            let cookie: HTTPFields = [.cookie: "\(AdminRouter.sessionCookie)=\(session)"]
            try await client.execute(uri: "/admin/", method: .get, headers: cookie) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(#"<a href="/admin/form?form=kyc">Know your customer</a>"#))
                #expect(html.contains("<td>2</td>"))
                #expect(html.contains("Signed in as ann"))
            }
            try await client.execute(uri: "/admin/form?form=kyc", method: .get, headers: cookie) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(#"<th scope="col">Received</th><th scope="col">Full name</th><th scope="col">BSN</th><th scope="col">Payout account</th>"#))
                #expect(html.contains("<td>111222333</td>"))
                #expect(html.contains("&lt;b&gt;Bold&lt;/b&gt; Bob"))
                #expect(!html.contains("<b>Bold</b>"))
                #expect(html.contains("<td>1 item</td>"))
                let newest = try #require(html.range(of: "id=2\">2</a>")), oldest = try #require(html.range(of: "id=1\">1</a>"))
                #expect(newest.lowerBound < oldest.lowerBound, "newest first")
            }
            try await client.execute(uri: "/admin/submission?form=kyc&id=1", method: .get, headers: cookie) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<dt>BSN</dt><dd>111222333</dd>"))
                #expect(html.contains("1. Owner: Bob; Passport number: XR1234567"))
            }
            let audit = try String(contentsOfFile: harness.auditLog, encoding: .utf8)
            #expect(audit.contains(#""action":"view","address":"unknown","at":"2026-05-28T20:26:40Z","form":"kyc","id":1,"user":"ann""#), "\(audit)")
            #expect(audit.contains(#""action":"sign-in""#))
        }
    }

    @Test func aUserSeesOnlyTheirForms() async throws {
        try await Self.withAdmin { _, client in
            let (session, _) = try await Self.signIn(client, user: "cas")
            let cookie: HTTPFields = [.cookie: "\(AdminRouter.sessionCookie)=\(session)"]
            try await client.execute(uri: "/admin/", method: .get, headers: cookie) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("form=contact"))
                #expect(!html.contains("form=kyc"))
            }
            for uri in ["/admin/form?form=kyc", "/admin/submission?form=kyc&id=1", "/admin/export?form=kyc&format=csv", "/admin/submission?form=contact&id=1"] {
                try await client.execute(uri: uri, method: .get, headers: cookie) { response in
                    #expect(response.status == .notFound, "\(uri)")
                }
            }
        }
    }

    @Test func aDeleteWithoutTheCSRFTokenIsRefusedAndWithItTheRowGoes() async throws {
        try await Self.withAdmin { harness, client in
            let (session, csrf) = try await Self.signIn(client)
            var headers = Self.formPost
            headers[.cookie] = "\(AdminRouter.sessionCookie)=\(session)"
            for body in ["form=kyc&id=1", "form=kyc&id=1&csrf=wrong"] {
                try await client.execute(uri: "/admin/delete", method: .post, headers: headers, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .forbidden)
                }
            }
            #expect(try await harness.store.submission(id: 1) != nil)
            try await client.execute(uri: "/admin/delete", method: .post, headers: headers, body: ByteBuffer(string: "form=kyc&id=1&csrf=\(csrf)")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/admin/form?form=kyc&deleted=1")
            }
            #expect(try await harness.store.submission(id: 1) == nil)
            #expect(try await harness.store.submission(id: 2) != nil)
            let audit = try String(contentsOfFile: harness.auditLog, encoding: .utf8)
            #expect(audit.components(separatedBy: "\n").filter { $0.contains(#""action":"refused-no-csrf""#) }.count == 2)
            #expect(audit.contains(#""action":"delete","address":"unknown","at":"2026-05-28T20:26:40Z","form":"kyc","id":1,"user":"ann""#))
        }
    }

    @Test func tenWrongPasswordsInARowSlowSignInDown() async throws {
        try await Self.withAdmin { harness, client in
            func attempt(_ password: String) async throws -> (HTTPResponse.Status, String?) {
                let (loginCookie, csrf) = try await client.execute(uri: "/admin/login", method: .get) { response in
                    (try #require(Self.cookie(AdminRouter.loginCookie, in: response)), try #require(Self.hiddenCSRF(String(buffer: response.body))))
                }
                var headers = Self.formPost
                headers[.cookie] = "\(AdminRouter.loginCookie)=\(loginCookie)"
                return try await client.execute(uri: "/admin/login", method: .post, headers: headers,
                                                body: ByteBuffer(string: "csrf=\(csrf)&user=ann&password=\(password)")) { response in
                    (response.status, response.headers[.retryAfter])
                }
            }
            for _ in 0..<10 {
                #expect(try await attempt("wrong").0 == .unauthorized)
            }
            // The 11th try waits, even with the right password.
            let slowed = try await attempt(Self.password.replacingOccurrences(of: " ", with: "+"))
            #expect(slowed.0 == .tooManyRequests)
            #expect(slowed.1 == "5")
            harness.clock.advance(5.5)
            #expect(try await attempt("wrong").0 == .unauthorized)
            #expect(try await attempt("wrong").0 == .tooManyRequests)
            harness.clock.advance(9)
            #expect(try await attempt("wrong").0 == .tooManyRequests, "the second wait is twice the first")
            harness.clock.advance(1.5)
            #expect(try await attempt(Self.password.replacingOccurrences(of: " ", with: "+")).0 == .seeOther)
            #expect(try await attempt("wrong").0 == .unauthorized, "a right password clears the count")
        }
    }

    @Test func aSignInWithoutItsCSRFCookieIsRefused() async throws {
        try await Self.withAdmin { _, client in
            try await client.execute(uri: "/admin/login", method: .post, headers: Self.formPost,
                                     body: ByteBuffer(string: "csrf=x&user=ann&password=\(Self.password)")) { response in
                #expect(response.status == .forbidden)
                #expect(Self.cookie(AdminRouter.sessionCookie, in: response) == nil)
            }
        }
    }

    @Test func aScriptDownloadsCSVWithABearerToken() async throws {
        try await Self.withAdmin { harness, client in
            try await client.execute(uri: "/admin/export?form=kyc&format=csv", method: .get, headers: [.authorization: "Bearer \(Self.token)"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"kyc.csv\"")
                let csv = String(buffer: response.body)
                #expect(csv.hasPrefix("id,received_at,name,bsn,iban,owners[0].owner,owners[0].passport\r\n"), "\(csv)")
                #expect(csv.contains(",Ann Smit,111222333,NL91ABNA0417164300,Bob,XR1234567\r\n"))
            }
            try await client.execute(uri: "/admin/export?form=kyc&format=jsonl&since=2999-01-01", method: .get,
                                     headers: [.authorization: "Bearer \(Self.token)"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).isEmpty)
            }
            try await client.execute(uri: "/admin/export?form=kyc&format=csv", method: .get, headers: [.authorization: "Bearer nope"]) { response in
                #expect(response.status == .unauthorized)
            }
            // A bearer request carries no cookie, so it needs no CSRF token to delete.
            try await client.execute(uri: "/admin/delete", method: .post,
                                     headers: [.authorization: "Bearer \(Self.token)", .contentType: "application/x-www-form-urlencoded"],
                                     body: ByteBuffer(string: "form=kyc&id=2")) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try await harness.store.submission(id: 2) == nil)
            #expect(try String(contentsOfFile: harness.auditLog, encoding: .utf8).contains(#""action":"export-csv""#))
        }
    }

    @Test func theUsersFileRoundTripsAndRefusesAUserWithoutAPassword() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-users-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("admins.yaml").path
        let users = Self.users()
        try users.write(to: path)
        let read = try AdminUsers.load(path)
        #expect(read.users == users.users)
        #expect(read.authenticate(name: "ann", password: Self.password)?.name == "ann")
        #expect(read.authenticate(name: "ann", password: "wrong") == nil)
        #expect(read.authenticate(name: "nobody", password: Self.password) == nil)
        #expect(read.user(token: Self.token)?.name == "ann")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        try Data("users:\n  bob:\n    forms: [\"*\"]\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try AdminUsers.load(path)
        } throws: { error in
            "\(error)".contains("admins.yaml:2: user 'bob' has no bcrypt 'password'")
        }
    }
}
