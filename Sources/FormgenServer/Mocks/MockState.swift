import FormgenCore
import Foundation

/// The parsed `mocks.yaml`, read again only when the file changes, and the requests per mock
/// path since it last changed (for `failFirst`).
final class MockState: @unchecked Sendable {
    private let lock = NSLock()
    private var version: ConfinedFileProvider.FileVersion?
    private var parsed: (MockConfig, [Diagnostic]) = (MockConfig(), [])
    private var counts: [String: Int] = [:]

    /// The settings in the file at `path` (none if there is no file), and their problems.
    func config(at path: String) -> (MockConfig, [Diagnostic]) {
        let current = ConfinedFileProvider.status(of: path)?.version
        lock.lock()
        defer { lock.unlock() }
        if current != version {
            version = current
            counts.removeAll()
            if current != nil, let data = FileManager.default.contents(atPath: path) {
                parsed = MockConfigReader.parse(String(decoding: data, as: UTF8.self), file: path)
            } else {
                parsed = (MockConfig(), [])
            }
        }
        return parsed
    }

    /// The number of this request (1 for the first) for `path` since the settings last changed.
    func count(_ path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counts[path, default: 0] += 1
        return counts[path]!
    }
}
