import Foundation

/// Parses one YAML or JSON file into a position-aware node, reporting syntax errors with their position.
enum ConfigFile {
    /// A file's text, or nil with a located error when it cannot be read or is not UTF-8.
    static func readText(_ file: String, log: DiagnosticLog) -> String? {
        guard let data = FileManager.default.contents(atPath: file) else {
            log.error("cannot read file", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            log.error("file is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        return text
    }

    /// Parses a config file. A `.json` file is read by a JSON reader straight into the node tree (what only YAML
    /// accepts, a trailing comma or a comment, is a located error there); any other file by libyaml's event reader.
    static func parse(text: String, file: String, log: DiagnosticLog) -> ConfigNode? {
        let tree: ConfigTree
        let rootIndex: Int32
        if file.lowercased().hasSuffix(".json") {
            guard !text.allSatisfy({ $0.isWhitespace || $0 == "\u{FEFF}" }) else {
                log.error("file is empty", at: SourceLocation(file: file, line: 1, column: 1))
                return nil
            }
            switch ConfigTree.json(text, file: file) {
            case .tree(let read, let root):
                (tree, rootIndex) = (read, root)
            case .invalid:
                // Only now is the text read again: where the YAML parser refuses it too, its plainer words are kept;
                // otherwise the problem is JSON's own (a comment, a trailing comma, single quotes).
                if case .invalid(let line, let column, let message) = ConfigTree.yaml(text, file: file) {
                    log.error(message, at: SourceLocation(file: file, line: line, column: column))
                } else {
                    let (location, message) = StrictJSON.problem(text, file: file)
                        ?? (SourceLocation(file: file, line: 1, column: 1), "not valid JSON")
                    log.error(message, at: location)
                }
                return nil
            case .duplicateKeys(let keys, let line, let column):
                log.error("duplicate key\(keys.count > 1 ? "s" : "") \(keys.map { "'\($0)'" }.joined(separator: ", ")) in mapping",
                          at: SourceLocation(file: file, line: line, column: column))
                return nil
            }
        } else {
            switch ConfigTree.yaml(text, file: file) {
            case .tree(let read, let root):
                (tree, rootIndex) = (read, root)
            case .empty:
                log.error("file is empty", at: SourceLocation(file: file, line: 1, column: 1))
                return nil
            case .invalid(let line, let column, let message):
                log.error(message, at: SourceLocation(file: file, line: line, column: column))
                return nil
            }
        }
        let root = ConfigNode(tree: tree, index: rootIndex, log: log)
        guard root.isMapping else {
            root.error("expected the file to hold a mapping at its top, found \(root.kindName)")
            return nil
        }
        return root
    }

    /// Tells the input format from the document's keys.
    static func detectFormat(_ root: ConfigNode) -> ConfigFormat? {
        if root.has("country") { return .kycCountry }
        if root.string("type") == "page", root.has("items") { return .lumiform }
        if let pages = root["pages"], pages.isSequence,
           pages.elements.contains(where: { page in page["sections"]?.elements.contains { $0.has("elements") } ?? false }) {
            return .petAdoption
        }
        if root.has("name"), root.has("pages"), !root.has("title") { return .petAdoption }
        if root.has("fields") || root.has("pages") || root.has("sections") || root.has("countries") { return .native }
        return nil
    }
}
