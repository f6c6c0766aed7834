import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Makes the build's HTTP requests (GET only) with AsyncHTTPClient: redirects followed up to five times (by
/// formgen, each target checked by ``ConfigURL/origin(of:)`` first, never to a URL it would refuse in a config),
/// a connect and a whole-request timeout, bodies bounded. Each call waits for its answer, so the build stays
/// one straight line; the client's own threads do the network work.
public final class RemoteFetcher: Sendable {
    /// The largest body accepted (20 MiB).
    public static let maxBodySize = 20 << 20

    private let client: HTTPClient
    private let requestTimeout: Double

    public init(timeouts: RemoteTimeouts) {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: .milliseconds(Int64(timeouts.connect * 1000)),
                                                                    read: .milliseconds(Int64(timeouts.request * 1000))))
        configuration.decompression = .enabled(limit: .size(Self.maxBodySize))
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        requestTimeout = timeouts.request
    }

    deinit {
        try? client.syncShutdown()
    }

    /// An answer: its status, the headers the cache keeps, and the body.
    public struct Answer: Sendable {
        public var status: Int
        public var etag: String?
        public var lastModified: String?
        public var contentType: String?
        /// Where a redirect points.
        public var location: String?
        public var body: Data
    }

    /// GETs `url` with `headers`; the error's description says what went wrong in a few words
    /// (`connection refused`, `timed out after 30 s`, `HTTP 500`).
    public func get(_ url: String, headers: [String: String]) -> Result<Answer, RemoteFailure> {
        var visited = [url]
        while true {
            let answer = getOnce(visited[visited.count - 1], headers: headers)
            guard case .success(let got) = answer, [301, 302, 303, 307, 308].contains(got.status), let location = got.location else { return answer }
            guard visited.count <= Self.maxRedirects else { return .failure(RemoteFailure("more than \(Self.maxRedirects) redirects")) }
            guard let next = URL(string: location, relativeTo: URL(string: visited[visited.count - 1]))?.absoluteString,
                  ConfigURL.origin(of: next) != nil else {
                return .failure(RemoteFailure("redirected to a URL formgen does not fetch"))
            }
            guard !visited.contains(next) else { return .failure(RemoteFailure("redirected in a loop")) }
            visited.append(next)
        }
    }

    /// How many redirects one request follows.
    static let maxRedirects = 5

    private func getOnce(_ url: String, headers: [String: String]) -> Result<Answer, RemoteFailure> {
        guard ConfigURL.origin(of: url) != nil else { return .failure(RemoteFailure("not a URL formgen can fetch")) }
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: url, method: .GET, headers: HTTPHeaders(headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        } catch {
            return .failure(RemoteFailure("not a URL formgen can fetch"))
        }
        let accumulator = ResponseAccumulator(request: request, maxBodySize: Self.maxBodySize)
        let deadline = NIODeadline.now() + .milliseconds(Int64(requestTimeout * 1000))
        do {
            let response = try client.execute(request: request, delegate: accumulator, deadline: deadline).futureResult.wait()
            let body = response.body.map { Data($0.readableBytesView) } ?? Data()
            return .success(Answer(status: Int(response.status.code), etag: response.headers.first(name: "ETag"),
                                   lastModified: response.headers.first(name: "Last-Modified"),
                                   contentType: response.headers.first(name: "Content-Type"), location: response.headers.first(name: "Location"),
                                   body: body))
        } catch {
            return .failure(RemoteFailure(describing: error, timeout: requestTimeout))
        }
    }
}

/// Why a request failed, in the words a warning uses.
public struct RemoteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }

    init(describing error: Error, timeout: Double) {
        let text = String(describing: error)
        let lower = text.lowercased()
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout: self.init("connection timed out"); return
            case .deadlineExceeded, .readTimeout: self.init("timed out after \(NumberText.plain(timeout)) s"); return
            case .redirectLimitReached, .redirectCycleDetected: self.init("more than 5 redirects"); return
            case .remoteConnectionClosed: self.init("the server closed the connection"); return
            default: break
            }
        }
        if error is ResponseAccumulator.ResponseTooBigError {
            self.init("the answer is larger than 20 MiB")
        } else if lower.contains("refused") {
            self.init("connection refused")
        } else if lower.contains("timeout") || lower.contains("timed out") {
            self.init("timed out after \(NumberText.plain(timeout)) s")
        } else if lower.contains("dns") || lower.contains("unknownhost") || lower.contains("lookup") || lower.contains("nodename") {
            self.init("cannot resolve the host")
        } else if lower.contains("tls") || lower.contains("ssl") || lower.contains("certificate") {
            self.init("TLS failed (\(text))")
        } else {
            self.init("request failed (\(text))")
        }
    }
}

/// Numbers in messages: `30`, not `30.0`.
enum NumberText {
    static func plain(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
