import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real HTTP/1.1 server on a loopback port, answering what a test sets per path and counting the requests,
/// for the build's remote sources. It runs on plain threads (one per connection), never on Swift's cooperative
/// pool, so it answers at once however busy the test run is. An answer with an `ETag` is revalidated:
/// `If-None-Match` with it gets 304.
final class TestOrigin: @unchecked Sendable {
    struct Reply {
        var status = 200
        var body: Data
        var contentType = "application/json"
        var etag: String?
        /// Seconds to wait before answering.
        var delay: Double = 0
        /// A redirect's target (the `Location` header).
        var location: String?
    }

    private let lock = NSLock()
    private var replies: [String: Reply] = [:]
    private var received: [(path: String, headers: [String: String])] = []
    private var listener: Int32 = -1
    private(set) var base = ""

    /// Starts listening on 127.0.0.1 at a free port.
    static func start() async throws -> TestOrigin {
        let origin = TestOrigin()
        try origin.listen()
        return origin
    }

    private func listen() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        guard bound == 0, Glibc.listen(socket, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        listener = socket
        base = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }
                Thread.detachNewThread { [self] in serve(client) }
            }
        }
    }

    /// Stops listening; later requests to `base` are refused.
    func stop() async {
        lock.withLock {
            if listener >= 0 {
                shutdown(listener, Int32(SHUT_RDWR))
                close(listener)
                listener = -1
            }
        }
    }

    func set(_ path: String, _ reply: Reply) {
        lock.withLock { replies[path] = reply }
    }

    func set(_ path: String, json: String, etag: String? = nil) {
        set(path, Reply(body: Data(json.utf8), etag: etag))
    }

    /// The requests made so far to `path`, each with its headers (lower-case names).
    func requests(_ path: String) -> [[String: String]] {
        lock.withLock { received.filter { $0.path == path }.map(\.headers) }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[0..<count]
            if request.count > 65536 { return }
        }
        let lines = String(decoding: request, as: UTF8.self).components(separatedBy: "\r\n")
        let target = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let reply: Reply? = lock.withLock {
            received.append((path, headers))
            return replies[path]
        }
        var status = reply?.status ?? 404
        var body = reply?.body ?? Data()
        var extra = ""
        if let reply {
            if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
            if let location = reply.location { extra += "Location: \(location)\r\n" }
            if let etag = reply.etag {
                extra += "ETag: \(etag)\r\n"
                if headers["if-none-match"] == etag {
                    status = 304
                    body = Data()
                }
            }
        }
        let head = "HTTP/1.1 \(status) X\r\nContent-Type: \(reply?.contentType ?? "text/plain")\r\n\(extra)Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + [UInt8](body)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBufferPointer { write(client, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            sent += written
        }
    }
}

/// Runs blocking work (a build that waits for HTTP answers) on a thread outside Swift's cooperative pool.
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
