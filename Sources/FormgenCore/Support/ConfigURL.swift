/// The one parser for every URL a config gives (submit action and redirect, data source endpoints,
/// image sources, links): an allow-list of schemes, nothing else.
///
/// Allowed: `https:` and `http:` URLs, relative references (`/api/x`, `thanks/`, `logo.svg`), and
/// `mailto:` where the URL is a link. Refused: every other scheme (`javascript:`, `data:`, `vbscript:`,
/// in any case), whitespace and control characters anywhere (`" javascript:"`, `"java\nscript:"`),
/// and backslashes (which browsers read as `/`). A protocol-relative URL (`//api.example.org/x`) is
/// resolved to `https:`, so the page's policy can name its origin. An `http(s):` URL must name its host as
/// `scheme://host[:port]` (a DNS name, an IPv4 address or a bracketed IPv6 address, a port from 1 to 65535,
/// no user or password), so that its origin, the one written into the page's policy, is exactly what the
/// browser will reach: `https:host/x`, `///x`, `https://a;b/` and `https://h:99999/` are refused.
public enum ConfigURL {
    /// What the URL is used for; only links may be `mailto:`.
    public enum Use: Sendable {
        case action, redirect, endpoint, image, link
    }

    /// The URL to write into pages, or why it is refused.
    public static func check(_ text: String, for use: Use) -> Result<String, Refusal> {
        if text.isEmpty { return .failure(.empty) }
        if text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0.properties.isWhitespace
                || $0.properties.generalCategory == .format || $0.properties.generalCategory == .control }) {
            return .failure(.invisible)
        }
        if text.utf8.contains(UInt8(ascii: "\\")) { return .failure(.backslash) }
        if text.utf8.starts(with: "//".utf8) {
            guard origin(of: "https:" + text) != nil else { return .failure(.host) }
            return .success("https:" + text)
        }
        guard let scheme = scheme(of: text) else { return .success(text) }
        let allowed = use == .link ? ["https", "http", "mailto"] : ["https", "http"]
        guard allowed.contains(scheme) else { return .failure(.scheme(scheme, allowed: allowed)) }
        if scheme != "mailto", origin(of: text) == nil { return .failure(.host) }
        return .success(text)
    }

    /// The origin a page may be framed by (`embed.origins`), serialized as a policy names it: `https://host[:port]`,
    /// or `http:` only for a loopback host (`localhost`, `127.x.x.x`, `[::1]`), with nothing after it but one `/`.
    /// The same checks as ``check(_:for:)`` (no whitespace, no backslash, a valid host and port) come first.
    public static func frameOrigin(_ text: String) -> Result<String, Refusal> {
        if let scheme = scheme(of: text), scheme != "https", scheme != "http" { return .failure(.originScheme(scheme)) }
        switch check(text, for: .endpoint) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let url):
            guard let scheme = scheme(of: url), var origin = origin(of: url) else { return .failure(.notOrigin) }
            let rest = url.dropFirst(origin.count)
            guard url.lowercased().hasPrefix(origin), rest.isEmpty || rest == "/" else { return .failure(.notOrigin) }
            let defaultPort = scheme == "https" ? ":443" : ":80"
            if origin.hasSuffix(defaultPort) { origin.removeLast(defaultPort.count) }
            if scheme == "http" {
                let authority = origin.dropFirst("http://".count)
                let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
                let octets = host.split(separator: ".", omittingEmptySubsequences: false)
                let loopback = host == "localhost" || host == "[::1]"
                    || (octets.count == 4 && octets[0] == "127" && octets.allSatisfy { Int($0).map { (0...255).contains($0) } ?? false })
                guard loopback else { return .failure(.plainHTTP) }
            }
            return .success(origin)
        }
    }

    /// The origin of an `http:` or `https:` URL as a page's policy names it (`https://api.example.org:8443`,
    /// lowercased, the port left out when none is written), or nil when the URL does not name a valid host and port.
    public static func origin(of text: String) -> String? {
        guard let scheme = scheme(of: text), scheme == "https" || scheme == "http" else { return nil }
        let afterScheme = text.utf8.dropFirst(scheme.utf8.count + 1)
        guard afterScheme.starts(with: "//".utf8) else { return nil }
        let authority = afterScheme.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        var host = authority[...]
        var port: Substring.UTF8View.SubSequence?
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let inside = host[host.index(after: host.startIndex)..<close]
            guard !inside.isEmpty, inside.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return nil }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                port = rest.dropFirst()
            }
            host = host[...close]
        } else {
            if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            guard !host.isEmpty, host.count <= 253, host.first != UInt8(ascii: "."), host.first != UInt8(ascii: "-"),
                  host.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") })
            else { return nil }
        }
        var portText = ""
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let number = Int(String(decoding: port, as: UTF8.self)), (1...65535).contains(number) else { return nil }
            portText = ":\(number)"
        }
        return "\(scheme)://\(String(decoding: host, as: UTF8.self).lowercased())\(portText)"
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// The scheme of an absolute URL, lowercased (`JavaScript:x` → `javascript`), or nil for a relative one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let candidate = text.utf8[..<colon]
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        guard let first = candidate.first, isLetter(first),
              candidate.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return nil }
        return String(decoding: candidate, as: UTF8.self).lowercased()
    }

    /// Why a URL is refused.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case empty
        case invisible
        case backslash
        case host
        case scheme(String, allowed: [String])
        /// An `http:` origin of a host other than loopback (`embed.origins`).
        case plainHTTP
        /// A scheme other than `https:` or `http:` where only an origin may stand (`embed.origins`).
        case originScheme(String)
        /// A URL with a path, query or fragment where only an origin may stand (`embed.origins`).
        case notOrigin

        public var description: String {
            switch self {
            case .empty: return "it is empty"
            case .invisible: return "it contains whitespace or a control character"
            case .backslash: return "it contains a backslash"
            case .host: return "it does not name a host as scheme://host[:port]/… (a DNS name or an IP address, a port from 1 to 65535, no user or password)"
            case .plainHTTP: return "an origin must use https: (http: only for localhost, 127.0.0.1 or [::1])"
            case .originScheme(let scheme): return "the scheme '\(scheme):' is not allowed for an origin (allowed: https, and http only for localhost, 127.0.0.1 or [::1])"
            case .notOrigin: return "it is not an origin: write scheme://host[:port] with no path, query or fragment"
            case .scheme(let scheme, let allowed):
                return "the scheme '\(scheme):' is not allowed (allowed: \(allowed.joined(separator: ", ")), or a relative URL)"
            }
        }
    }
}
