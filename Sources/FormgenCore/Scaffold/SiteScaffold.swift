import Foundation
import FormgenTemplates

/// A new site written by `formgen init`: a starter's configs (from the built-in `templates/starters/`),
/// `.gitignore`, and editor settings that point the YAML language server at the config schemas.
public struct SiteScaffold {
    /// The kinds of starter site.
    public enum Starter: String, CaseIterable, Sendable {
        case contact, kyc, survey, blank
    }

    /// Why a site could not be written.
    public enum ScaffoldError: Error, CustomStringConvertible, Equatable {
        case notEmpty(String)
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .notEmpty(let folder): return "'\(folder)' is not empty; use --force to add the starter's files to it (existing files are kept)"
            case .cannotWrite(let path, let why): return "cannot write '\(path)': \(why)"
            }
        }
    }

    /// What `write` did: the files it wrote and the ones it kept because they existed.
    public struct Result: Equatable, Sendable {
        public var written: [String] = []
        public var kept: [String] = []
    }

    public var starter: Starter

    /// The new site's `.gitignore`: build output and caches, and what `formgen collect` keeps (submissions are personal
    /// data): its default folder, SQLite files with their journals, and uploads.
    public static let gitignore = """
        # formgen: build output and caches
        /public/
        /.formgen/
        /.public.formgen-state
        /.public.formgen-readings
        # formgen collect: submissions and the files people sent (personal data)
        /submissions/
        *.db
        *.db-journal
        *.db-wal
        *.db-shm
        /uploads/

        """

    public init(starter: Starter) {
        self.starter = starter
    }

    /// Every file of the new site, by path relative to its folder, in path order.
    public func files() -> [(path: String, text: String)] {
        var files: [String: String] = [:]
        let root = BuiltinTemplates.directory.appendingPathComponent("starters/\(starter.rawValue)")
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? [] {
            let url = root.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            files[name] = text
        }
        files[".gitignore"] = Self.gitignore
        for kind in ConfigSchema.Kind.allCases {
            files[".vscode/formgen-\(kind.rawValue).schema.json"] = ConfigSchema.json(kind)
        }
        files[".vscode/settings.json"] = """
        {
          "yaml.schemas": {
            ".vscode/formgen-site.schema.json": "configs/site.yaml",
            ".vscode/formgen-form.schema.json": "configs/forms/*.yaml",
            ".vscode/formgen-country.schema.json": "configs/countries/*.yaml"
          }
        }

        """
        return files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) }
    }

    /// Writes the site into `folder`, creating it. A folder with anything in it is refused unless `force`;
    /// even then a file that exists is never overwritten.
    public func write(into folder: URL, force: Bool) throws -> Result {
        let manager = FileManager.default
        let existing = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        if !existing.isEmpty && !force { throw ScaffoldError.notEmpty(folder.path) }
        var result = Result()
        for file in files() {
            let url = folder.appendingPathComponent(file.path)
            if manager.fileExists(atPath: url.path) {
                result.kept.append(file.path)
                continue
            }
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw ScaffoldError.cannotWrite(file.path, (error as NSError).localizedDescription)
            }
            result.written.append(file.path)
        }
        return result
    }
}
