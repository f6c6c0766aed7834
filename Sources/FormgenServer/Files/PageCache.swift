import Foundation
import Hummingbird

/// Rewritten pages by real path, each with the version of the file it came from.
final class PageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (version: ConfinedFileProvider.FileVersion, page: ByteBuffer)] = [:]

    func page(at path: String, version: ConfinedFileProvider.FileVersion) -> ByteBuffer? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], entry.version == version else { return nil }
        return entry.page
    }

    func store(_ page: ByteBuffer, at path: String, version: ConfinedFileProvider.FileVersion) {
        lock.lock()
        defer { lock.unlock() }
        entries[path] = (version, page)
    }
}
