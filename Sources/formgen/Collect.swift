import ArgumentParser
import FormgenCollect
import Foundation

extension Formgen {
    struct Collect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "collect",
            abstract: "Receive the submissions of a built site, validate them like the pages do, and store them.",
            discussion: """
            Accepts POST /submit/<form path> (application/json or application/x-www-form-urlencoded) and answers \
            200 once the submission is committed, 303 to submit.redirect for forms posted without JavaScript, \
            422 {"errors": {field: message}}, 400/408/413/415 for malformed, too slow, oversized or wrong-type bodies, \
            503 when the database or the uploads folder is unavailable. It refuses to start when a form's file fields \
            accept more than --max-body. An Idempotency-Key header (or the fg-idempotency-key field) stores a retry once. \
            --db postgres://user:password@host:port/database lets several instances share one database. \
            --webhook FORM=URL POSTs each stored submission of FORM to URL from an outbox, retried with backoff. \
            A filled honeypot is dropped; fg-elapsed under the form's minSeconds gets 422. \
            Sensitive fields (identity, tax, bank and card numbers, passwords, sensitive: true) are stored AES-GCM encrypted \
            with the key in FORMGEN_KEY or --key-file; without one collect refuses to start when a form has any. \
            --users FILE turns on the admin view at /admin/ (sign in; see, download and delete submissions). \
            GET /metrics gives Prometheus metrics; GET /healthz/live and /healthz/ready tell liveness and readiness. \
            GET /healthz answers 200 (503 with the reason while the store is failing). A connection silent for --header-timeout or a body slower than --body-timeout is \
            closed. SIGINT/SIGTERM finish the requests in flight (for at most --shutdown-grace), then stop.
            """
        )

        @Option(help: "The built site (its pages embed the forms' rules).")
        var site = "public"

        @Option(help: "Where submissions are stored: sqlite:FILE (or a file path) or postgres://user:password@host:port/database (default: sqlite:submissions/submissions.db, a folder kept out of git).")
        var db: String?

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on (0 picks a free one).")
        var port = 8090

        @Option(name: .customLong("allow-origin"), help: "An origin allowed to post from the browser (CORS); repeatable.")
        var allowOrigin: [String] = []

        @Option(name: .customLong("max-body"), help: "The largest request body accepted, in bytes.")
        var maxBody = 1 << 20

        @Option(name: .customLong("rate"), help: "Sustained submissions per second per client IP.")
        var rate = 20.0

        @Option(name: .customLong("burst"), help: "Submissions a client IP may send at once.")
        var burst = 40

        @Option(name: .customLong("uploads"), help: "Where files sent with submissions are kept, each named by its SHA-256 (default: uploads/ beside the SQLite file).")
        var uploads: String?

        @Option(name: .customLong("header-timeout"), help: "Seconds a connection may stay silent: its request head must arrive within them, and a body may pause no longer.")
        var headerTimeout = 10.0

        @Option(name: .customLong("body-timeout"), help: "Seconds a request's whole body may take to arrive (then 408 and the connection is closed).")
        var bodyTimeout = 30.0

        @Option(name: .customLong("shutdown-grace"), help: "Seconds SIGINT/SIGTERM lets requests in flight finish before closing their connections.")
        var shutdownGrace = 2.0

        @Option(name: .customLong("webhook"), help: "FORM=URL: POST each stored submission of that form to URL (outbox, retried); repeatable.")
        var webhook: [String] = []

        @Option(name: [.customShort("t"), .long], help: "A site's templates folder: its layouts/answer.mustache is the page a form posted without JavaScript gets (default: the built-in theme's).")
        var templates: String?

        @Option(name: .customLong("key-file"), help: "A file of base64 keys (32 bytes each, one a line, the current one first) that seal sensitive fields (default: the FORMGEN_KEY environment variable).")
        var keyFile: String?

        @Option(name: .customLong("users"), help: "Turns on the admin view at /admin/: the users file (formgen users add NAME --users FILE).")
        var users: String?

        @Option(name: .customLong("audit-log"), help: "Where the admin view appends who viewed, downloaded or deleted what (JSON lines; always logged too).")
        var auditLog: String?

        @Flag(name: .customLong("admin-plain-http"), help: "Session cookies without Secure, for trying the admin view over plain HTTP on a loopback --host only (put TLS in front otherwise).")
        var adminPlainHTTP = false

        func validate() throws {
            if adminPlainHTTP {
                guard users != nil else { throw ValidationError("--admin-plain-http needs --users") }
                guard ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.") else {
                    throw ValidationError("--admin-plain-http is for a loopback --host only (127.0.0.1, ::1); behind a proxy, serve the admin view over HTTPS")
                }
            }
            if auditLog != nil, users == nil { throw ValidationError("--audit-log needs --users (it records the admin view's use)") }
            guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
            guard maxBody > 0 else { throw ValidationError("--max-body must be positive") }
            guard rate > 0, burst > 0 else { throw ValidationError("--rate and --burst must be positive") }
            for (flag, seconds) in [("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--shutdown-grace", shutdownGrace)] {
                guard seconds.isFinite, seconds >= 0, seconds <= 86_400 else { throw ValidationError("\(flag) must be from 0 to 86400 seconds") }
            }
            guard headerTimeout > 0, bodyTimeout > 0 else { throw ValidationError("--header-timeout and --body-timeout must be positive") }
            _ = try webhooks()
        }

        /// `--webhook FORM=URL` values as form path → URLs.
        func webhooks() throws -> [String: [String]] {
            var hooks: [String: [String]] = [:]
            for value in webhook {
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let url = URL(string: parts[1]), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                    throw ValidationError(CollectError.badWebhook(value).description)
                }
                let form = parts[0].split(separator: "/").joined(separator: "/")
                hooks[form, default: []].append(parts[1])
            }
            return hooks
        }

        func run() async throws {
            let (database, note) = db.map { ($0, nil) } ?? CollectOptions.databaseByDefault()
            if let note { FileHandle.standardError.write(Data("warning: \(note)\n".utf8)) }
            var options = CollectOptions(site: site, database: database)
            options.host = host
            options.port = port
            options.origins = allowOrigin
            options.maxBodyBytes = maxBody
            options.ratePerSecond = rate
            options.rateBurst = burst
            options.webhooks = try webhooks()
            options.uploadsDirectory = uploads
            options.templatesDirectory = templates
            options.headerTimeout = .milliseconds(Int64(headerTimeout * 1000))
            options.bodyTimeout = .milliseconds(Int64(bodyTimeout * 1000))
            options.shutdownGrace = .milliseconds(Int64(shutdownGrace * 1000))
            do {
                options.keyring = try SubmissionKeyring.load(keyFile: keyFile)
                if let users {
                    let list = try AdminUsers.load(users)
                    guard !list.users.isEmpty else {
                        throw CollectError.badUsers("\(users) has no user: add one with formgen users add NAME --users \(users)")
                    }
                    var admin = AdminOptions(users: list, auditLog: auditLog)
                    admin.secureCookies = !adminPlainHTTP
                    options.admin = admin
                }
                try await CollectServer(options: options).run()
            } catch let error as CollectError {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
