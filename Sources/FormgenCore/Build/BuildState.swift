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

    /// The format of the file (``SavedRecord``); a file of another one (the JSON older binaries wrote) is read as no file.
    static let header = "formgen-state 2\n"

    /// The state saved beside `output`, or nil when there is none or it cannot be read (an older or damaged file
    /// only costs a full build).
    static func load(for output: URL) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: file(for: output).path) else { return nil }
        return BuildState(data: data)
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

    /// The state `data` holds (``data``); nil when it is not whole and well formed.
    init?(data: Data) {
        let state: BuildState?? = data.withUnsafeBytes { bytes in
            guard var reader = SavedRecord.Reader(bytes, header: Self.header) else { return nil }
            let state = try? Self.read(&reader)
            return reader.isAtEnd ? state : nil
        }
        guard let state = state ?? nil else { return nil }
        self = state
    }

    private static func read(_ reader: inout SavedRecord.Reader) throws -> BuildState {
        func texts() throws -> [String: String]? {
            guard try reader.number() == 1 else { return nil }
            let count = try reader.count()
            var texts: [String: String] = [:]
            texts.reserveCapacity(count)
            for _ in 0..<count {
                let key = try reader.text()
                texts[key] = try reader.text()
            }
            return texts
        }
        let fingerprint = try reader.text(), pages = try reader.number(), files = try reader.number()
        let baseURL = try reader.optionalText()
        let remote = try reader.number()
        guard (0...2).contains(remote) else { throw SavedRecord.Reader.Damaged() }
        let warnings = try reader.diagnostics()
        // The paths, each with its output key when it has one (one text for both), then the keys of no path.
        var paths: [String]?
        var outputKeys: [String: String] = [:]
        if try reader.number() == 1 {
            let count = try reader.count()
            paths = []
            paths?.reserveCapacity(count)
            outputKeys.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.text()
                paths?.append(path)
                if let key = try reader.optionalText() { outputKeys[path] = key }
            }
        }
        for _ in 0..<(try reader.count()) {
            let path = try reader.text()
            outputKeys[path] = try reader.text()
        }
        let inputs = try texts(), formKeys = try texts()
        return BuildState(fingerprint: fingerprint, pages: pages, files: files, warnings: warnings, outputKeys: outputKeys,
                          baseURL: baseURL, usesRemote: remote == 0 ? nil : remote == 2, paths: paths, inputs: inputs, formKeys: formKeys)
    }

    /// Writes the state beside the output, as `load(for:)` reads it.
    func save(for output: URL) {
        try? OutputWriter.writeFile(BuildState.file(for: output).path, data)
    }

    /// The file's bytes (``SavedRecord``): maps in the order of their keys, so a state always writes the same bytes.
    var data: Data {
        var writer = SavedRecord.Writer(header: Self.header,
                                        capacity: outputKeys.count * 96 + (inputs?.count ?? 0) * 96 + (formKeys?.count ?? 0) * 48 + 256)
        func texts(_ members: [String: String]?) {
            guard let members else { return writer.number(0) }
            writer.number(1)
            writer.count(members.count)
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                writer.text(key)
                writer.text(value)
            }
        }
        writer.text(fingerprint)
        writer.number(pages)
        writer.number(files)
        writer.optionalText(baseURL)
        writer.number(usesRemote.map { $0 ? 2 : 1 } ?? 0)
        writer.diagnostics(warnings)
        var unlisted = outputKeys
        if let paths {
            writer.number(1)
            writer.count(paths.count)
            for path in paths {
                writer.text(path)
                writer.optionalText(unlisted.removeValue(forKey: path))
            }
        } else {
            writer.number(0)
        }
        writer.count(unlisted.count)
        for (path, key) in unlisted.sorted(by: { $0.key < $1.key }) {
            writer.text(path)
            writer.text(key)
        }
        texts(inputs)
        texts(formKeys)
        return writer.finished()
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
