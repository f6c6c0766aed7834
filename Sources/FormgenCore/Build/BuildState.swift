import Foundation

/// What the last successful build saw and wrote, kept beside the output (`.public.formgen-state`)
/// so that a build whose inputs have not changed since can skip all work.
public struct BuildState: Codable, Equatable, Sendable {
    var fingerprint: String
    var pages: Int
    var files: Int
    var warnings: [Diagnostic]
    /// The cache key of each file written (see `SiteOutput.cacheKey`), by path.
    var outputKeys: [String: String]
    /// The cache key of each form's page, by the form's path (its outputs' `owner`): the forms a build that said
    /// nothing vouches for (``SiteBuilder/passedChecks(after:)``).
    var formKeys: [String: String]?
    /// The base URL the site was built for.
    var baseURL: String?
    /// Whether the site fetches remote sources: then no build is skipped as up to date, since what a
    /// server answers is no file the fingerprint sees (the cache and `maxAge` keep such builds cheap).
    public internal(set) var usesRemote: Bool?
    /// Every file the build wrote (copies included), sorted: what an in-place build removes when it is no longer built.
    var paths: [String]?
    /// Every input file the fingerprint read, with its stamp and digest (``FileDigests/record(of:)``): the next
    /// build reads again only the files whose stamp moved.
    var inputs: [String: String]?

