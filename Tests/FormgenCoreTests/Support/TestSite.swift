import FormgenTestSupport
import Foundation
@testable import FormgenCore

/// Paths of the repository, found from this file's location.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let configs = root.appendingPathComponent("configs").path
    static let templates = root.appendingPathComponent("templates").path
    static let fixtures = root.appendingPathComponent("Tests/FormgenCoreTests/Fixtures").path
}

/// Loading a throwaway site folder.
extension TestSite {
    /// Loads and checks the site (remote sources only from the cache: tests never use the network);
    /// diagnostics are shown with paths relative to the site folder.
    func load() -> (site: Site, diagnostics: [String]) {
        Self.load(configs: configs.path, relativeTo: root.path)
    }

    static func load(configs: String, relativeTo base: String) -> (site: Site, diagnostics: [String]) {
        let log = DiagnosticLog()
        var options = BuildOptions(configDirectory: configs, templatesDirectory: nil)
        options.remote.offline = true
        let (site, _) = SiteBuilder(options: options).load(log: log)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return (site, log.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") })
    }

    /// A site holding one form file.
    static func form(_ name: String, _ text: String) throws -> TestSite {
        try TestSite(["configs/forms/\(name)": text])
    }
}

/// The example site in `configs/`, loaded once.
enum ExampleSite {
    static let loaded: (site: Site, diagnostics: [String]) = TestSite.load(configs: Repository.configs, relativeTo: Repository.root.path)

    static func form(_ path: String) -> Form? {
        loaded.site.allForms.first { $0.path == path }
    }
}

extension Form {
    func field(_ id: String) -> Field? { allFields.first { $0.id == id } }
}

extension Field {
    var ruleNames: [String] { validations.map(\.name) }
    func message(of rule: String) -> String? { validations.first { $0.name == rule }?.message }
}
