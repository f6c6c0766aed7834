import FormgenTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The preview's sink and `formgen collect` run one submission handler: the same hostile or trap-filled posts get the
/// same answers from both (status, headers that matter, body), apart from where the site is (collect names the site's
/// origin in a "sent" address and links; the sink, on the site's own host, gives paths).
@Suite struct SubmissionAgreementTests {
    static let origin = "https://forms.example.org"

    static let form = ContactForm.make(submit: ["minSeconds: 3"], fields: """
      - {id: email, label: Email, type: email}
      - {id: photo, label: Photo, type: file, accept: [image/png]}

    """)

    /// One post: its media type, `Accept`, `Idempotency-Key` and body.
    struct Post: CustomStringConvertible {
        var description: String
        var contentType: String
        var accept = "application/json"
        var key: String?
        var body: String
    }

    static let boundary = "fgBoundary7MA4YWxk"

    static func multipart(_ fields: [(String, String)], file: (field: String, name: String, type: String, bytes: String)?) -> String {
        var body = ""
        for (name, value) in fields {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        if let file {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.name)\"\r\nContent-Type: \(file.type)\r\n\r\n\(file.bytes)\r\n"
        }
        return body + "--\(boundary)--\r\n"
    }

    static let formType = "application/x-www-form-urlencoded"
    static let html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

