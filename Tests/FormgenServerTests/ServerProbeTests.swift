import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// Attacks on the preview server: encoded traversal, symbolic links out of the output and out of
/// `mocks/`, 50 MB bodies (with a length and chunked), and malformed requests. None leaks a file
/// outside, none is answered with a 5xx, and the server goes on answering.
@Suite struct ServerProbeTests {
    static let fiftyMegabytes = 50 << 20

    @Test(arguments: [
        "/%252e%252e/secret.txt",
        "/%252e%252e%252fsecret.txt",
        "/.%2e/secret.txt",
        "/%2e./secret.txt",
        "/assets/%2e%2e%5c%2e%2e%5csecret.txt",
        "/assets/..%5c..%5csecret.txt",
        "/..;/secret.txt",
        "//secret.txt",
        "/assets/%00/../../secret.txt",
        "/assets/logo.svg%00.txt",
        "/assets/logo.svg%00",
        "/api/profile%00.json",
        "/api/profile.json%00",
        "/%c0%ae%c0%ae/secret.txt",
        "/%u002e%u002e/secret.txt",
        "/api/..%2f..%2f..%2fsecret.txt",
        "/api/%2e%2e/%2e%2e/%2e%2e/secret.txt",
        "/api/%252e%252e/%252e%252e/secret.txt",
        "/api/out/secret2.txt",
        "/api/out/secret2",
        "/api/leak-folder/secret2",
        "/outside-folder/secret2.txt",
    ])
    func encodedTraversalAndSymbolicLinksLeakNothing(path: String) async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: site.mocks.appendingPathComponent("api/out").path,
                                           withDestinationPath: site.root.appendingPathComponent("private").path)
        try fileManager.createSymbolicLink(atPath: site.mocks.appendingPathComponent("api/leak-folder").path,
                                           withDestinationPath: "../../../private")
        try fileManager.createSymbolicLink(atPath: site.output.appendingPathComponent("outside-folder").path,
                                           withDestinationPath: "../private")
        try site.write("private/secret2.json", #"{"secret": "\#(TestSite.secret)"}"#)
        try await site.withClient { client in
            for method in [HTTPRequest.Method.get, .head, .post] {
                try await client.execute(uri: path, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}")) { response in
                    #expect((400..<500).contains(response.status.code), "\(method) \(path) answered \(response.status)")
                    #expect(!response.text.contains(TestSite.secret))
                }
            }
        }
    }

    @Test(arguments: ["/__formgen/submit/contact", "/api/profile", "/", "/contact/"])
    func aFiftyMegabyteBodyWithALengthGets413(path: String) async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let body = ByteBuffer(repeating: UInt8(ascii: "x"), count: Self.fiftyMegabytes)
        try await site.withClient { client in
            try await client.execute(uri: path, method: .post, headers: [.contentType: "application/json"], body: body) { response in
                #expect(response.status == .contentTooLarge)
            }
            try await client.execute(uri: "/contact/", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: site.submissions.path))
    }

    @Test func fiftyMegabytesSentChunkedOrWithALengthOverASocketAre413AndTheServerGoesOn() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withLiveServer { port in
            for path in ["/__formgen/submit/contact", "/api/profile"] {
                let (chunked, declared) = try await blocking { () -> (String, String) in
                    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
                    let chunkHead = Array((String(chunk.count, radix: 16) + "\r\n").utf8), crlf = Array("\r\n".utf8)
                    let chunked = try LoopbackClient(port: port)
                    chunked.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                    for _ in 0..<50 where chunked.send(chunkHead + chunk + crlf) {}
                    chunked.send("0\r\n\r\n")
                    let declared = try LoopbackClient(port: port)
                    declared.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(Self.fiftyMegabytes)\r\n\r\n")
                    for _ in 0..<50 where declared.send(chunk) {}
                    return (chunked.receive(), declared.receive())
                }
                #expect(chunked.hasPrefix("HTTP/1.1 413"), "\(path): \(chunked.prefix(200))")
                #expect(declared.hasPrefix("HTTP/1.1 413"), "\(path): \(declared.prefix(200))")
            }
            let page = try await blocking { try LoopbackClient.exchange("GET /contact/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port) }
            #expect(page.hasPrefix("HTTP/1.1 200"))
        }
        #expect(!FileManager.default.fileExists(atPath: site.submissions.path))
    }

    static let malformed: [String] = [
        "HELLO\r\n\r\n",
        "GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
        "GET /contact/\r\n\r\n",
        "GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: \(String(repeating: "a", count: 200_000))\r\n\r\n",
        "POST /__formgen/submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}",
        "POST /__formgen/submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}",
        "POST /__formgen/submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 9\r\n\r\n{}",
        "POST /__formgen/submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        "POST /__formgen/submit/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        "GET http://evil.example/../../secret.txt HTTP/1.1\r\nHost: evil.example\r\n\r\n",
        "GET secret.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "GET /\u{0}/../secret.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "BREW /contact/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=99999999-0,-,5-2\r\n\r\n",
        "GET /api/profile?mock-status=99999999999999999999&mock-delay=-5 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "\r\n\r\n\r\n",
        "GET / HTTP/1.1\r\n",
    ]

    @Test func malformedRequestsGetA4xxOrAClosedConnectionNever5xx() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withLiveServer { port in
            for request in Self.malformed {
                let answer = try await blocking { try LoopbackClient.exchange(request, port: port) }
                let status = answer.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
                #expect(answer.isEmpty || (status.map { $0 < 500 } ?? false), "\(request.prefix(80).debugDescription) → \(answer.prefix(120))")
                #expect(!answer.contains(TestSite.secret))
            }
            let page = try await blocking { try LoopbackClient.exchange("GET /contact/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port) }
            #expect(page.hasPrefix("HTTP/1.1 200"))
        }
    }
}

extension TestSite {
    /// Runs `test` against the server listening on a free loopback port.
    func withLiveServer(_ test: @escaping @Sendable (Int) async throws -> Void) async throws {
        let app = Application(router: server().makeRouter(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.live) { client in
            try await test(try #require(client.port))
        }
    }
}

/// Runs blocking socket work on a thread of its own, so that the server's tasks keep the cooperative pool.
func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
