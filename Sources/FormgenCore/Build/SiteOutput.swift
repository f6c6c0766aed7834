import Foundation

/// One file a build writes: its path in the output and the pure function that renders its bytes.
public struct SiteOutput: @unchecked Sendable {
    /// What a file is, for `formgen build --timings`.
    public enum Kind: String, CaseIterable, Sendable {
        case formPage = "form pages"
        case referencePage = "reference pages"
        case schema = "schemas"
        case sentPage = "sent pages"
        case sitePage = "site pages"
        case remoteFile = "remote files"
    }

    public var path: String
    public var kind: Kind
    /// The path of the form whose file this is (its page, reference page, schema, "sent" page); nil for the
    /// files of the whole site (home page, 404 page, sitemap, docs, the flow's pages).
    public var owner: String?
    /// Renders the file; it reads only the loaded site, so outputs render in any order, in parallel.
    public var bytes: () -> Data
    /// A digest of everything the file depends on; when the last build wrote the same path with the
    /// same key, its file is reused instead of rendered. Nil for files that depend on the whole site.
    public var cacheKey: String?

    public init(path: String, kind: Kind = .sitePage, owner: String? = nil, cacheKey: String? = nil, bytes: @escaping () -> Data) {
        self.path = path
        self.kind = kind
        self.owner = owner
        self.cacheKey = cacheKey
        self.bytes = bytes
    }
}