    static let posts: [Post] = [
        Post(description: "honeypot filled (JSON)", contentType: "application/json", body: #"{"name":"Bot","_gotcha":"http://spam.example","fg-elapsed":9}"#),
        Post(description: "honeypot filled (form, no JS)", contentType: formType, accept: html, body: "name=Bot&_gotcha=buy+now&fg-elapsed=9"),
        Post(description: "too fast (JSON)", contentType: "application/json", body: #"{"name":"Ann","fg-elapsed":1}"#),
        Post(description: "too fast (form, no JS)", contentType: formType, accept: html, body: "name=Ann&fg-elapsed=0.5"),
        Post(description: "not JSON", contentType: "application/json", body: "{not json"),
        Post(description: "a JSON array", contentType: "application/json", body: "[1,2]"),
        Post(description: "an empty JSON body", contentType: "application/json", body: ""),
        Post(description: "wrong content type", contentType: "text/plain", body: #"{"name":"Ann"}"#),
        Post(description: "multipart without a boundary", contentType: "multipart/form-data", body: "name=Ann"),
        Post(description: "huge repeated checkbox names", contentType: formType,
             body: "name=Ann&fg-elapsed=9&" + String(repeating: "topics=News&topics=Nope&", count: 2500)),
        Post(description: "forged file metadata in JSON", contentType: "application/json",
             body: #"{"name":"Ann","fg-elapsed":9,"photo":{"name":"../../etc/passwd","size":-1,"type":"image/png","sha256":"00"}}"#),
        Post(description: "invalid fields (JSON)", contentType: "application/json", body: #"{"name":"  ","age":12,"email":"nope","topics":["Other"]}"#),
        Post(description: "invalid fields (form, no JS)", contentType: formType, accept: html, body: "name=&age=12&email=nope"),
        Post(description: "valid, key k-1", contentType: "application/json", key: "k-1", body: #"{"name":"Ann","age":30,"fg-elapsed":9}"#),
        Post(description: "valid, key k-1 again", contentType: "application/json", key: "k-1", body: #"{"name":"Ann","age":30,"fg-elapsed":9}"#),
        Post(description: "valid, key k-2 in the page's field", contentType: formType, body: "name=Bob&fg-idempotency-key=k-2"),
        Post(description: "valid, key k-2 in the page's field again", contentType: formType, body: "name=Bob&fg-idempotency-key=k-2"),
        Post(description: "an idempotency key of 201 bytes", contentType: "application/json", key: String(repeating: "k", count: 201),
             body: #"{"name":"Ann"}"#),
        Post(description: "multipart with a file of the wrong type", contentType: "multipart/form-data; boundary=\(boundary)",
             body: multipart([("name", "Ann"), ("fg-elapsed", "9")], file: ("photo", "photo.png", "image/png", "#!/bin/sh\necho not a picture\n"))),
        Post(description: "0x10 in a number field (form)", contentType: formType, body: "name=Ann&age=0x10"),
        Post(description: "valid (form, no JS)", contentType: formType, accept: html, body: "name=Cy&age=40&topics=News&topics=Events"),
        Post(description: "markup and prototype keys (JSON)", contentType: "application/json",
             body: #"{"name":"<script>alert(1)</script>","__proto__":{"admin":true},"constructor":"x"}"#),
    ]

    /// What is compared of an answer.
    struct Answer: Equatable, CustomStringConvertible {
        var status: Int
        var headers: [String: String]
        var body: String
        var description: String { "\(status) \(headers.sorted { $0.key < $1.key }) \(body.prefix(2000))" }
    }

    @Test func theSinkAndCollectGiveTheSameAnswersToTheSameHostilePosts() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let configs = root.appendingPathComponent("configs")
        try FileManager.default.createDirectory(at: configs.appendingPathComponent("forms"), withIntermediateDirectories: true)
        try Data("title: Agreement\nbaseURL: /\nlanguage: en\nsubmit:\n  provider: collect\n  url: \(Self.origin)\n".utf8)
            .write(to: configs.appendingPathComponent("site.yaml"))
        try Data(Self.form.utf8).write(to: configs.appendingPathComponent("forms/contact.yaml"))
        let build = try CommandRunner.run(["build", "--out", "public"], in: root)
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")

        try Data("\(CollectKeyCommandTests.keyA)\n".utf8).write(to: root.appendingPathComponent("key"))
        let collect = try CollectProcess(arguments: ["--db", "sqlite:data/submissions.db", "--allow-origin", Self.origin, "--key-file", "key"],
                                         in: root)
        defer { _ = collect.stop(with: SIGTERM, seconds: 10) }
        let serve = try ServeProcess(arguments: ["--out", "preview", "--port", "0", "--poll"], in: root)
        defer { _ = serve.stop() }
        let collectPort = try #require(collect.waitForPort(), "collect: \(collect.output)")
        let servePort = try #require(serve.waitForPort(), "serve: \(serve.stderr)")

        var statuses: [Int] = []
        for post in Self.posts {
            let sink = try Self.send(post, path: "/__formgen/submit/contact", port: servePort)
            let collected = try Self.send(post, path: "/submit/contact", port: collectPort)
            // Where the site is: collect names its origin, the sink (on the site's host) gives paths.
            var fromCollect = collected
            fromCollect.body = collected.body.replacingOccurrences(of: Self.origin, with: "")
            fromCollect.headers = collected.headers.mapValues { $0.replacingOccurrences(of: Self.origin, with: "") }
            #expect(sink == fromCollect, "\(post)")
            statuses.append(sink.status)
        }
        // The answers themselves, once: traps, refusals, idempotency, the no-JS pages and sending on.
        #expect(statuses == [200, 303, 422, 422, 400, 400, 400, 415, 415, 422, 400, 422, 422, 200, 200, 200, 200, 400, 422, 422, 303, 200])
        let sinkLines = try String(contentsOf: root.appendingPathComponent(".formgen/submissions.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        // Stored: k-1 once, k-2 once, the form post, the markup; never the honeypot's or the forged file metadata.
        #expect(sinkLines.count == 4)
        #expect(!sinkLines.contains { $0.contains("passwd") || $0.contains("Bot") })
    }

    /// Sends `post` on a fresh connection and reads the whole answer.
    static func send(_ post: Post, path: String, port: Int) throws -> Answer {
        let client = try LoopbackClient(port: port)
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nOrigin: \(origin)\r\n"
        head += "Content-Type: \(post.contentType)\r\nAccept: \(post.accept)\r\nContent-Length: \(post.body.utf8.count)\r\n"
        if let key = post.key { head += "Idempotency-Key: \(key)\r\n" }
        client.send(head + "\r\n" + post.body)
        client.read(until: "\u{0}", seconds: 15)
        let text = client.received
        guard let split = text.range(of: "\r\n\r\n") else { return Answer(status: 0, headers: [:], body: text) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            guard ["content-type", "location", "cache-control", "content-security-policy"].contains(name) else { continue }
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}
