import Foundation

/// The config folder a command was pointed at, checked before anything is read or written:
/// a folder that is missing, or holds no site config, no form and no country, is a usage mistake.
public struct ConfigFolder: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// What is wrong with the folder, in one sentence naming it and what was looked for; nil when it holds a site.
    public var problem: String? {
        var isDirectory: ObjCBool = false
        let looked = "looked for site.yaml, forms/ and countries/"
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "config folder '\(path)' does not exist (\(looked)); pass --config with the folder that holds them"
        }
        guard isDirectory.boolValue else {
            return "config folder '\(path)' is a file, not a folder (\(looked)); pass --config with the folder that holds them"
        }
        let loader = SiteLoader(configDirectory: path)
        let hasSettings = ["site.yaml", "site.yml", "site.json"].contains(where: loader.source.exists)
        guard hasSettings || !loader.configFiles(in: ["forms", "countries"]).isEmpty else {
            return "config folder '\(path)' holds no site.yaml, no form in forms/ and no country in countries/; pass --config with the folder that holds them"
        }
        return nil
    }
}
