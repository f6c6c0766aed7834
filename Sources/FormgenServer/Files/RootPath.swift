import Foundation

/// The root's real path, found once it exists.
final class RootPath: @unchecked Sendable {
    private let lock = NSLock()
    private var resolved: String?

    func value(orResolve root: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if resolved == nil { resolved = ConfinedFileProvider.realPath(root) }
        return resolved
    }
}
