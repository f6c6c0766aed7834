/// The one parser for every URL a config gives (submit action and redirect, data source endpoints,
/// image sources, links): an allow-list of schemes, nothing else.
///
/// Allowed: `https:` and `http:` URLs, relative references (`/api/x`, `thanks/`, `logo.svg`), and
/// `mailto:` where the URL is a link. Refused: every other scheme (`javascript:`, `data:`, `vbscript:`,
/// in any case), whitespace and control characters anywhere (`" javascript:"`, `"java\nscript:"`),
/// and backslashes (which browsers read as `/`). A protocol-relative URL (`//api.example.org/x`) is
/// resolved to `https:`, so the page's policy can name its origin.
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
        if text.contains("\\") { return .failure(.backslash) }
        if text.hasPrefix("//") { return .success("https:" + text) }
        guard let scheme = scheme(of: text) else { return .success(text) }
        let allowed = use == .link ? ["https", "http", "mailto"] : ["https", "http"]
        guard allowed.contains(scheme) else { return .failure(.scheme(scheme, allowed: allowed)) }
        return .success(text)
    }

    /// The scheme of an absolute URL, lowercased (`JavaScript:x` → `javascript`), or nil for a relative one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        guard let first = candidate.first, letters.contains(first),
              candidate.allSatisfy({ letters.contains($0) || ("0"..."9").contains($0) || "+-.".contains($0) })
        else { return nil }
        return candidate.lowercased()
    }

    /// Why a URL is refused.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case empty
        case invisible
        case backslash
        case scheme(String, allowed: [String])

        public var description: String {
            switch self {
            case .empty: return "it is empty"
            case .invisible: return "it contains whitespace or a control character"
            case .backslash: return "it contains a backslash"
            case .scheme(let scheme, let allowed):
                return "the scheme '\(scheme):' is not allowed (allowed: \(allowed.joined(separator: ", ")), or a relative URL)"
            }
        }
    }
}
