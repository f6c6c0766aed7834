import Foundation

/// Turns the links docs are written with into links that work in the built site.
///
/// - `other.md`, `../guides/kyc.md#step-2`: relative to the Markdown file, to the page built from it;
/// - `../assets/logo.svg`: relative to the Markdown file, to the copy under `assets/`;
/// - `/kyc/`: a path from the site's root, made relative so the site works under any base URL;
/// - addresses with a scheme (`https:`, `mailto:`) and `#anchors` stay as they are.
public struct DocLinkResolver: Sendable {
    /// Built doc paths by source file under the docs folder (`guides/kyc.md` → `docs/guides/kyc`).
    let pathsBySource: [String: String]
    /// Every built doc path, the docs index included.
    let paths: Set<String>

    public init(docs: [DocPage]) {
        pathsBySource = Dictionary(docs.map { ($0.source, $0.path) }, uniquingKeysWith: { first, _ in first })
        paths = Set(docs.map(\.path) + [DocPage.indexPath])
    }

    /// What a relative address points at, once resolved against the doc's own folder.
    enum Target: Equatable {
        /// A built doc page (its path) and the anchor asked for.
        case page(path: String, fragment: String?)
        /// A Markdown file that is not among the docs.
        case missingDoc(String)
        /// A file under `configs/assets/` (its path there, `assets/…`).
        case asset(String)
        /// A file inside the docs folder that is not Markdown, and so is not published.
        case unpublished(String)
        /// An in-page anchor.
        case anchor(String)
        /// A path from the site's root.
        case siteRoot(String)
        /// Anything else: left as written.
        case other
    }

    func target(of url: String, from source: String) -> Target {
        if url.isEmpty || url.utf8.starts(with: "//".utf8) || Self.hasScheme(url) { return .other }
        if url.utf8.first == UInt8(ascii: "#") { return .anchor(String(url.unicodeScalars.dropFirst())) }
        if url.utf8.first == UInt8(ascii: "/") { return .siteRoot(String(url.unicodeScalars.dropFirst())) }
        let (path, fragment) = Self.splitFragment(url)
        guard !path.isEmpty else { return .other }
        let folder = (source as NSString).deletingLastPathComponent
        guard let resolved = Self.normalise(["docs"] + Self.components(folder) + Self.components(path)) else { return .other }
        let joined = resolved.joined(separator: "/")
        if paths.contains(joined) { return .page(path: joined, fragment: fragment) }
        if resolved.first == "docs", resolved.count > 1 {
            let inDocs = resolved.dropFirst().joined(separator: "/")
            if joined.lowercased().hasSuffix(".md") {
                let folderIndex = DocsLoader.outputPath(for: inDocs)
                guard let built = pathsBySource[inDocs] ?? (paths.contains(folderIndex) ? folderIndex : nil) else { return .missingDoc(inDocs) }
                return .page(path: built, fragment: fragment)
            }
            if !path.hasSuffix("/") { return .unpublished(inDocs) }
        }
        if resolved.first == "assets", resolved.count > 1 { return .asset(joined) }
        return .other
    }

    /// The address to write in the page built at `pagePath` from the doc `source`.
    public func rewrite(_ url: String, from source: String, pagePath: String) -> String {
        switch target(of: url, from: source) {
        case let .page(target, fragment):
            let href = Self.relative(from: pagePath, to: target, isFolder: true)
            return href + (fragment.map { "#\($0)" } ?? "")
        case let .asset(path):
            return Self.relative(from: pagePath, to: path, isFolder: false) + (Self.splitFragment(url).fragment.map { "#\($0)" } ?? "")
        case let .siteRoot(rest):
            return PageRenderer.rootPrefix(for: pagePath) + rest
        case .missingDoc, .unpublished, .anchor, .other:
            return url
        }
    }

    /// A relative address from the folder `from` to `to` (a folder, or a file when `isFolder` is false).
    static func relative(from: String, to: String, isFolder: Bool) -> String {
        relative(from: components(from), to: to, isFolder: isFolder)
    }

    /// ``relative(from:to:isFolder:)`` from a folder already split into ``components(_:)`` (the docs index links to a
    /// thousand references from one folder).
    static func relative(from here: [String], to: String, isFolder: Bool) -> String {
        let there = components(to)
        var common = 0
        while common < here.count, common < there.count, here[common] == there[common] { common += 1 }
        let up = String(repeating: "../", count: here.count - common)
        let down = there[common...].joined(separator: "/")
        if down.isEmpty { return up.isEmpty ? "./" : up }
        return up + down + (isFolder ? "/" : "")
    }

    /// Whether the address starts with a scheme (`name:`), read scalar by scalar as browsers read it.
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.unicodeScalars.firstIndex(of: ":") else { return false }
        let scheme = url.unicodeScalars[..<colon]
        guard let first = scheme.first, first.properties.isAlphabetic else { return false }
        return scheme.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "+-.".unicodeScalars.contains($0) }
    }

    static func splitFragment(_ url: String) -> (path: String, fragment: String?) {
        var rest = url
        var fragment: String?
        if let hash = rest.unicodeScalars.firstIndex(of: "#") {
            fragment = String(rest.unicodeScalars[rest.unicodeScalars.index(after: hash)...])
            rest = String(rest.unicodeScalars[..<hash])
        }
        if let query = rest.unicodeScalars.firstIndex(of: "?") { rest = String(rest.unicodeScalars[..<query]) }
        return (rest.removingPercentEncoding ?? rest, fragment)
    }

    /// The path's parts between slashes, without `.` and empty ones (split as bytes, which holds for any text: a slash
    /// is never part of another character's UTF-8).
    static func components(_ path: String) -> [String] {
        var parts: [String] = []
        ASCIIWords.forEach(in: path, separator: UInt8(ascii: "/")) { part in
            if part != "." { parts.append(String(part)) }
        }
        return parts
    }

    /// Resolves `..`; nil when the path climbs above the config folder.
    static func normalise(_ parts: [String]) -> [String]? {
        var output: [String] = []
        for part in parts {
            if part == ".." {
                guard !output.isEmpty else { return nil }
                output.removeLast()
            } else {
                output.append(part)
            }
        }
        return output
    }
}
