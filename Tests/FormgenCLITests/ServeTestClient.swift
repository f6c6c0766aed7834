import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain HTTP/1.1 client over a loopback TCP socket, for talking to a running `formgen serve` (including its event
/// stream, which it reads as it arrives) or `formgen collect`, also as clients that misbehave on purpose: silent, or
/// sending a body byte by byte.
final class ServeTestClient {
    private let descriptor: Int32
    private(set) var received = ""

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClientError.socket(errno) }
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
            throw ClientError.socket(errno)
        }
    }

    deinit { close(descriptor) }

    enum ClientError: Error {
        case socket(Int32)
        case timedOut(String)
    }

    /// Sends `request`; false when the server has closed the connection.
    @discardableResult
    func send(_ request: String) -> Bool {
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Reads for up to `seconds`; true when the server closed the connection (end of stream or reset) in that time.
    func closedByServer(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while Date() < deadline {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return true
            }
        }
        return false
    }

    /// Reads until `text` has arrived (after `from`), the peer closes, or `seconds` pass; returns whether it came.
    @discardableResult
    func read(until text: String, after from: String.Index? = nil, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while Date() < deadline {
            if received.range(of: text, range: (from ?? received.startIndex)..<received.endIndex) != nil { return true }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            } else if count == 0 {
                return received.range(of: text, range: (from ?? received.startIndex)..<received.endIndex) != nil
            }
        }
        return false
    }

    /// One request on a fresh connection; the whole answer (head and body) as text.
    static func get(_ path: String, port: Int) throws -> String {
        let client = try ServeTestClient(port: port)
        client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        client.read(until: "\u{0}", seconds: 10)
        return client.received
    }

    /// A free port on 127.0.0.1 held open (listening) until `close` — to try a taken port.
    static func listeningSocket() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
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
}

/// A `formgen serve` process with its output collected as it comes.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    init(arguments: [String], in directory: URL, environment: [String: String]? = nil) throws {
        process.executableURL = CommandRunner.binary
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.out += text }
        }
        errPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.err += text }
        }
        try process.run()
    }

    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }

    /// Waits for the line naming the URL; returns the port.
    func waitForPort(seconds: Double = 60) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, process.isRunning {
            if let match = stdout.firstMatch(of: /Serving http:\/\/127\.0\.0\.1:(\d+)\//) { return Int(match.1) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Sends `signal` and waits up to `seconds` for the process to end; its exit status, or nil if it did not end.
    func stop(with signal: Int32 = SIGINT, seconds: Double = 15) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    /// Waits up to `seconds` for the process to end by itself.
    func waitForExit(seconds: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
