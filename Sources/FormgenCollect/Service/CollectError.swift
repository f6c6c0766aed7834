/// Why `formgen collect` or `formgen export` cannot start.
public enum CollectError: Error, CustomStringConvertible, Equatable {
    case noSite(String)
    case badDatabase(String)
    case noForms(String)
    case databaseUnavailable(String, String)
    case badWebhook(String)
    /// A form's files (`field`: `files` × `maxSize` bytes) and other fields need `needed` bytes, over `maxBody`.
    case bodyLimitTooSmall(form: String, field: String, files: Int, maxSize: Int, needed: Int, maxBody: Int)
    /// A users file that cannot be read.
    case badUsers(String)
    /// A key that cannot be read or used.
    case badKey(String)
    /// Forms with sensitive fields (`form`: its fields) and no key to seal them with.
    case noKey([String: [String]])
    /// A stored row sealed with a key that is not given (or none given).
    case sealed(row: Int64, keyID: String, haveKey: Bool)
    /// The uploads folder's leases cannot be taken or checked.
    case uploads(String)

    public var description: String {
        switch self {
        case .noSite(let site): return "no built site at \(site)/ (run 'formgen build' first)"
        case .badDatabase(let url): return "unsupported --db '\(url)' (expected sqlite:FILE, a file path, or postgres://user:password@host:port/database)"
        case .noForms(let site): return "no form pages with an embedded spec in \(site)/"
        case .databaseUnavailable(let database, let reason): return "cannot open the database \(database): \(reason)"
        case .badWebhook(let value): return "--webhook expects FORM=http(s)://URL, found '\(value)'"
        case .badKey(let reason): return "bad key: \(reason)"
        case .badUsers(let reason): return "bad users file: \(reason)"
        case .uploads(let reason): return "uploads folder: \(reason)"
        case .noKey(let forms):
            let list = forms.keys.sorted().map { "\($0) (\((forms[$0] ?? []).joined(separator: ", ")))" }.joined(separator: "; ")
            return "these forms have sensitive fields, which collect stores encrypted: \(list). Give the key in FORMGEN_KEY or "
                + "--key-file FILE (32 bytes in base64, made with `openssl rand -base64 32`; keep it apart from the database)"
        case let .sealed(row, keyID, haveKey):
            return haveKey
                ? "submission \(row) is encrypted with the key \(keyID), which is not among the keys given (add it after the current one)"
                : "submission \(row) has encrypted fields (key \(keyID)): give the key in FORMGEN_KEY or --key-file FILE"
        case let .bodyLimitTooSmall(form, field, files, maxSize, needed, maxBody):
            let most = files == 1 ? "a file of up to \(maxSize) bytes" : "\(files) files of up to \(maxSize) bytes each"
            return "the form '\(form)' accepts \(most) in the field '\(field)', but --max-body is \(maxBody) bytes: those uploads "
                + "would be refused (413). Start collect with --max-body \(needed) or more (the form's files plus \(FileLimits.otherFields) "
                + "bytes for its other fields), or lower the field's maxSize"
        }
    }
}
