import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes over a loopback TCP socket, for requests no HTTP client would send (malformed, chunked and huge).
final class RawHTTPClient {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    /// Sends the bytes; false once the peer stopped taking them (it answered and closed).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// What arrived until the peer closed, or nothing came for `quiet` seconds after something did, or `seconds` passed.
    func receive(seconds: Double = 10, quiet: Double = 0.3) -> String {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var lastData = Date()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while Date() < deadline {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
                lastData = Date()
            } else if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                break
            } else if !received.isEmpty, Date().timeIntervalSince(lastData) > quiet {
                break
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One request on a fresh connection; the whole answer.
    static func exchange(_ request: String, port: Int) throws -> String {
        let client = try RawHTTPClient(port: port)
        client.send(request)
        return client.receive()
    }
}
