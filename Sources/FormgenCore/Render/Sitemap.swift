/// `sitemap.xml`: every page of the site under an absolute base URL, sorted, without dates.
public struct Sitemap: Sendable {
    public let baseURL: String

    /// A sitemap needs absolute addresses: nil unless the base URL is `http(s)://…`.
    public init?(baseURL: String) {
        let lower = baseURL.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    }

    /// The sitemap of the given output files; only `…/index.html` pages are listed, by their folder. A page published
    /// in several languages (`alternates`, by form path) lists every language's address as an `xhtml:link` alternate.
    public func xml(pagePaths: [String], alternates: [String: [LanguageAlternate]] = [:]) -> String {
        let locations = pagePaths.compactMap { path -> String? in
            if path == "index.html" { return baseURL }
            guard path.hasSuffix("/index.html") else { return nil }
            return baseURL + path.dropLast("index.html".count)
        }
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(alternates.isEmpty ? #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#
            : #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">"#)
        for location in Set(locations).sorted() {
            let path = String(location.dropFirst(baseURL.count).dropLast())
            let links = (alternates[path] ?? []).map { alternate in
                #"<xhtml:link rel="alternate" hreflang="\#(Self.escape(alternate.language))" href="\#(Self.escape(baseURL + (alternate.path.isEmpty ? "" : alternate.path + "/")))"/>"#
            }
            lines.append("<url><loc>\(Self.escape(location))</loc>\(links.joined())</url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text escaped for XML, byte by byte (a `<` or `"` followed by a combining mark is still escaped).
    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "'") {
                bytes.append(contentsOf: "&apos;".utf8)
            } else if let entity = HTMLEscaping.entity(for: byte) {
                bytes.append(contentsOf: entity.utf8)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
