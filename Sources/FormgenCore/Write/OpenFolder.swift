import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder held open, so that many files in it are looked up from it rather than from `/` each time: the kernel
/// then walks only the part of each path below the folder (a rebuild looks for thousands of outputs).
final class OpenFolder: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String

    /// The folder at `path`; a folder that cannot be opened is looked in by full path.
    init(_ path: String) {
        self.path = path.hasSuffix("/") ? path : path + "/"
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether something is at `relative` (a path under the folder, without a leading `/`).
    func contains(_ relative: String) -> Bool {
        descriptor >= 0 ? faccessat(descriptor, relative, F_OK, 0) == 0 : access(path + relative, F_OK) == 0
    }
}
