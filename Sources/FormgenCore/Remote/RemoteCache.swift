import Foundation

/// Downloaded sources kept between builds (`.formgen/cache/`): per URL a body file and a metadata file with
/// the fetch time, `ETag`/`Last-Modified` and the URL as written (never its `${VAR}` values or headers).
/// Writes are atomic (a temporary file renamed); an entry that does not read back whole is corrupt.
public struct RemoteCache: Sendable {
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// What the cache keeps of one URL.
    public struct Entry: Sendable, Equatable {
        public var body: Data
        public var metadata: Metadata
    }

    /// The metadata file's contents.
    public struct Metadata: Codable, Sendable, Equatable {
        public var url: String
        /// Seconds since 1970 of the last fetch or revalidation.
        public var fetchedAt: Double
        public var etag: String?
        public var lastModified: String?
        public var contentType: String?
        /// SHA-256 of the body, to tell a torn or edited body.
        public var bodySHA256: String
    }

    /// What reading an entry found.
    public enum Lookup: Sendable, Equatable {
        case missing
        case corrupt(String)
        case found(Entry)
    }

    /// The file name stem of a URL's entry.
    static func key(_ url: String) -> String { String(SHA256.hex(url).prefix(32)) }

    private func files(_ url: String) -> (body: URL, metadata: URL) {
        let stem = Self.key(url)
        return (directory.appendingPathComponent(stem + ".body"), directory.appendingPathComponent(stem + ".json"))
    }

    public func read(_ url: String) -> Lookup {
        let (bodyFile, metadataFile) = files(url)
        guard let metadataData = FileManager.default.contents(atPath: metadataFile.path) else { return .missing }
        guard let metadata = try? JSONDecoder().decode(Metadata.self, from: metadataData), metadata.url == url else {
            return .corrupt("its metadata cannot be read")
        }
        guard let body = FileManager.default.contents(atPath: bodyFile.path) else { return .corrupt("its body is missing") }
        guard SHA256.hex(bytes: Array(body)) == metadata.bodySHA256 else { return .corrupt("its body does not match its digest") }
        return .found(Entry(body: body, metadata: metadata))
    }

    /// Stores a fresh body.
    public func write(_ url: String, body: Data, fetchedAt: Double, etag: String?, lastModified: String?, contentType: String?) throws {
        let (bodyFile, metadataFile) = files(url)
        let metadata = Metadata(url: url, fetchedAt: fetchedAt, etag: etag, lastModified: lastModified, contentType: contentType,
                                bodySHA256: SHA256.hex(bytes: Array(body)))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try atomicWrite(body, to: bodyFile)
        try atomicWrite(Self.encode(metadata), to: metadataFile)
    }

    /// Marks an entry as fetched again (a 304 answer): same body, new time.
    public func refresh(_ entry: Entry, at time: Double) throws {
        var metadata = entry.metadata
        metadata.fetchedAt = time
        try atomicWrite(Self.encode(metadata), to: files(metadata.url).metadata)
    }

    private static func encode(_ metadata: Metadata) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(metadata)) ?? Data()
    }

    private func atomicWrite(_ data: Data, to file: URL) throws {
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        try data.write(to: temporary)
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
