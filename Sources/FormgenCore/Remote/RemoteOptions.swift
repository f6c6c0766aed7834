import Foundation

/// How a build treats remote sources: where the cache is, whether it may use the network.
public struct RemoteOptions: Sendable {
    /// The cache folder; nil: `.formgen/cache/` beside the config folder.
    public var cacheDirectory: String?
    /// `--offline`: only the cache, never the network.
    public var offline = false
    /// `--refresh`: ask every source even when its cached copy is younger than its `maxAge`.
    public var refresh = false
    /// Use a cached copy without asking whenever there is one (`formgen serve` between fetches).
    public var preferCache = false
    /// `--no-download-images` sets false: pages keep remote image URLs (and the CSP names their origins).
    public var downloadImages = true
    /// Where `${VAR}` in URLs and headers comes from.
    public var environment: [String: String] = ProcessInfo.processInfo.environment
    /// Seconds since 1970, for cache ages.
    public var now: @Sendable () -> Double = { Date().timeIntervalSince1970 }
    /// Called with a line per source fetched (`formgen build` prints them on a terminal).
    public var progress: (@Sendable (String) -> Void)?

    public init() {}

    /// The cache folder for a config folder.
    public func cacheFolder(configDirectory: String) -> URL {
        if let cacheDirectory { return URL(fileURLWithPath: cacheDirectory) }
        let config = URL(fileURLWithPath: configDirectory).standardizedFileURL
        return config.deletingLastPathComponent().appendingPathComponent(".formgen/cache")
    }
}
