import Foundation

/// Why the server could not run, in one line.
public struct ServeError: Error, CustomStringConvertible {
    public let description: String

    init(code: Int32, host: String, port: Int) {
        self.init(reason: String(cString: strerror(code)), host: host, port: port)
    }

    init(_ error: any Error, host: String, port: Int) {
        self.init(reason: String(describing: error), host: host, port: port)
    }

    private init(reason text: String, host: String, port: Int) {
        if text.contains("Address already in use") || text.contains("errno: 98") {
            description = "cannot listen on \(host):\(port): the port is already in use (stop the other server, or pick another with --port)"
        } else if text.contains("Permission denied") || text.contains("errno: 13") {
            description = "cannot listen on \(host):\(port): permission denied (pick a port above 1023 with --port)"
        } else if text.contains("Cannot assign requested address") || text.contains("errno: 99") {
            description = "cannot listen on \(host):\(port): this machine has no such address"
        } else {
            description = "cannot serve on \(host):\(port): \(text)"
        }
    }
}
