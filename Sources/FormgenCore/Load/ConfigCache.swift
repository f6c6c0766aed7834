import Foundation

/// What the loader made of config files it read before, by file: kept by `formgen serve` between builds so a
/// save re-reads (parses and maps to the model) only the files whose text changed. An entry counts only when
/// the file's text and the site settings' text are the ones it was read with; its diagnostics are replayed.
public final class ConfigCache: @unchecked Sendable {
    /// One file's reading: what it became and what was said about it.
    struct Entry {
        var key: String
        var reading: ConfigReading
        var diagnostics: [Diagnostic]
    }

    private var entries: [String: Entry] = [:]
    private let lock = NSLock()
    /// How many files were read (not taken from the cache) since the cache was made.
    public private(set) var filesRead = 0

    public init() {}

    func entry(for file: String, key: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[file], entry.key == key else { return nil }
        return entry
    }

    func store(_ entry: Entry, for file: String) {
        lock.lock()
        entries[file] = entry
        filesRead += 1
        lock.unlock()
    }

    /// Forgets the files that are no longer in the site.
    func keep(only files: Set<String>) {
        lock.lock()
        entries = entries.filter { files.contains($0.key) }
        lock.unlock()
    }
}

/// What one config file under `forms/` or `countries/` was read as.
enum ConfigReading {
    case form(Form)
    case country(CountryConfig)
    case flow(FlowDefinition)
    /// Nothing: the file could not be read, parsed, or told apart (its diagnostics say why).
    case nothing
}
