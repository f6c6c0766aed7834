/// Why `formgen collect` or `formgen export` cannot start.
public enum CollectError: Error, CustomStringConvertible, Equatable {
    case noSite(String)
    case badDatabase(String)
    case noForms(String)

    public var description: String {
        switch self {
        case .noSite(let site): return "no built site at \(site)/ (run 'formgen build' first)"
        case .badDatabase(let url): return "unsupported --db '\(url)' (expected sqlite:FILE or a file path)"
        case .noForms(let site): return "no form pages with an embedded spec in \(site)/"
        }
    }
}
