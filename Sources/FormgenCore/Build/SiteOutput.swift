import Foundation

/// One file a build writes: its path in the output and the pure function that renders its bytes.
public struct SiteOutput: @unchecked Sendable {
    public var path: String
    /// Renders the file; it reads only the loaded site, so outputs render in any order, in parallel.
    public var bytes: () -> Data

    public init(path: String, bytes: @escaping () -> Data) {
        self.path = path
        self.bytes = bytes
    }
}
