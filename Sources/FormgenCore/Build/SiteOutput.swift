import Foundation

/// One file a build writes: its path in the output and the pure function that renders its bytes.
public struct SiteOutput: @unchecked Sendable {
    public var path: String
    /// Renders the file; it reads only the loaded site, so outputs render in any order, in parallel.
    public var bytes: () -> Data
    /// A digest of everything the file depends on; when the last build wrote the same path with the
    /// same key, its file is reused instead of rendered. Nil for files that depend on the whole site.
    public var cacheKey: String?

    public init(path: String, cacheKey: String? = nil, bytes: @escaping () -> Data) {
        self.path = path
        self.cacheKey = cacheKey
        self.bytes = bytes
    }
}
