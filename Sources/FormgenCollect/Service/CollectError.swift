/// Why `formgen collect` or `formgen export` cannot start.
public enum CollectError: Error, CustomStringConvertible, Equatable {
    case noSite(String)
    case badDatabase(String)
    case noForms(String)
    case databaseUnavailable(String, String)
    case badWebhook(String)
    /// A form's files (`field`: `files` × `maxSize` bytes) and other fields need `needed` bytes, over `maxBody`.
    case bodyLimitTooSmall(form: String, field: String, files: Int, maxSize: Int, needed: Int, maxBody: Int)

    public var description: String {
        switch self {
        case .noSite(let site): return "no built site at \(site)/ (run 'formgen build' first)"
        case .badDatabase(let url): return "unsupported --db '\(url)' (expected sqlite:FILE, a file path, or postgres://user:password@host:port/database)"
        case .noForms(let site): return "no form pages with an embedded spec in \(site)/"
        case .databaseUnavailable(let database, let reason): return "cannot open the database \(database): \(reason)"
        case .badWebhook(let value): return "--webhook expects FORM=http(s)://URL, found '\(value)'"
        case let .bodyLimitTooSmall(form, field, files, maxSize, needed, maxBody):
            let most = files == 1 ? "a file of up to \(maxSize) bytes" : "\(files) files of up to \(maxSize) bytes each"
            return "the form '\(form)' accepts \(most) in the field '\(field)', but --max-body is \(maxBody) bytes: those uploads "
                + "would be refused (413). Start collect with --max-body \(needed) or more (the form's files plus \(FileLimits.otherFields) "
                + "bytes for its other fields), or lower the field's maxSize"
        }
    }
}
