import Foundation

/// What the loader made of config files it read before, by file, and what checking each form said: kept by `formgen serve` between builds so a
/// save re-reads (parses and maps to the model) only the files whose text changed. An entry counts only when
/// the file's text and the site settings' text are the ones it was read with; its diagnostics are replayed.
public final class ConfigCache: @unchecked Sendable {
    /// One file's reading: what it became and what was said about it.
    struct Entry {
        /// The digest of the file's text and of the settings' text it was read with.
        var key: String
        /// The digest of the file's text (nil when it could not be read).
        var digest: String?
        var reading: ConfigReading
        var diagnostics: [Diagnostic]
    }

    private var entries: [String: Entry] = [:]
    /// What checking each form said, by the form's path, with the key of what it was checked from.
    private var checks: [String: (key: String, diagnostics: [Diagnostic])] = [:]
    private let lock = NSLock()
    /// How many files were read (not taken from the cache) since the cache was made.
    public private(set) var filesRead = 0
    /// The files that changed since the last load (as `SiteSource` names them), when a watcher said so; nil: any may have.
    private var changedFiles: Set<String>?

    public init() {}

    /// Tells the next load which config files changed since the last one (`formgen serve`'s watcher knows):
    /// the others are taken from the cache without being read again. Nil (the default) reads every file.
    public func expectChanges(in files: Set<String>?) {
        lock.lock()
        changedFiles = files
        lock.unlock()
    }

    /// The files of `files` the last `expectChanges` did not name (none when it named no set); consumes the set.
    func unchangedFiles(among files: [String]) -> Set<String> {
        lock.lock()
        defer { changedFiles = nil; lock.unlock() }
        guard let changed = changedFiles else { return [] }
        return Set(files).subtracting(changed)
    }

    /// A file's reading when it was read under settings of this digest, whatever its text was.
    func entry(for file: String, settingsDigest: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[file], entry.digest != nil, entry.key.hasSuffix("|" + settingsDigest) else { return nil }
        return entry
    }

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

    /// What checking the form at `path` said, when it was checked from inputs with this key.
    func checked(_ path: String, key: String) -> [Diagnostic]? {
        lock.lock()
        defer { lock.unlock() }
        guard let check = checks[path], check.key == key else { return nil }
        return check.diagnostics
    }

    func keepChecked(_ diagnostics: [Diagnostic], for path: String, key: String) {
        lock.lock()
        checks[path] = (key, diagnostics)
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
