import Foundation

/// One ES module of the browser runtime (`assets/runtime/NAME.js`), ready to be joined into a page's script.
///
/// Joining strips the module syntax, line by line, with a deliberately small grammar:
/// `import { a, b } from "./name.js";` (a dependency, joined before this module),
/// `import "./name.js";` (an optional module: joined before this one only when the page uses it) and
/// `export function|var|let|const|class …` (the `export ` is dropped). Any other line that starts with
/// `import` or `export` is an error, so nothing the join cannot handle reaches a page.
public struct RuntimeModule: Sendable, Hashable {
    public let name: String
    /// The modules this one imports, in the order of its import lines.
    public let imports: [Import]
    /// The text that goes into the page: the source without its module syntax, or its minified form.
    public private(set) var body: String
    /// Whether `body` is the committed minified form (else the source as written, for overrides).
    public private(set) var isMinified: Bool
    /// The committed minified form made from exactly this source, and the digest of the whole runtime it was made with
    /// (``RuntimeScript/runtimeDigest(_:)``): minified modules share their top-level names, so they are used together or not at all.
    public private(set) var minified: (body: String, runtimeDigest: String)?

    init(name: String, imports: [Import], body: String, isMinified: Bool, minified: (body: String, runtimeDigest: String)? = nil) {
        self.name = name
        self.imports = imports
        self.body = body
        self.isMinified = isMinified
        self.minified = minified
    }

    public static func == (left: RuntimeModule, right: RuntimeModule) -> Bool {
        left.name == right.name && left.imports == right.imports && left.body == right.body && left.isMinified == right.isMinified
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(body)
    }

    /// One import line: `import { … } from "./module.js";` needs the module, `import "./module.js";` only
    /// orders it before this one when the page uses it.
    public struct Import: Sendable, Hashable {
        public let module: String
        public let isOptional: Bool
    }

    /// A line the join cannot handle: its 1-based line number and what is wrong.
    public struct SyntaxError: Error, Equatable {
        public let line: Int
        public let message: String
    }

    /// The source's module syntax stripped; `minified` is used instead of the stripped source when it was made
    /// from exactly this source (its first line names the source's SHA-256, as `scripts/minify-runtime` writes it).
    public static func parse(name: String, source: String, minified: String? = nil, sourceDigest: String? = nil) -> Result<RuntimeModule, SyntaxError> {
        var imports: [Import] = []
        var kept: [Substring] = []
        for (index, line) in lines(of: source).enumerated() {
            guard let keyword = moduleKeyword(line) else {
                kept.append(line)
                continue
            }
            if keyword == "export" {
                let rest = line.dropFirst("export ".count)
                guard line.hasPrefix("export "), ["function ", "var ", "let ", "const ", "class "].contains(where: { rest.hasPrefix($0) }) else {
                    return .failure(SyntaxError(line: index + 1, message: "unsupported export: write 'export function', 'export var', 'export let', 'export const' or 'export class'"))
                }
                kept.append(rest)
            } else if let named = namedImport(line) {
                imports.append(Import(module: named, isOptional: false))
            } else if let bare = bareImport(line) {
                imports.append(Import(module: bare, isOptional: true))
            } else {
                return .failure(SyntaxError(line: index + 1, message: "unsupported import: write 'import { a, b } from \"./module.js\";' or 'import \"./module.js\";' on one line"))
            }
        }
        var module = RuntimeModule(name: name, imports: imports, body: kept.joined(separator: "\n"), isMinified: false)
        module.minified = minified.flatMap { minifiedBody($0, sourceDigest: sourceDigest ?? SHA256.hex(source)) }
        return .success(module)
    }

    /// The source's lines, split at each line feed. Found byte by byte: a line feed is always a character of its own,
    /// except in a "\r\n" pair, so a source holding a carriage return is split by characters, as written.
    static func lines(of source: String) -> [Substring] {
        let utf8 = source.utf8
        if utf8.contains(13) { return source.split(separator: "\n", omittingEmptySubsequences: false) }
        var lines: [Substring] = []
        var start = utf8.startIndex
        while let newline = utf8[start...].firstIndex(of: 10) {
            lines.append(source[start..<newline])
            start = utf8.index(after: newline)
        }
        lines.append(source[start...])
        return lines
    }

    /// This module with its minified body in the page.
    func usingMinified() -> RuntimeModule {
        guard let minified else { return self }
        var module = self
        module.body = minified.body
        module.isMinified = true
        return module
    }

    /// The first line of a minified module: a comment naming its source's digest and the whole runtime's.
    public static func minifiedHeader(sourceDigest: String, runtimeDigest: String) -> String {
        "/* generated by scripts/minify-runtime from sha256:\(sourceDigest), runtime sha256:\(runtimeDigest); do not edit */"
    }

    private static func minifiedBody(_ minified: String, sourceDigest: String) -> (body: String, runtimeDigest: String)? {
        let prefix = "/* generated by scripts/minify-runtime from sha256:\(sourceDigest), runtime sha256:"
        guard let newline = minified.firstIndex(of: "\n") else { return nil }
        let header = minified[..<newline]
        guard header.hasPrefix(prefix), header.hasSuffix("; do not edit */") else { return nil }
        let digest = header.dropFirst(prefix.count).dropLast("; do not edit */".count)
        // Without its last line break: the page joins minified bodies on one line (RuntimeScript.join).
        return (String(minified[minified.index(after: newline)...]).trimmingCharacters(in: .whitespacesAndNewlines), String(digest))
    }

    /// `import` or `export` when the line starts with that keyword (a whole word), else nil.
    private static func moduleKeyword(_ line: Substring) -> String? {
        for keyword in ["import", "export"] where line.hasPrefix(keyword) {
            let after = line.dropFirst(keyword.count).first
            if after == nil || !(after!.isLetter || after!.isNumber || after == "_" || after == "$") { return keyword }
        }
        return nil
    }

    /// `import { a, b } from "./name.js";` → `name`.
    private static func namedImport(_ line: Substring) -> String? {
        guard line.hasPrefix("import {"), let close = line.firstIndex(of: "}") else { return nil }
        let names = line[line.index(line.startIndex, offsetBy: "import {".count)..<close].split(separator: ",")
        guard !names.isEmpty, names.allSatisfy({ isIdentifier($0.trimmingCharacters(in: .whitespaces)) }) else { return nil }
        let rest = line[line.index(after: close)...]
        guard rest.hasPrefix(" from ") else { return nil }
        return moduleName(rest.dropFirst(" from ".count))
    }

    /// `import "./name.js";` → `name`.
    private static func bareImport(_ line: Substring) -> String? {
        line.hasPrefix("import \"") ? moduleName(line.dropFirst("import ".count)) : nil
    }

    /// `"./name.js";` → `name` (lower-case letters, digits and dashes).
    private static func moduleName(_ text: Substring) -> String? {
        guard text.hasPrefix("\"./"), text.hasSuffix(".js\";") else { return nil }
        let name = text.dropFirst(3).dropLast(5)
        guard let first = name.first, first.isLowercase, first.isASCII,
              name.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }) else { return nil }
        return String(name)
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" || first == "$" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    }
}
