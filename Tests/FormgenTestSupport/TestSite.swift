import Foundation

/// A throwaway site folder under the temporary directory: `configs/` to build from, `public/` to build into.
public struct TestSite: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// Writes `files` (path under the site → text) into a new temporary folder whose name starts with `prefix`.
    public init(_ files: [String: String], prefix: String = "formgen-test") throws {
        self.init(root: FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try write(path, text) }
    }

    public var configs: URL { root.appendingPathComponent("configs") }
    public var output: URL { root.appendingPathComponent("public") }

    /// Writes `text` to `relative` under the site, making its folders.
    public func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    public func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
