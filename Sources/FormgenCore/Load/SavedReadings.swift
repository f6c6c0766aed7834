import Foundation
import FormgenRuntime

/// What a `formgen build` learnt from the config files it read, kept beside its output (`.public.formgen-readings`) so
/// that the next build reads and parses only the files that changed: for each plain form file, the facts every page but
/// the form's own shows of it (id, path, title, description, language) and what reading it said; for each form, what
/// checking it said and the key it was checked under.
///
/// A form taken from here is a summary with no fields: it may stand in a site only while none of its own files is
/// rendered again (the build checks that, and otherwise reads every file). Anything in doubt (no file, a damaged or older
/// one, another binary, other site settings) means every file is read.
struct SavedReadings: Sendable {
    /// One form file's summary, taken when it was read in full.
    struct Summary: Sendable, Equatable {
        var file: String
        /// The digest of the file's bytes (that of its text: files whose two differ are not summarized).
        var digest: String
        var id: String
        var path: String
        var title: String
        var description: String?
        var language: String
        var format: ConfigFormat
        var line: Int
        var column: Int
        /// Whether the form posts to `formgen collect` (it then has a "sent" page).
        var collect: Bool
        /// Where it may be embedded (`embed.origins`).
        var origins: [String]
        /// What reading the file said.
        var said: [Diagnostic]

        /// The form as far as pages other than its own need it.
        var form: Form {
            var form = Form(id: id, path: path, title: title, language: language, format: format,
                            at: SourceLocation(file: file, line: line, column: column))
            form.description = description
            if collect { form.submission.provider = .collect }
            form.embed = EmbedPolicy(origins: origins)
            return form
        }
    }

    /// The format of the file (``SavedRecord``); a file of another one (the JSON older binaries wrote) is read as no file.
    static let header = "formgen-readings 2\n"

    /// The binary that wrote the file (``BuildOptions/toolIdentity``).
    var tool: String
    /// The digest of the site settings the forms were read under.
    var settingsDigest: String
    var summaries: [String: Summary]
    /// What checking each form said, by the form's path, with the key it was checked under.
    var checks: [String: (key: String, diagnostics: [Diagnostic])]

    static func file(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).formgen-readings")
    }

    /// Whether a form read in full may be summarized: it is published in one language, fetches nothing, takes no
    /// options from a list and is no country's form (what loading does to it after reading then needs nothing of its fields).
    static func summarizes(_ form: Form) -> Bool {
        form.format != .kycCountry && form.languages.count <= 1 && form.alternates.isEmpty && form.dataSources.isEmpty
            && !form.containsField(where: { $0.optionsList != nil })
    }

    /// Whether forms of a site with these settings may be summarized at all: no remote sources, no per-form
    /// overrides, one language, no translation files.
    static func summarizes(_ site: Site) -> Bool {
        !site.settings.remote.declared && site.settings.formOverrides.isEmpty && site.settings.languages.count <= 1
            && !site.sourceDigests.keys.contains { ByteReplacement.contains("/i18n/", in: $0) }
    }

    /// The readings saved beside `output` by the binary `tool`; nil when there are none, or they are damaged, of
    /// another format or another binary's.
    static func load(for output: URL, tool: String) -> SavedReadings? {
        guard !tool.isEmpty, let data = FileManager.default.contents(atPath: file(for: output).path) else { return nil }
        return SavedReadings(data: data, tool: tool)
    }

    init(tool: String, settingsDigest: String, summaries: [String: Summary], checks: [String: (key: String, diagnostics: [Diagnostic])]) {
        self.tool = tool
        self.settingsDigest = settingsDigest
        self.summaries = summaries
        self.checks = checks
    }

    /// The readings `data` holds (``data``) if the binary `tool` wrote them; nil when they are not whole and well formed.
    init?(data: Data, tool: String) {
        let readings: SavedReadings?? = data.withUnsafeBytes { bytes in
            guard var reader = SavedRecord.Reader(bytes, header: Self.header) else { return nil }
            let readings = try? Self.read(&reader, tool: tool)
            return reader.isAtEnd ? readings : nil
        }
        guard let readings = readings ?? nil else { return nil }
        self = readings
    }

    /// The readings, or nil when another binary wrote them.
    private static func read(_ reader: inout SavedRecord.Reader, tool: String) throws -> SavedReadings? {
        guard try reader.text() == tool else { return nil }
        let settingsDigest = try reader.text()
        let formCount = try reader.count()
        var summaries: [String: Summary] = [:]
        summaries.reserveCapacity(formCount)
        for _ in 0..<formCount {
            let file = try reader.text(), digest = try reader.text(), id = try reader.text(), path = try reader.text()
            let title = try reader.text(), description = try reader.optionalText(), language = try reader.text()
            guard let format = ConfigFormat(rawValue: try reader.text()) else { throw SavedRecord.Reader.Damaged() }
            let line = try reader.number(), column = try reader.number(), collect = try reader.number()
            guard collect == 0 || collect == 1 else { throw SavedRecord.Reader.Damaged() }
            var origins: [String] = []
            for _ in 0..<(try reader.count()) { origins.append(try reader.text()) }
            summaries[file] = Summary(file: file, digest: digest, id: id, path: path, title: title, description: description,
                                      language: language, format: format, line: line, column: column, collect: collect == 1,
                                      origins: origins, said: try reader.diagnostics())
        }
        let checkCount = try reader.count()
        var checks: [String: (key: String, diagnostics: [Diagnostic])] = [:]
        checks.reserveCapacity(checkCount)
        for _ in 0..<checkCount {
            let path = try reader.text(), key = try reader.text()
            checks[path] = (key, try reader.diagnostics())
        }
        return SavedReadings(tool: tool, settingsDigest: settingsDigest, summaries: summaries, checks: checks)
    }

    /// Writes the readings beside the output (an old file is replaced; one that cannot be written only costs a full read).
    func save(for output: URL) {
        try? OutputWriter.writeFile(Self.file(for: output).path, data)
    }

    /// Removes the readings saved beside `output`, so that the next build reads every file.
    static func remove(for output: URL) {
        unlink(file(for: output).path)
    }

    /// The file's bytes (``SavedRecord``), files and checks sorted.
    var data: Data {
        var writer = SavedRecord.Writer(header: Self.header, capacity: summaries.count * 320 + checks.count * 80 + 256)
        writer.text(tool)
        writer.text(settingsDigest)
        writer.count(summaries.count)
        for summary in summaries.values.sorted(by: { $0.file < $1.file }) {
            for text in [summary.file, summary.digest, summary.id, summary.path, summary.title] { writer.text(text) }
            writer.optionalText(summary.description)
            writer.text(summary.language)
            writer.text(summary.format.rawValue)
            writer.number(summary.line)
            writer.number(summary.column)
            writer.number(summary.collect ? 1 : 0)
            writer.count(summary.origins.count)
            for origin in summary.origins { writer.text(origin) }
            writer.diagnostics(summary.said)
        }
        writer.count(checks.count)
        for (path, check) in checks.sorted(by: { $0.key < $1.key }) {
            writer.text(path)
            writer.text(check.key)
            writer.diagnostics(check.diagnostics)
        }
        return writer.finished()
    }
}
