import Foundation

/// Why watching could not start.
public enum WatchError: Error, CustomStringConvertible {
    case inotifyUnavailable
    case cannotWatch(String, errno: Int32)

    public var description: String {
        switch self {
        case .inotifyUnavailable: return "inotify is not available on this system; use --poll"
        case .cannotWatch(let path, let code): return "cannot watch \(path): \(String(cString: strerror(code)))"
        }
    }
}
