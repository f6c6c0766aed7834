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
