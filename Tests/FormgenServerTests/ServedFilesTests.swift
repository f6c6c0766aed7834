import FormgenCore
import FormgenServer
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The output folder as `formgen serve` serves it: types, caching, HEAD, 404, and nothing from outside.
@Suite struct ServedFilesTests {
    @Test(arguments: [
        ("/", "text/html; charset=utf-8"),
        ("/contact/", "text/html; charset=utf-8"),
        ("/contact/index.html", "text/html; charset=utf-8"),
        ("/assets/logo.svg", "image/svg+xml"),
        ("/assets/data.json", "application/json"),
        ("/assets/notes.txt", "text/plain"),
        ("/assets/extra.css", "text/css"),
    ])
    func filesComeWithTheirContentType(path: String, type: String) async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == type)
                #expect(response.headers[.eTag] != nil)
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
            }
        }
    }

    @Test func aMatchingETagGets304WithoutABody() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            let first = try await client.execute(uri: "/contact/", method: .get)
            let tag = try #require(first.headers[.eTag])
            try await client.execute(uri: "/contact/", method: .get, headers: [.ifNoneMatch: tag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/contact/", method: .get, headers: [.ifNoneMatch: #"W/"0000""#]) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func aRebuiltPageGetsANewETagEvenWithinTheSameSecondAndSize() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            let first = try await client.execute(uri: "/assets/notes.txt", method: .get)
            try site.write("public/assets/notes.txt", "plain TEXT")
            let second = try await client.execute(uri: "/assets/notes.txt", method: .get, headers: [.ifNoneMatch: first.headers[.eTag] ?? ""])
            #expect(second.status == .ok)
            #expect(second.text == "plain TEXT")
        }
    }

    @Test func headAnswersLikeGetWithoutTheBody() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            let get = try await client.execute(uri: "/contact/", method: .get)
            try await client.execute(uri: "/contact/", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.contentLength] == String(get.body.readableBytes))
                #expect(response.headers[.eTag] == get.headers[.eTag])
            }
        }
    }

    @Test func aFolderWithoutItsSlashRedirects() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            try await client.execute(uri: "/contact", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/contact/")
            }
        }
    }

    @Test func aMissingPageGetsTheSitesOwn404Page() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("public/404.html", "<!doctype html><html><head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;\"></head><body><h1>Lost here</h1></body></html>")
        try await site.withClient { client in
            for method in [HTTPRequest.Method.get, .post] {
                try await client.execute(uri: "/no/such/page/", method: method) { response in
                    #expect(response.status == .notFound)
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                    #expect(response.text.contains("<h1>Lost here</h1>"))
                }
            }
            try await client.execute(uri: "/no/such/page/", method: .head) { response in
                #expect(response.status == .notFound)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test func withoutA404PageOfItsOwnTheBuiltInOneIsServed() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try? FileManager.default.removeItem(at: site.output.appendingPathComponent("404.html"))
        try await site.withClient { client in
            try await client.execute(uri: "/missing%3Cb%3E", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.text.contains("Page not found"))
                #expect(!response.text.contains("<b>"))
            }
        }
    }

    @Test(arguments: [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/%2E%2E/secret.txt",
        "/..%2fsecret.txt",
        "/%2e%2e%2fsecret.txt",
        "/assets/..%2f..%2fsecret.txt",
        "/assets/%2e%2e/%2e%2e/private/secret2.txt",
        "/leak.txt",
        "/outside/secret2.txt",
        "/outside/",
        "/api/leak",
    ])
    func nothingOutsideTheOutputFolderIsServed(path: String) async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: site.output.appendingPathComponent("leak.txt").path,
                                           withDestinationPath: site.root.appendingPathComponent("secret.txt").path)
        try fileManager.createSymbolicLink(atPath: site.output.appendingPathComponent("outside").path,
                                           withDestinationPath: site.root.appendingPathComponent("private").path)
        try fileManager.createSymbolicLink(atPath: site.mocks.appendingPathComponent("api/leak.json").path,
                                           withDestinationPath: "../../../secret.txt")
        try await site.withClient { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .notFound || response.status == .badRequest, "\(path) answered \(response.status)")
                #expect(!response.text.contains(TestSite.secret))
            }
        }
    }

    @Test func aSymbolicLinkThatStaysInsideIsServed() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(atPath: site.output.appendingPathComponent("logo-link.svg").path,
                                                   withDestinationPath: "assets/logo.svg")
        try await site.withClient { client in
            try await client.execute(uri: "/logo-link.svg", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("<svg"))
            }
        }
    }

    @Test func bodiesOverTheLimitGet413() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let large = ByteBuffer(string: #"{"name":""# + String(repeating: "x", count: 2048) + #""}"#)
        try await site.withClient(maxBodyBytes: 1024) { client in
            for path in ["/__formgen/submit/contact", "/", "/api/profile"] {
                try await client.execute(uri: path, method: .post, headers: [.contentType: "application/json"], body: large) { response in
                    #expect(response.status == .contentTooLarge, "\(path)")
                }
            }
            let small = ByteBuffer(string: #"{"name":"Ann"}"#)
            try await client.execute(uri: "/__formgen/submit/contact", method: .post, headers: [.contentType: "application/json"], body: small) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
