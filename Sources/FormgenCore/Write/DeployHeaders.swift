import Foundation

/// The HTTP headers a built site was designed for, written for a host or web server by
/// `formgen build --emit-headers TARGET`: each page's Content-Security-Policy (as in its `<meta>`, plus
/// `frame-ancestors`, which only a header can carry: `'none'`, or the origins of an embeddable page's
/// `<meta name="formgen-frame-ancestors">`), the other security headers (`X-Frame-Options: DENY` on every response
/// but embeddable pages), long caching for content-addressed assets, CORS for `embed.js`, and the 404 page.
public struct DeployHeaders {
    /// Where the headers are for.
    public enum Target: String, CaseIterable, Sendable {
        /// `public/_headers` (Netlify, Cloudflare Pages).
        case netlify
        /// `nginx.conf` beside the output folder: one `server {}` block.
        case nginx
        /// `Caddyfile` beside the output folder.
        case caddy
        /// `public/.htaccess` (Apache with mod_headers).
        case apache
    }

    /// One page's address and policy.
    public struct Page: Equatable, Sendable {
        /// Every URL path that serves the page (`/kyc/nl/` and `/kyc/nl/index.html`).
        public var paths: [String]
        public var policy: String
        /// Whether other sites may frame the page (its policy's `frame-ancestors` names them): no `X-Frame-Options`.
        public var embeddable = false
    }

