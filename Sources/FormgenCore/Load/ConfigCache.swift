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
    /// How a file's current bytes are told from those an entry was read from without reading the file again (by its
    /// inode, size and change time); nil: every file is read again, and an entry counts only for the same text.
    private let stamps: FileDigests?
    /// The readings the last build saved (``SavedReadings``), and the digests that tell which files are unchanged since:
    /// the records this build's fingerprint made (``FileDigests/record(of:)``, by path), else `digests`.
    private var saved: (readings: SavedReadings, digests: FileDigests, current: [String: String])?
    /// The files a load took from `saved` as summaries, without reading them.
    private(set) var summarizedFiles: Set<String> = []
    /// The digest of the site settings of the last load.
    private(set) var settingsDigest: String?

    /// A cache that takes a file's entry without reading the file when `stamps` (kept across builds, as `formgen serve`
    /// keeps its digests) say the file's bytes are still those the entry was read from; without it every file is
    /// read again. What a folder watcher reported is never trusted for this: a watcher can miss changes (an overflowed
    /// event queue, a folder moved in place of another).
    public init(stamps: FileDigests? = nil) {
        self.stamps = stamps
    }

    /// Offers a build's saved readings: the next load takes a file whose bytes still have the saved digest (as `digests`
    /// tells) from them, as a summary, and checks are replayed from them.
    func offer(_ readings: SavedReadings, digests: FileDigests, current: [String: String] = [:]) {
        lock.lock()
        saved = (readings, digests, current)
        for (path, check) in readings.checks where checks[path] == nil { checks[path] = check }
        lock.unlock()
    }

    /// The saved summaries under these settings, to take files from on any thread (``SavedSummaries/entry(of:)``) and
    /// keep at once (``keep(_:)``): nil when no readings were offered or they were read under other settings.
    func savedSummaries(settingsDigest: String) -> SavedSummaries? {
        lock.lock()
        let saved = saved
        lock.unlock()
        guard let saved, saved.readings.settingsDigest == settingsDigest else { return nil }
        return SavedSummaries(readings: saved.readings, digests: saved.digests, current: saved.current, settingsDigest: settingsDigest)
    }

    /// Keeps the entries a load took from saved summaries, by file, as read (all at once: a thousand files take one lock).
    func keep(_ summarized: [(file: String, entry: Entry)]) {
        guard !summarized.isEmpty else { return }
        lock.lock()
        entries.reserveCapacity(entries.count + summarized.count)
        summarizedFiles.reserveCapacity(summarizedFiles.count + summarized.count)
        for (file, entry) in summarized {
            entries[file] = entry
            summarizedFiles.insert(file)
        }
        lock.unlock()
    }

    /// A build's saved summaries, read without the cache's lock.
    struct SavedSummaries: @unchecked Sendable {
        let readings: SavedReadings
        let digests: FileDigests
        let current: [String: String]
        let settingsDigest: String

        /// The saved summary of `file` as a cache entry, when the file's bytes are those it was read with.
        func entry(of file: String) -> Entry? {
            guard let summary = readings.summaries[file] else { return nil }
            let digest = current[file].map(ConfigCache.digest(inRecord:)) ?? digests.record(of: file)?.digest
            guard digest == summary.digest else { return nil }
            return Entry(key: summary.digest + "|" + settingsDigest, digest: summary.digest, reading: .form(summary.form),
                         diagnostics: summary.said)
        }
    }

    /// The digest a ``FileDigests/record(of:)`` record ends with.
    static func digest(inRecord record: String) -> String {
        guard let colon = record.utf8.lastIndex(of: UInt8(ascii: ":")) else { return "" }
        return String(record[record.utf8.index(after: colon)...])
    }

    /// Forgets the saved readings and every entry taken from them, so that the next load reads every file.
    func dropSummaries() {
        lock.lock()
        saved = nil
        for file in summarizedFiles { entries[file] = nil }
        summarizedFiles = []
        lock.unlock()
    }

    /// Notes the digest of the settings a load reads files under.
    func noteSettings(_ digest: String) {
        lock.lock()
        settingsDigest = digest
        lock.unlock()
    }

    /// What to save for the next build of `site`: a summary of each plain form file read (or summarized) under the
    /// current settings whose text is its bytes, and every check; the summaries are left out when the site's
    /// settings allow none (``SavedReadings/summarizes(_:)``).
    func readings(of site: Site, tool: String, digests: FileDigests) -> SavedReadings? {
        lock.lock()
        defer { lock.unlock() }
        guard let settingsDigest else { return nil }
        var summaries: [String: SavedReadings.Summary] = [:]
        if SavedReadings.summarizes(site) {
            let savedSummaries = saved?.readings.summaries ?? [:]
            for (file, entry) in entries where entry.key == (entry.digest ?? "") + "|" + settingsDigest {
                if summarizedFiles.contains(file), let summary = savedSummaries[file] {
                    summaries[file] = summary
                    continue
                }
                guard case .form(let form) = entry.reading, form.location.file == file, SavedReadings.summarizes(form), let digest = entry.digest,
                      digests.record(of: file)?.digest == digest else { continue }
                summaries[file] = SavedReadings.Summary(
                    file: file, digest: digest, id: form.id, path: form.path, title: form.title, description: form.description,
                    language: form.language, format: form.format, line: form.location.line, column: form.location.column,
                    collect: form.submission.provider == .collect, origins: form.embed.origins, said: entry.diagnostics)
            }
        }
        return SavedReadings(tool: tool, settingsDigest: settingsDigest, summaries: summaries, checks: checks)
    }

    /// A file's reading under settings of this digest, when the cache's stamps say the file's bytes are still those
    /// it was read from (the file is read only if its stamp moved); nil without stamps.
    func unchangedEntry(for file: String, settingsDigest: String) -> Entry? {
        guard let stamps else { return nil }
        lock.lock()
        let entry = entries[file]
        lock.unlock()
        guard let entry, let digest = entry.digest, entry.key == digest + "|" + settingsDigest,
              stamps.record(of: file)?.digest == digest else { return nil }
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
