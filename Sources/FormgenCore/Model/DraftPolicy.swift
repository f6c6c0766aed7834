/// Whether the browser keeps a draft of a form's answers, and for how long (`drafts:` in a form or site.yaml).
public struct DraftPolicy: Sendable, Hashable {
    /// `drafts: false` turns drafts off.
    public var enabled: Bool
    /// A draft older than this many seconds is discarded, not restored (`maxAge: 24h`).
    public var maxAgeSeconds: Int

    /// Drafts expire after a day unless the config says otherwise.
    public static let defaultMaxAgeSeconds = 24 * 60 * 60

    public init(enabled: Bool = true, maxAgeSeconds: Int = DraftPolicy.defaultMaxAgeSeconds) {
        self.enabled = enabled
        self.maxAgeSeconds = maxAgeSeconds
    }
}
