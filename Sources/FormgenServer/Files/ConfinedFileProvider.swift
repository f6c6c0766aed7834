import Foundation
import Hummingbird
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves the files of one folder, and nothing outside it: a path is resolved to its real path
/// (symbolic links followed) and refused unless that lies inside the folder's real path.
public struct ConfinedFileProvider: FileProvider {
    public struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        public let isFolder: Bool
        public let size: Int
        public let modificationDate: Date
    }

    /// The file's real path.
    public typealias FileIdentifier = String

    /// The served folder as given.
    public let root: String
    private let fileIO: FileIO
    private let rootPath = RootPath()

    public init(root: String) {
        self.root = root
        self.fileIO = FileIO()
    }

    /// The real path of `path` (relative to the root) if it exists inside the root, else nil.
    /// Components are checked one by one (`lstat`); where one is a symbolic link the rest is
    /// resolved in full and must still lie inside the root's real path. A NUL byte (`%00`), which
    /// the system would read as the end of the path, finds nothing.
    public func getFileIdentifier(_ path: String) -> String? {
        guard !path.utf8.contains(0) else { return nil }
        guard let rootPath = rootPath.value(orResolve: root) else { return nil }
        let components = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var current = rootPath
        for (index, component) in components.enumerated() where component != "." {
            guard component != ".." else { return nil }
            let next = current + "/" + component
            var info = stat()
            guard lstat(next, &info) == 0 else { return nil }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                let rest = components[index...].joined(separator: "/")
                guard let real = Self.realPath(current + "/" + rest), real == rootPath || real.hasPrefix(rootPath + "/") else { return nil }
                return real
            }
            current = next
        }
        return current
    }

    public func getAttributes(id: String) async throws -> FileAttributes? {
        guard let status = Self.status(of: id) else { return nil }
        if status.isFolder {
            return FileAttributes(isFolder: true, size: 0, modificationDate: status.modified)
        }
        return FileAttributes(isFolder: false, size: status.size, modificationDate: status.modified)
    }

    public func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        return try await fileIO.loadFile(path: id, context: context)
    }

    public func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try await fileIO.loadFile(path: id, range: range, context: context)
    }

    // MARK: File system

    struct FileStatus: Sendable {
        var isFolder: Bool
        var size: Int
        var modified: Date
        /// Changes whenever the file is replaced or written.
        var version: FileVersion
    }

    struct FileVersion: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var seconds: Int
        var nanoseconds: Int
    }

    static func status(of path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        let isFile = (info.st_mode & S_IFMT) == S_IFREG
        guard isFolder || isFile else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        let seconds = Int(time.tv_sec), nanoseconds = Int(time.tv_nsec)
        return FileStatus(
            isFolder: isFolder, size: Int(info.st_size),
            modified: Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9),
            version: FileVersion(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                                 seconds: seconds, nanoseconds: nanoseconds))
    }

    /// The canonical path with every symbolic link resolved, nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
