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
    /// A site's templates folder, whose `layouts/answer.mustache` (and stylesheet, i18n tables) override the built-in
    /// theme's for the page a form posted without JavaScript gets; nil: the built-in theme.
    public var templatesDirectory: String?
    /// The keys sensitive values are sealed with (`FORMGEN_KEY` or `--key-file`); nil: none given, and collect refuses
    /// to start when a form has sensitive fields.
    public var keyring: SubmissionKeyring?
    /// The admin view's users and settings (`--users FILE`); nil: no admin view.
    public var admin: AdminOptions?

    /// `--db` when none is given: `submissions/` in the working directory, a folder collect creates with a `.gitignore`
    /// of its own, so the database and `uploads/` beside it stay out of git.
    public static let defaultDatabase = "sqlite:submissions/submissions.db"
    /// The default of earlier versions (the working directory itself), still used while that file exists and the new
    /// one does not.
    public static let formerDefaultDatabase = "sqlite:submissions.db"

    /// The database when `--db` is not given, with a note when it is the former default's file.
    public static func databaseByDefault() -> (database: String, note: String?) {
        let files = FileManager.default
        let current = String(defaultDatabase.dropFirst("sqlite:".count)), former = String(formerDefaultDatabase.dropFirst("sqlite:".count))
        guard !files.fileExists(atPath: current), files.fileExists(atPath: former) else { return (defaultDatabase, nil) }
        return (formerDefaultDatabase, "using \(former) in the working directory (the default of earlier versions); stop collect and move it "
            + "and uploads/ into submissions/ (the default now, kept out of git), or pass --db sqlite:\(former)")
    }

    /// The SQLite file `database` names; nil for PostgreSQL.
    public var sqliteFile: String? {
        guard !database.contains("://") else { return nil }
        return database.hasPrefix("sqlite:") ? String(database.dropFirst("sqlite:".count)) : database
    }

    /// `uploadsDirectory`, or its default for `database`.
    public var uploads: String {
        if let uploadsDirectory { return uploadsDirectory }
        guard let file = sqliteFile else { return "uploads" }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? "uploads" : (folder as NSString).appendingPathComponent("uploads")
    }

    public init(site: String, database: String) {
        self.site = site
        self.database = database
    }
}
