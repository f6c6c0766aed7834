/// A cookie a mock endpoint sets (`setCookie: {name, value}` in `configs/mocks/mocks.yaml`): HttpOnly, SameSite=Strict
/// and Path=/ unless the config says otherwise, so the preview behaves like an API that keeps a session in a cookie
/// the page cannot read.
public struct MockCookie: Sendable, Equatable {
    public var name: String
    public var value: String
    public var httpOnly = true
    /// `Strict`, `Lax` or `None`.
    public var sameSite = "Strict"
    public var path = "/"
    /// Seconds the browser keeps it; nil: until the browser closes.
    public var maxAge: Int?

    public init(name: String, value: String, httpOnly: Bool = true, sameSite: String = "Strict", path: String = "/", maxAge: Int? = nil) {
        self.name = name
        self.value = value
        self.httpOnly = httpOnly
        self.sameSite = sameSite
        self.path = path
        self.maxAge = maxAge
    }

    /// The `Set-Cookie` header's value.
    public var header: String {
        var parts = ["\(name)=\(value)", "Path=\(path)"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        parts.append("SameSite=\(sameSite)")
        if sameSite == "None" { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }

    /// The `Set-Cookie` header's value that deletes the cookie `name` (set at `Path=/`).
    public static func clearing(_ name: String) -> String {
        "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
    }

    /// Whether `text` can be a cookie's name: an HTTP token (letters, digits and ``!#$%&'*+-.^_`|~``).
    public static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)) }
    }

    /// Whether `text` can be a cookie's value: printable ASCII without spaces, quotes, commas, semicolons or backslashes.
    public static func isValue(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"\",;\\".unicodeScalars.contains($0) }
    }

    /// The cookies a `Cookie` request header sends, by name (the first of a name wins).
    public static func parse(_ header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            if cookies[name] == nil { cookies[name] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return cookies
    }
}
