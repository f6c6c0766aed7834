import FormgenCore
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `formgen collect`: serves `CollectRouter` until SIGINT/SIGTERM, then finishes the requests in flight (for at most
/// `shutdownGrace`).
public struct CollectServer: Sendable {
    public let options: CollectOptions
    public let logger: Logger

    public init(options: CollectOptions, logger: Logger = Logger(label: "formgen.collect")) {
        self.options = options
        self.logger = logger
    }

    /// The store a `--db` value names: `postgres://…`, `sqlite:FILE`, or a plain path to an SQLite file.
    public static func openStore(_ database: String, logger: Logger = Logger(label: "formgen.collect")) async throws -> any SubmissionStore {
        if database.hasPrefix("sqlite:") { return try openSQLite(String(database.dropFirst("sqlite:".count))) }
        if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
            guard let url = PostgresURL(database) else { throw CollectError.badDatabase(database) }
            do {
                return try await PostgresSubmissionStore(url: url, logger: logger)
            } catch {
                throw CollectError.databaseUnavailable("\(url.host):\(url.port)/\(url.database)", "\(error)")
            }
        }
        if database.contains("://") { throw CollectError.badDatabase(database) }
        return try openSQLite(database)
    }

    /// The SQLite store at `path`; a file it cannot open is a start-up error naming it.
    static func openSQLite(_ path: String) throws -> SQLiteSubmissionStore {
        do {
            return try SQLiteSubmissionStore(path: path)
        } catch let error as StoreUnavailable {
            throw CollectError.databaseUnavailable(path, error.reason)
        }
    }

    /// Reads the site's forms, opens the store, and serves. `ready` gets the URL once the server listens.
    public func run(ready: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        let forms = try SiteForms(site: options.site)
        guard !forms.specs.isEmpty else { throw CollectError.noForms(options.site) }
        if let problem = FileLimits.problem(in: forms, maxBodyBytes: options.maxBodyBytes) { throw problem }
        try CollectService.requireKey(forms: forms, keyring: options.keyring)
        let store = try await Self.openStore(options.database, logger: logger)
        for warning in GitIgnoreCheck.warnings(database: options.sqliteFile, uploads: options.uploads) { logger.warning("\(warning)") }
        let service = CollectService(forms: forms, store: store, webhooks: options.webhooks, uploadsDirectory: options.uploads,
                                     health: StoreHealth(logger: logger), templatesDirectory: options.templatesDirectory,
                                     keyring: options.keyring)
        let router = CollectRouter(service: service, options: options, logger: logger)
        let host = options.host
        let logger = self.logger
        let count = forms.specs.count
        let app = Application(
            router: router.makeRouter(),
            server: .http1(configuration: .init(idleTimeout: Self.timeAmount(options.headerTimeout))),
            configuration: .init(address: .hostname(host, port: options.port), serverName: nil),
            services: [WebhookDispatcher(store: store, logger: logger, keyring: options.keyring),
                       RetentionSweeper(forms: forms, removal: SubmissionRemoval(store: store, uploadsDirectory: options.uploads), logger: logger)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
                logger.notice("Collecting \(count) form(s) at \(url)submit/<form path>")
                ready(url)
            },
            logger: logger
        )
        // SIGINT/SIGTERM stop accepting and let requests in flight finish; after `shutdownGrace` the rest are cancelled
        // (their connections closed), so a slow upload cannot keep collect running.
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = options.shutdownGrace
        let postgres = store as? PostgresSubmissionStore
        do {
            try await ServiceGroup(configuration: group).run()
        } catch is CancellationError {
            // The grace period ran out and the requests still in flight were cancelled: a normal stop.
        } catch {
            await postgres?.close()
            throw error
        }
        await postgres?.close()
    }

    /// `duration` as NIO's `TimeAmount`.
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }
}
