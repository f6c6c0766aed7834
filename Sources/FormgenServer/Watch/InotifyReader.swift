#if os(Linux)
import Foundation
import Glibc

/// An inotify instance with a watch on each folder under some roots; reports changed paths.
/// Folders created later are watched as they appear. When the kernel's event queue overflowed (events were lost), it
/// reports each root as changed and watches its folders again. Used by one thread at a time.
final class InotifyReader: @unchecked Sendable {
    private let descriptor: Int32
    private let roots: [String]
    private var folders: [Int32: String] = [:]
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
                                     | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    init(folders roots: [String]) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw WatchError.cannotWatch("inotify", errno: errno) }
        self.roots = roots.sorted()
        for root in self.roots where FileManager.default.fileExists(atPath: root) {
            try watchTree(root)
        }
    }

    /// Watches `folder` and every folder inside it.
    private func watchTree(_ folder: String) throws {
        try watch(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return }
        for case let relative as String in enumerator {
            let path = (folder as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                try watch(path)
            }
        }
    }

    private func watch(_ folder: String) throws {
        let watch = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR))
        guard watch >= 0 else { throw WatchError.cannotWatch(folder, errno: errno) }
        folders[watch] = folder
    }

    /// Waits up to `milliseconds` for events; true when some are ready.
    func wait(milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0 && poller.revents & Int16(POLLIN) != 0
    }

    /// The paths of the events ready now (none if none are).
    func read() -> Set<String> {
        Set(readEvents().keys)
    }

    /// Events that leave a file whole: closed after writing, renamed into place, removed, or its attributes changed.
    private static let finishing = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)

    /// The paths of the events ready now, each with whether its last event left it whole (a write still under way
    /// ends with `IN_CLOSE_WRITE`; a created or modified file may still be open).
    func readEvents() -> [String: Bool] {
        var changed: [String: Bool] = [:]
        var overflowed = false
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(descriptor, buffer, capacity)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                guard let folder = folders[event.wd] else { continue }
                let path = name.isEmpty ? folder : (folder as NSString).appendingPathComponent(name)
                changed[path] = event.mask & Self.finishing != 0
                if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    try? watchTree(path)
                }
                if event.mask & UInt32(IN_IGNORED) != 0 { folders[event.wd] = nil }
            }
        }
        if overflowed {
            // Which files changed is lost: every root stands for all its files, and folders made meanwhile get watches.
            for root in roots where FileManager.default.fileExists(atPath: root) {
                changed[root] = true
                try? watchTree(root)
            }
        }
        return changed
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
#endif
