import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Creates a build's folders on a thread of its own, one after another in the order the outputs first need
/// them (parents before children), while other threads render; a thread about to write a file waits only
/// until that file's folder is there. Creating thousands of folders in one parent is serial in the kernel
/// (the parent's lock), so doing it before rendering starts left the processors idle for as long.
final class FolderGate: @unchecked Sendable {
    /// The folders, relative to the root, in the order they are created.
    let order: [String]
    /// For each output path, the position in `order` of its folder (-1: the root itself).
    let positions: [Int]
    private let root: String
    private let condition = NSCondition()
    private var created = 0
    private var failure: Error?
    private let done = DispatchGroup()

    /// Plans the folders of `paths` (then of `extra`, whose files wait for ``finish()``) under `root`.
    init(root: String, paths: [String], extra: [String] = []) {
        self.root = root.hasSuffix("/") ? root : root + "/"
        var order: [String] = []
        var known: [String: Int] = [:]
        func position(of folder: String) -> Int {
            if folder.isEmpty { return -1 }
            if let known = known[folder] { return known }
            _ = position(of: OutputWriter.parent(of: folder))
            order.append(folder)
            known[folder] = order.count - 1
            return order.count - 1
        }
        positions = paths.map { position(of: OutputWriter.parent(of: $0)) }
        for path in extra.sorted() { _ = position(of: OutputWriter.parent(of: path)) }
        self.order = order
    }

    /// Starts creating the folders on a thread of its own.
    func start() {
        done.enter()
        let thread = Thread { [self] in
            for folder in order {
                if mkdir(root + folder, 0o755) != 0 && errno != EEXIST {
                    let code = errno
                    condition.lock()
                    failure = POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
                    condition.broadcast()
                    condition.unlock()
                    break
                }
                condition.lock()
                created += 1
                condition.broadcast()
                condition.unlock()
            }
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Waits until the folder of the output at `index` is there; false when creating the folders failed.
    func waitForFolder(ofOutput index: Int) -> Bool {
        let position = positions[index]
        guard position >= 0 else { return true }
        condition.lock()
        defer { condition.unlock() }
        while created <= position && failure == nil { condition.wait() }
        return created > position
    }

    /// Waits until every folder is created; throws what failed.
    func finish() throws {
        done.wait()
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure }
    }
}
