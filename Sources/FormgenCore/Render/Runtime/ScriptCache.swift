import Foundation

/// A theme's page scripts by the set of optional modules they join, each joined and hashed once, when a page first
/// needs it (2^11 sets are possible; a site uses a handful). Safe to share between threads.
final class ScriptCache: @unchecked Sendable {
    private let lock = NSLock()
    private var scripts: [Set<String>: RuntimeScript.PageScript] = [:]

    func script(for used: Set<String>, make: (Set<String>) -> RuntimeScript.PageScript) -> RuntimeScript.PageScript {
        lock.lock()
        if let known = scripts[used] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = make(used)
        lock.lock()
        defer { lock.unlock() }
        if let known = scripts[used] { return known }
        scripts[used] = made
        return made
    }
}
