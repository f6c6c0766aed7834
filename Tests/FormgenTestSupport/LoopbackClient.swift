import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain HTTP/1.1 client over a loopback TCP socket, for talking to a running server (its event stream, read as it
/// arrives, included), also as clients that misbehave on purpose: silent, sending a body byte by byte, or sending
/// requests no HTTP client would send (malformed, chunked and huge).
public final class LoopbackClient {
    private let descriptor: Int32
    /// Everything read so far.
    public private(set) var received = ""

    public enum ClientError: Error {
        case socket(Int32)
    }

    /// Connects to 127.0.0.1:`port`; reads wait at most 0.2 s each.
    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClientError.socket(errno) }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let failure = errno
            close(descriptor)
            throw ClientError.socket(failure)
        }
    }

    deinit { close(descriptor) }

    /// Sends the bytes; false once the peer stopped taking them (it answered and closed).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// One read of what has arrived: the count read (0 at the end of the stream, -1 when nothing came in 0.2 s or it failed).
    private func readOnce(into buffer: inout [UInt8]) -> Int {
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count > 0 { received += String(decoding: buffer[0..<count], as: UTF8.self) }
        return count
    }

    private var wouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }

    /// Reads for up to `seconds`; true when the server closed the connection (end of stream or reset) in that time.
    public func closedByServer(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while Date() < deadline {
            let count = readOnce(into: &buffer)
            if count == 0 || (count < 0 && !wouldBlock) { return true }
        }
        return false
    }

    /// Reads until `text` has arrived (after `from`), the peer closes, or `seconds` pass; returns whether it came.
    @discardableResult
    public func read(until text: String, after from: String.Index? = nil, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        func arrived() -> Bool { received.range(of: text, range: (from ?? received.startIndex)..<received.endIndex) != nil }
        while Date() < deadline {
            if arrived() { return true }
            if readOnce(into: &buffer) == 0 { return arrived() }
        }
        return false
    }

    /// What arrived until the peer closed, or nothing came for `quiet` seconds after something did, or `seconds` passed.
    public func receive(seconds: Double = 10, quiet: Double = 0.3) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var lastData = Date()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while Date() < deadline {
            let count = readOnce(into: &buffer)
            if count > 0 {
                lastData = Date()
            } else if count == 0 || !wouldBlock {
                break
            } else if !received.isEmpty, Date().timeIntervalSince(lastData) > quiet {
                break
            }
        }
        return received
    }

    /// One request on a fresh connection; the whole answer (head and body) as text.
    public static func exchange(_ request: String, port: Int) throws -> String {
        let client = try LoopbackClient(port: port)
        client.send(request)
        return client.receive()
    }

    /// `GET path` on a fresh connection that the server closes after answering; the whole answer.
    public static func get(_ path: String, port: Int) throws -> String {
        let client = try LoopbackClient(port: port)
        client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        client.read(until: "\u{0}", seconds: 10)
        return client.received
    }

    /// A free port on 127.0.0.1 held open (listening) until `close` — to try a taken port.
    public static func listeningSocket() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(descriptor, pointer, length) == 0, listen(descriptor, 1) == 0 else { return -1 }
                return getsockname(descriptor, pointer, &length)
            }
        }
        guard bound == 0 else { throw ClientError.socket(errno) }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
