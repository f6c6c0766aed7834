import Foundation

/// The files under some folders with their sizes and modification times, for polling.
struct FileSnapshot: Sendable {
    struct Stamp: Hashable, Sendable {
        var size: Int
        var modified: Date
    }

    var files: [String: Stamp] = [:]

    init(folders: [String]) {
        let fileManager = FileManager.default
        for folder in folders.sorted() {
            guard let enumerator = fileManager.enumerator(atPath: folder) else { continue }
            for case let relative as String in enumerator {
                let path = (folder as NSString).appendingPathComponent(relative)
                guard let attributes = try? fileManager.attributesOfItem(atPath: path),
                      attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                files[path] = Stamp(size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                                    modified: attributes[.modificationDate] as? Date ?? .distantPast)
            }
        }
    }

    /// Paths added, removed or changed since `previous`.
    func changes(since previous: FileSnapshot) -> Set<String> {
        var changed = Set<String>()
        for (path, stamp) in files where previous.files[path] != stamp { changed.insert(path) }
        for path in previous.files.keys where files[path] == nil { changed.insert(path) }
        return changed
    }
}
