/// `logout: {endpoint: /api/logout, goTo: /login/, label: Log out}`: a button in a real `<form method="post">` (so it
/// works without JavaScript) that posts to `endpoint` with `credentials`, then goes to `goTo`.
public struct LogoutAction: Sendable, Hashable {
    /// Where the post goes; the API clears its session cookie.
    public var endpoint: String
    /// Where the page goes once the API answered.
    public var goTo: String
    /// The button's text; the language's "Log out" when nil.
    public var label: String?
    /// `label` in other languages: lower-case language tag → text.
    public var labelTranslations: [String: String] = [:]
    public var credentials: FetchCredentials = .sameOrigin
    public var location: SourceLocation

    public init(endpoint: String, goTo: String, label: String? = nil, credentials: FetchCredentials = .sameOrigin, at location: SourceLocation) {
        self.endpoint = endpoint
        self.goTo = goTo
        self.label = label
        self.credentials = credentials
        self.location = location
    }

    /// The button's text in `language`.
    public func label(in language: String) -> String? {
        labelTranslations[language.lowercased()] ?? label
    }
}
