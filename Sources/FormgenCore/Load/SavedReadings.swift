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

    /// The format of the file; another number is read as no file.
    static let version = 1

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
        var parser = JSONParser(data, maximumDepth: 8)
        guard let root = try? parser.parse() else { return nil }
        return SavedReadings(json: root, tool: tool)
    }

    init(tool: String, settingsDigest: String, summaries: [String: Summary], checks: [String: (key: String, diagnostics: [Diagnostic])]) {
        self.tool = tool
        self.settingsDigest = settingsDigest
        self.summaries = summaries
        self.checks = checks
    }

    private init?(json root: JSONValue, tool: String) {
        let text = SavedJSON.text, count = SavedJSON.count
        func diagnostics(_ value: JSONValue?) -> [Diagnostic]? {
            guard case .array(let items)? = value else { return nil }
            var diagnostics: [Diagnostic] = []
            for item in items {
                guard case .array(let parts) = item, parts.count == 5, let severity = text(parts[0]).flatMap(Diagnostic.Severity.init),
                      let file = text(parts[1]), let line = count(parts[2]), let column = count(parts[3]), let message = text(parts[4])
                else { return nil }
                diagnostics.append(Diagnostic(severity, at: SourceLocation(file: file, line: line, column: column), message))
            }
            return diagnostics
        }
        guard case .object(let members) = root, count(members["version"]) == Self.version, text(members["tool"]) == tool,
              let settingsDigest = text(members["settings"]), case .array(let forms)? = members["forms"],
              case .array(let checkList)? = members["checks"] else { return nil }
        var summaries: [String: Summary] = [:]
        summaries.reserveCapacity(forms.count)
        for item in forms {
            guard case .object(let form) = item, let file = text(form["file"]), let digest = text(form["digest"]),
                  let id = text(form["id"]), let path = text(form["path"]), let title = text(form["title"]),
                  let language = text(form["language"]), let format = text(form["format"]).flatMap(ConfigFormat.init),
                  let line = count(form["line"]), let column = count(form["column"]), case .bool(let collect)? = form["collect"],
                  case .array(let originList)? = form["origins"], let said = diagnostics(form["said"]) else { return nil }
            var description: String?
            switch form["description"] {
            case .string(let text)?: description = text
            case .null?: description = nil
            default: return nil
            }
            let origins = originList.compactMap { text($0) }
            guard origins.count == originList.count else { return nil }
            summaries[file] = Summary(file: file, digest: digest, id: id, path: path, title: title, description: description,
                                      language: language, format: format, line: line, column: column, collect: collect,
                                      origins: origins, said: said)
        }
        var checks: [String: (key: String, diagnostics: [Diagnostic])] = [:]
        checks.reserveCapacity(checkList.count)
        for item in checkList {
            guard case .array(let parts) = item, parts.count == 3, let path = text(parts[0]), let key = text(parts[1]),
                  let said = diagnostics(parts[2]) else { return nil }
            checks[path] = (key, said)
        }
        self.init(tool: tool, settingsDigest: settingsDigest, summaries: summaries, checks: checks)
    }

    /// Writes the readings beside the output (an old file is replaced; one that cannot be written only costs a full read).
    func save(for output: URL) {
        try? OutputWriter.writeFile(Self.file(for: output).path, Data(json.utf8))
    }

    /// Removes the readings saved beside `output`, so that the next build reads every file.
    static func remove(for output: URL) {
        unlink(file(for: output).path)
    }

    /// The readings as JSON (files and checks sorted).
    var json: String {
        var text = ""
        text.reserveCapacity(summaries.count * 400 + checks.count * 80 + 256)
        func quote(_ value: String) { SavedJSON.appendQuoted(value, to: &text) }
        func list(_ diagnostics: [Diagnostic]) {
            text += "["
            for (index, diagnostic) in diagnostics.enumerated() {
                if index > 0 { text += "," }
                text += "["
                quote(diagnostic.severity.rawValue)
                text += ","
                quote(diagnostic.location.file)
                text += ",\(diagnostic.location.line),\(diagnostic.location.column),"
                quote(diagnostic.message)
                text += "]"
            }
            text += "]"
        }
        text += "{\"version\":\(Self.version),\"tool\":"
        quote(tool)
        text += ",\"settings\":"
        quote(settingsDigest)
        text += ",\"forms\":["
        for (index, summary) in summaries.values.sorted(by: { $0.file < $1.file }).enumerated() {
            if index > 0 { text += ",\n" }
            text += "{\"file\":"
            quote(summary.file)
            text += ",\"digest\":"
            quote(summary.digest)
            text += ",\"id\":"
            quote(summary.id)
            text += ",\"path\":"
            quote(summary.path)
            text += ",\"title\":"
            quote(summary.title)
            text += ",\"description\":"
            if let description = summary.description { quote(description) } else { text += "null" }
            text += ",\"language\":"
            quote(summary.language)
            text += ",\"format\":"
            quote(summary.format.rawValue)
            text += ",\"line\":\(summary.line),\"column\":\(summary.column),\"collect\":\(summary.collect),\"origins\":["
            for (position, origin) in summary.origins.enumerated() {
                if position > 0 { text += "," }
                quote(origin)
            }
            text += "],\"said\":"
            list(summary.said)
            text += "}"
        }
        text += "],\n\"checks\":["
        for (index, entry) in checks.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { text += ",\n" }
            text += "["
            quote(entry.key)
            text += ","
            quote(entry.value.key)
            text += ","
            list(entry.value.diagnostics)
            text += "]"
        }
        text += "]}\n"
        return text
    }
}
