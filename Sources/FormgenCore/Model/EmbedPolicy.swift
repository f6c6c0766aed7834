/// Which other sites may show a form inside an `<iframe>` (`embed: {origins: [...]}` in a form or `site.yaml`).
///
/// A page with origins gets `frame-ancestors` with exactly those origins in its emitted headers and the runtime's
/// `frame` module, which posts the page's height to the host page (only to one of these origins); every other page
/// keeps denying framing.
public struct EmbedPolicy: Sendable, Hashable {
    /// Serialized origins (`https://www.example.org`), sorted, without duplicates; empty: the page may not be framed.
    public var origins: [String]

    public init(origins: [String] = []) {
        self.origins = Array(Set(origins)).sorted()
    }

    /// Whether any other site may frame the page.
    public var isEmbeddable: Bool { !origins.isEmpty }

    /// The `frame-ancestors` source list of the page's header policy.
    public var frameAncestors: String { origins.isEmpty ? "'none'" : origins.joined(separator: " ") }
}
