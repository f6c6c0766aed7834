import Foundation

/// The strict policy each page carries: nothing by default, and exactly what the page uses.
public struct ContentSecurityPolicy: Sendable, Hashable {
    public var scriptHashes: [String] = []
    public var styleHashes: [String] = []
    public var imageSources: Set<String> = []
    public var connectSources: Set<String> = []
    public var formActions: Set<String> = []

    public init() {}

    /// The origin a URL names, `'self'` for a relative one, nil for one that may not be used.
    public static func source(for url: String) -> String? {
        let lower = url.lowercased()
        if lower.hasPrefix("http:") || lower.hasPrefix("https:") { return ConfigURL.origin(of: url) }
        if lower.hasPrefix("//") || lower.contains(":") && !lower.hasPrefix("/") && !lower.hasPrefix(".") {
            return lower.hasPrefix("data:image/") ? "data:" : nil
        }
        return "'self'"
    }

    /// The policy as a header or `<meta>` value. `img-src` and `connect-src` only when the page uses some: without
    /// them `default-src 'none'` allows none (`form-action` and `base-uri` fall back to nothing, so they are always said).
    public var header: String {
        func list(_ items: Set<String>) -> String { items.isEmpty ? "'none'" : items.sorted().joined(separator: " ") }
        return [
            "default-src 'none'",
            "script-src \(scriptHashes.isEmpty ? "'none'" : scriptHashes.joined(separator: " "))",
            "style-src \(styleHashes.isEmpty ? "'none'" : styleHashes.joined(separator: " "))",
            imageSources.isEmpty ? nil : "img-src \(list(imageSources))",
            connectSources.isEmpty ? nil : "connect-src \(list(connectSources))",
            "form-action \(list(formActions))",
            "base-uri 'none'",
        ].compactMap { $0 }.joined(separator: "; ")
    }
}
