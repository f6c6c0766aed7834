import Foundation

/// How `formgen collect` runs.
public struct CollectOptions: Sendable {
    /// The built site whose pages hold the forms' specs.
    public var site: String
    /// `sqlite:FILE` (or a plain path) or `postgres://user:password@host:port/database`.
    public var database: String
    public var host = "127.0.0.1"
    public var port = 8090
    /// Origins allowed to post from a browser (`https://example.org`); empty allows no cross-origin requests.
    public var origins: [String] = []
    /// Largest accepted body; larger ones get 413.
    public var maxBodyBytes = 1 << 20
    /// Per-IP rate limit: sustained submissions per second and burst.
    public var ratePerSecond = 20.0
    public var rateBurst = 40
    /// How long a connection may stay silent: a request's head must arrive within this of the connection opening (or of
    /// the last answer on it), and a body may pause at most this long between reads; then the connection is closed.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a request's whole body may take to arrive; a body still arriving after it is answered 408 and its
    /// connection closed.
    public var bodyTimeout: Duration = .seconds(30)
    /// After SIGINT/SIGTERM, how long requests in flight may take to finish before their connections are closed.
    public var shutdownGrace: Duration = .seconds(2)
    /// Form path → webhook URLs notified of each stored submission (through the outbox).
    public var webhooks: [String: [String]] = [:]
    /// Where files of multipart submissions are kept (`<sha256>`); nil: `uploads/` beside the SQLite file, or in the
    /// working directory with PostgreSQL.
    public var uploadsDirectory: String?

    /// `uploadsDirectory`, or its default for `database`.
    public var uploads: String {
        if let uploadsDirectory { return uploadsDirectory }
        guard !database.contains("://") else { return "uploads" }
        let file = database.hasPrefix("sqlite:") ? String(database.dropFirst("sqlite:".count)) : database
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? "uploads" : (folder as NSString).appendingPathComponent("uploads")
    }

    public init(site: String, database: String) {
        self.site = site
        self.database = database
    }
}
