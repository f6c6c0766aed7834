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
        let quoted = JSONValue.quoted
        var text = "{\"baseURL\":" + (baseURL.map(quoted) ?? "null")
        text += ",\"files\":\(files),\"fingerprint\":" + quoted(fingerprint)
        text += ",\"outputKeys\":{" + outputKeys.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + quoted($0.value) }.joined(separator: ",") + "}"
        text += ",\"pages\":\(pages),\"paths\":" + (paths.map { "[" + $0.map(quoted).joined(separator: ",") + "]" } ?? "null")
        text += ",\"usesRemote\":" + (usesRemote.map { $0 ? "true" : "false" } ?? "null")
        text += ",\"warnings\":[" + warnings.map { warning in
            "{\"location\":{\"column\":\(warning.location.column),\"file\":" + quoted(warning.location.file) + ",\"line\":\(warning.location.line)}"
                + ",\"message\":" + quoted(warning.message) + ",\"severity\":" + quoted(warning.severity.rawValue) + "}"
        }.joined(separator: ",") + "]}"
        return text
    }

    /// A digest of everything a build reads: the binary, the options, and every file under the
    /// config folder, the site's templates and the built-in templates (paths, sizes and bytes).
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
                hasher.add(FileManager.default.contents(atPath: path) ?? Data())
            }
        }
        return hasher.hex
    }
}
