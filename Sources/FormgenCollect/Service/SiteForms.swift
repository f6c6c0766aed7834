import FormgenCore
import Foundation

/// The forms of a built site, read once from the spec each page embeds, so the endpoint and the pages
/// can never disagree.
public struct SiteForms: Sendable {
    /// Form path (`kyc/nl`) → its spec.
    public let specs: [String: FormSpec]

    /// Reads every `index.html` under `site` that embeds a spec.
    public init(site: String) throws {
        let root = URL(fileURLWithPath: site).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CollectError.noSite(site)
        }
        var specs: [String: FormSpec] = [:]
        let files = (FileManager.default.subpaths(atPath: root.path) ?? []).filter { $0.hasSuffix("index.html") }.sorted()
        for file in files {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path),
                  let spec = try? FormSpec(pageHTML: String(decoding: data, as: UTF8.self)),
                  spec.path + "/index.html" == file
            else { continue }
            specs[spec.path] = spec
        }
        self.specs = specs
    }

    public init(specs: [String: FormSpec]) {
        self.specs = specs
    }

    /// The spec of the form at `path` (leading and trailing slashes ignored).
    public func spec(at path: String) -> FormSpec? {
        specs[path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")]
    }
}
