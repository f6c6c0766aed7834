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
    /// The base URL the site was built for.
    var baseURL: String?
    /// Whether the site fetches remote sources: then no build is skipped as up to date, since what a
    /// server answers is no file the fingerprint sees (the cache and `maxAge` keep such builds cheap).
    public internal(set) var usesRemote: Bool?
    /// Every file the build wrote (copies included), sorted: what an in-place build removes when it is no longer built.
    var paths: [String]?

    static func file(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).formgen-state")
    }

    static func load(for output: URL) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: file(for: output).path) else { return nil }
        return try? JSONDecoder().decode(BuildState.self, from: data)
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
        func quote(_ value: String) {
            if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
                text += "\""
                text += value
                text += "\""
            } else {
                text += JSONValue.quoted(value)
            }
        }
        text += "{\"baseURL\":"
        if let baseURL { quote(baseURL) } else { text += "null" }
        text += ",\"files\":\(files),\"fingerprint\":"
        quote(fingerprint)
        text += ",\"outputKeys\":{"
        for (index, entry) in outputKeys.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { text += "," }
            quote(entry.key)
            text += ":"
            quote(entry.value)
        }
        text += "},\"pages\":\(pages),\"paths\":"
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
    /// config folder, the site's templates and the built-in templates (paths and the digests of their bytes).
    static func fingerprint(options: BuildOptions, builtinTemplates: URL) -> String {
        var hasher = FNV1a()
        hasher.add(options.toolIdentity)
        hasher.add("\(options.configDirectory)|\(options.templatesDirectory ?? "")|\(options.baseURL ?? "")|\(options.outputDirectory)|\(options.strict)|\(options.strictI18n)")
        let roots: [String] = [options.configDirectory, options.templatesDirectory ?? "", builtinTemplates.path].filter { !$0.isEmpty }
        for root in roots {
            var files: [String] = []
            SiteSource.walk(root, prefix: "", into: &files)
            for relative in files.sorted() {
                let path = (root as NSString).appendingPathComponent(relative)
                hasher.add("\(root)/\(relative)")
                hasher.add(FileDigests.shared.digest(of: path))
            }
        }
        return hasher.hex
    }
}
