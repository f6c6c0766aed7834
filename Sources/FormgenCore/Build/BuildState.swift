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

    func save(for output: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if let data = try? encoder.encode(self) { try? OutputWriter.writeFile(BuildState.file(for: output).path, data) }
    }


    /// A digest of everything a build reads: the binary, the options, and every file under the
    /// config folder, the site's templates and the built-in templates (paths, sizes and bytes).
    static func fingerprint(options: BuildOptions, builtinTemplates: URL) -> String {
        var hasher = FNV1a()
        hasher.add(options.toolIdentity)
        hasher.add("\(options.configDirectory)|\(options.templatesDirectory ?? "")|\(options.baseURL ?? "")|\(options.outputDirectory)|\(options.strict)|\(options.strictI18n)")
        let roots: [String] = [options.configDirectory, options.templatesDirectory ?? "", builtinTemplates.path].filter { !$0.isEmpty }
        for root in roots {
            let files = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
            for relative in files.sorted() {
                let path = (root as NSString).appendingPathComponent(relative)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                hasher.add("\(root)/\(relative)")
                hasher.add(FileManager.default.contents(atPath: path) ?? Data())
            }
        }
        return hasher.hex
    }
}