    /// Headers every response carries.
    public static let common: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"),
    ]

    /// Assets whose names are digests of their bytes: cached for a year.
    public static let immutablePrefix = "assets/remote/"

    public var output: URL
    /// The path the site is served under (`/`, or `/forms/` for `baseURL: https://example.org/forms/`).
    public var basePath: String

    public init(output: URL, baseURL: String) {
        self.output = output
        let path = URLComponents(string: baseURL)?.path ?? "/"
        basePath = path.isEmpty ? "/" : path.hasSuffix("/") ? path : path + "/"
    }

    /// Every HTML page of the output with the policy its `<meta>` states, in path order.
    public func pages() -> [Page] {
        let names = ((try? FileManager.default.subpathsOfDirectory(atPath: output.path)) ?? []).filter { $0.hasSuffix(".html") }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: output.appendingPathComponent(name).path),
                  let policy = Self.policy(inPage: String(decoding: data, as: UTF8.self)) else { return nil }
            var paths = [basePath + name]
            if name == "index.html" || name.hasSuffix("/index.html") { paths.insert(basePath + name.dropLast("index.html".count), at: 0) }
            let html = String(decoding: data, as: UTF8.self)
            guard let ancestors = Self.frameAncestors(inPage: html) else { return Page(paths: paths, policy: policy + "; frame-ancestors 'none'") }
            return Page(paths: paths, policy: policy + "; frame-ancestors " + ancestors, embeddable: true)
        }
    }

    /// The origins of a page's `<meta name="formgen-frame-ancestors">`, each checked again as an origin (nil when
    /// there is none, or any is not an origin: a page a template wrote wrongly keeps denying framing).
    static func frameAncestors(inPage html: String) -> String? {
        guard let meta = html.range(of: #"<meta name="formgen-frame-ancestors" content=""#),
              let end = html[meta.upperBound...].firstIndex(of: "\"") else { return nil }
        let origins = html[meta.upperBound..<end].split(separator: " ").map(String.init)
        guard !origins.isEmpty, origins.allSatisfy({ (try? ConfigURL.frameOrigin($0).get()) == $0 }) else { return nil }
        return origins.joined(separator: " ")
    }

    /// Whether the output has `embed.js` (a site with an embeddable form): it is sent with CORS, for `integrity`.
    var hasEmbedScript: Bool { FileManager.default.fileExists(atPath: output.appendingPathComponent(EmbedSnippet.scriptPath).path) }

    /// The headers every response carries but `X-Frame-Options`, which embeddable pages leave out.
    static var commonButFraming: [(name: String, value: String)] { common.filter { $0.name != "X-Frame-Options" } }
    static let denyFraming = (name: "X-Frame-Options", value: "DENY")

    /// The `content` of a page's `<meta http-equiv="Content-Security-Policy">`, unescaped.
    static func policy(inPage html: String) -> String? {
        guard let meta = html.range(of: #"<meta http-equiv="Content-Security-Policy" content=""#),
              let end = html[meta.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(html[meta.upperBound..<end]).replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The file a target is written to.
    public func file(for target: Target) -> URL {
        switch target {
        case .netlify: return output.appendingPathComponent("_headers")
        case .apache: return output.appendingPathComponent(".htaccess")
        case .nginx: return output.deletingLastPathComponent().appendingPathComponent("nginx.conf")
        case .caddy: return output.deletingLastPathComponent().appendingPathComponent("Caddyfile")
        }
    }

    /// The text of the target's file.
    public func text(for target: Target) -> String {
        let pages = pages()
        switch target {
        case .netlify: return netlify(pages)
        case .nginx: return nginx(pages)
        case .caddy: return caddy(pages)
        case .apache: return apache(pages)
        }
    }

    /// Writes the target's file atomically; returns its path.
    @discardableResult
    public func write(_ target: Target) throws -> String {
        let url = file(for: target)
        try Data(text(for: target).utf8).write(to: url, options: .atomic)
        return url.path
    }

    private var header: String { "generated by `formgen build --emit-headers`; rebuilt with the site" }

    private func netlify(_ pages: [Page]) -> String {
        // Netlify adds the headers of every rule that matches: with an embeddable page, X-Frame-Options moves from
        // the rule for every path to each other page's own rule.
        let framed = pages.contains(where: \.embeddable)
        var lines = ["# Netlify / Cloudflare Pages headers, \(header)", "\(basePath)*"]
        lines += (framed ? Self.commonButFraming : Self.common).map { "  \($0.name): \($0.value)" }
        lines += ["\(basePath)\(Self.immutablePrefix)*", "  Cache-Control: public, max-age=31536000, immutable"]
        if hasEmbedScript { lines += ["\(basePath)\(EmbedSnippet.scriptPath)", "  Access-Control-Allow-Origin: *"] }
        for page in pages {
            for path in page.paths {
                lines += [path, "  Content-Security-Policy: \(page.policy)"]
                if framed && !page.embeddable { lines += ["  \(Self.denyFraming.name): \(Self.denyFraming.value)"] }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func nginx(_ pages: [Page]) -> String {
        let root = output.standardizedFileURL.path
        let common = Self.common.map { "        add_header \($0.name) \"\($0.value)\" always;" }
        var lines = [
            "# nginx server block for \(root), \(header).",
            "# Include it from the http {} block of nginx.conf; change `listen` and `server_name` to yours.",
            "server {",
            "    listen 8080;",
            "    server_name _;",
            "    root \(root);",
            "    index index.html;",
            "    charset utf-8;",
            "    error_page 404 \(basePath)404.html;",
            "    location / {",
            "        try_files $uri $uri/ =404;",
        ] + common + ["    }", "    location \(basePath)\(Self.immutablePrefix) {"]
        lines += common + ["        add_header Cache-Control \"public, max-age=31536000, immutable\" always;", "    }"]
        if hasEmbedScript {
            lines += ["    location = \(basePath)\(EmbedSnippet.scriptPath) {"] + common
            lines += ["        add_header Access-Control-Allow-Origin \"*\" always;", "    }"]
        }
        let framing = Self.commonButFraming.map { "        add_header \($0.name) \"\($0.value)\" always;" }
        for page in pages {
            for path in page.paths {
                lines += ["    location = \(path) {"] + (page.embeddable ? framing : common)
                lines += ["        add_header Content-Security-Policy \"\(page.policy)\" always;", "    }"]
            }
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    private func caddy(_ pages: [Page]) -> String {
        let root = output.standardizedFileURL.path
        let embeddable = pages.filter(\.embeddable).flatMap(\.paths)
        var lines = ["# Caddyfile for \(root), \(header).", ":8080 {", "    root * \(root)", "    file_server", "    header {"]
        lines += (embeddable.isEmpty ? Self.common : Self.commonButFraming).map { "        \($0.name) \"\($0.value)\"" } + ["    }"]
        if !embeddable.isEmpty {
            lines += ["    @unframed not path \(embeddable.joined(separator: " "))",
                      "    header @unframed \(Self.denyFraming.name) \"\(Self.denyFraming.value)\""]
        }
        lines += ["    header \(basePath)\(Self.immutablePrefix)* Cache-Control \"public, max-age=31536000, immutable\""]
        if hasEmbedScript { lines += ["    header \(basePath)\(EmbedSnippet.scriptPath) Access-Control-Allow-Origin \"*\""] }
        for (index, page) in pages.enumerated() {
            lines += ["    @page\(index) path \(page.paths.joined(separator: " "))",
                      "    header @page\(index) Content-Security-Policy \"\(page.policy)\""]
        }
        lines += ["    handle_errors {", "        rewrite * \(basePath)404.html", "        file_server", "    }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func apache(_ pages: [Page]) -> String {
        var lines = ["# Apache (mod_headers) settings, \(header).", "ErrorDocument 404 \(basePath)404.html"]
        lines += Self.common.map { "Header always set \($0.name) \"\($0.value)\"" }
        lines += ["<If \"%{REQUEST_URI} =~ m#^\(basePath)\(Self.immutablePrefix)#\">",
                  "  Header always set Cache-Control \"public, max-age=31536000, immutable\"", "</If>"]
        if hasEmbedScript {
            lines += ["<If \"%{REQUEST_URI} == '\(basePath)\(EmbedSnippet.scriptPath)'\">", "  Header always set Access-Control-Allow-Origin \"*\"", "</If>"]
        }
        for page in pages {
            let list = page.paths.map { "'\($0)'" }.joined(separator: ", ")
            lines += ["<If \"%{REQUEST_URI} in { \(list) }\">", "  Header always set Content-Security-Policy \"\(page.policy)\""]
            if page.embeddable { lines += ["  Header always unset \(Self.denyFraming.name)"] }
            lines += ["</If>"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
