/// Why `formgen collect` or `formgen export` cannot start.
public enum CollectError: Error, CustomStringConvertible, Equatable {
    case noSite(String)
    case badDatabase(String)
    case noForms(String)
    case databaseUnavailable(String, String)
    case badWebhook(String)

    public var description: String {
        switch self {
        case .noSite(let site): return "no built site at \(site)/ (run 'formgen build' first)"
        case .badDatabase(let url): return "unsupported --db '\(url)' (expected sqlite:FILE, a file path, or postgres://user:password@host:port/database)"
        case .noForms(let site): return "no form pages with an embedded spec in \(site)/"
        case .databaseUnavailable(let database, let reason): return "cannot open the database \(database): \(reason)"
        case .badWebhook(let value): return "--webhook expects FORM=http(s)://URL, found '\(value)'"
        }
    }
}