    static func file(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).formgen-state")
    }

    /// The state saved beside `output`, or nil when there is none or it cannot be read (an older or damaged file
    /// only costs a full build). Read with the single-pass `JSONParser`: Foundation's decoder took longer than
    /// the rest of a small rebuild.
    static func load(for output: URL) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: file(for: output).path) else { return nil }
        var parser = JSONParser(data, maximumDepth: 8)
        guard let root = try? parser.parse() else { return nil }
        return BuildState(json: root)
    }

    init(fingerprint: String, pages: Int, files: Int, warnings: [Diagnostic], outputKeys: [String: String], baseURL: String? = nil,
         usesRemote: Bool? = nil, paths: [String]? = nil, inputs: [String: String]? = nil, formKeys: [String: String]? = nil) {
        self.fingerprint = fingerprint
        self.pages = pages
        self.files = files
        self.warnings = warnings
        self.outputKeys = outputKeys
        self.baseURL = baseURL
        self.usesRemote = usesRemote
        self.paths = paths
        self.inputs = inputs
        self.formKeys = formKeys
    }

    /// The state `json` describes; nil when a required member is missing or of another type.
    private init?(json root: JSONValue) {
        let text = SavedJSON.text, count = SavedJSON.count
        func texts(_ value: JSONValue?) -> [String: String]? {
            guard case .object(let members)? = value else { return nil }
            var texts: [String: String] = [:]
            texts.reserveCapacity(members.count)
            for (key, member) in members {
                guard let text = text(member) else { return nil }
                texts[key] = text
            }
            return texts
        }
        guard case .object(let members) = root, let fingerprint = text(members["fingerprint"]),
              let pages = count(members["pages"]), let files = count(members["files"]),
              let outputKeys = texts(members["outputKeys"]), case .array(let warningList)? = members["warnings"] else { return nil }
        var warnings: [Diagnostic] = []
        for item in warningList {
            guard case .object(let warning) = item, case .object(let location)? = warning["location"],
                  let file = text(location["file"]), let line = count(location["line"]), let column = count(location["column"]),
                  let message = text(warning["message"]), let severity = text(warning["severity"]).flatMap(Diagnostic.Severity.init)
            else { return nil }
            warnings.append(Diagnostic(severity, at: SourceLocation(file: file, line: line, column: column), message))
        }
        var paths: [String]?
        if case .array(let items)? = members["paths"] {
            paths = []
            for item in items {
                guard let path = text(item) else { return nil }
                paths?.append(path)
            }
        }
        var usesRemote: Bool?
        if case .bool(let flag)? = members["usesRemote"] { usesRemote = flag }
        self.init(fingerprint: fingerprint, pages: pages, files: files, warnings: warnings, outputKeys: outputKeys,
                  baseURL: text(members["baseURL"]), usesRemote: usesRemote, paths: paths, inputs: texts(members["inputs"]),
                  formKeys: texts(members["formKeys"]))
    }

    /// Writes the state beside the output, as the JSON `load(for:)` reads (written by hand: `formgen serve` saves it
    /// after every save of a config, and Foundation's encoder takes longer than the rest of such a rebuild).
    func save(for output: URL) {
        try? OutputWriter.writeFile(BuildState.file(for: output).path, Data(json.utf8))
    }

    /// The state as JSON, keys sorted.
    var json: String {
        var text = ""
        text.reserveCapacity(outputKeys.count * 96 + (paths?.count ?? 0) * 48 + warnings.count * 160 + 256)
        func quote(_ value: String) { SavedJSON.appendQuoted(value, to: &text) }
        func object(_ members: [String: String]) {
            text += "{"
            for (index, entry) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { text += "," }
                quote(entry.key)
                text += ":"
                quote(entry.value)
            }
            text += "}"
        }
        text += "{\"baseURL\":"
        if let baseURL { quote(baseURL) } else { text += "null" }
        text += ",\"files\":\(files),\"fingerprint\":"
        quote(fingerprint)
        if let formKeys {
            text += ",\"formKeys\":"
            object(formKeys)
        }
        if let inputs {
            text += ",\"inputs\":"
            object(inputs)
        }
        text += ",\"outputKeys\":"
        if let paths, paths.count >= outputKeys.count, paths.lazy.filter({ outputKeys[$0] != nil }).count == outputKeys.count {
            // Every key is a path, and the paths are sorted: no second sort.
            text += "{"
            var first = true
            for path in paths {
                guard let key = outputKeys[path] else { continue }
                if !first { text += "," }
                first = false
                quote(path)
                text += ":"
                quote(key)
            }
            text += "}"
        } else {
            object(outputKeys)
        }
        text += ",\"pages\":\(pages),\"paths\":"
        if let paths {
            text += "["
            for (index, path) in paths.enumerated() {
                if index > 0 { text += "," }
                quote(path)
            }
            text += "]"
        } else {
            text += "null"
        }
        text += ",\"usesRemote\":" + (usesRemote.map { $0 ? "true" : "false" } ?? "null")
        text += ",\"warnings\":["
        for (index, warning) in warnings.enumerated() {
            if index > 0 { text += "," }
            text += "{\"location\":{\"column\":\(warning.location.column),\"file\":"
            quote(warning.location.file)
            text += ",\"line\":\(warning.location.line)},\"message\":"
            quote(warning.message)
            text += ",\"severity\":"
            quote(warning.severity.rawValue)
            text += "}"
        }
        text += "]}"
        return text
    }

    /// A digest of everything a build reads: the binary, the options, and every file under the
    /// config folder, the site's templates and the built-in templates (paths and the digests of their bytes);
    /// and the record of each file read (``FileDigests/record(of:)``, by path), for the next build to start from.
    /// `configEntries` is the config folder's walk when the caller made it (to share it with loading).
    static func fingerprint(options: BuildOptions, builtinTemplates: URL, digests: FileDigests,
                            configEntries: [FolderWalk.Entry]? = nil) -> (digest: String, inputs: [String: String]) {
        var inputs: [String: String] = [:]
        var hasher = FNV1a()
        hasher.add(options.toolIdentity)
        hasher.add("\(options.configDirectory)|\(options.templatesDirectory ?? "")|\(options.baseURL ?? "")|\(options.outputDirectory)|\(options.strict)|\(options.strictI18n)")
        if let preview = options.preview { hasher.add("preview|\(preview.sinkPrefix)|\(preview.scriptSource)") }
        let roots: [String] = [options.configDirectory, options.templatesDirectory ?? "", builtinTemplates.path].filter { !$0.isEmpty }
        var files: [(named: String, path: String)] = []
        for root in roots {
            let entries = root == options.configDirectory ? configEntries ?? FolderWalk.entries(under: root) : FolderWalk.entries(under: root)
            // Each path as `appendingPathComponent` joins it (the loader's paths), its folder part joined once.
            let base = String((root as NSString).appendingPathComponent("_").dropLast())
            let named = root + "/"
            for entry in entries where entry.kind != .folder {
                files.append((named + entry.path, base + entry.path))
            }
        }
        // The files are read and digested on every core, then added to the digest in their order.
        let records = ResultSlots<(digest: String, record: String)>(count: files.count), paths = files.map(\.path)
        FileSystemWork.run(paths.count, jobs: options.jobs) { index in
            if let record = digests.record(of: paths[index]) { records[index] = record }
        }
        for (index, file) in files.enumerated() {
            let record = records[index]
            hasher.add(file.named)
            hasher.add(record?.digest ?? "missing")
            inputs[file.path] = record?.record
        }
        return (hasher.hex, inputs)
    }
}
