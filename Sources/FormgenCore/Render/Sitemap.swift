/// `sitemap.xml`: every page of the site under an absolute base URL, sorted, without dates.
public struct Sitemap: Sendable {
    public let baseURL: String

    /// A sitemap needs absolute addresses: nil unless the base URL is `http(s)://…`.
    public init?(baseURL: String) {
        let lower = baseURL.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    }

    /// The sitemap of the given output files; only `…/index.html` pages are listed, by their folder.
    public func xml(pagePaths: [String]) -> String {
        let locations = pagePaths.compactMap { path -> String? in
            if path == "index.html" { return baseURL }
            guard path.hasSuffix("/index.html") else { return nil }
            return baseURL + path.dropLast("index.html".count)
        }
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#]
        for location in Set(locations).sorted() {
            lines.append("<url><loc>\(Self.escape(location))</loc></url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
