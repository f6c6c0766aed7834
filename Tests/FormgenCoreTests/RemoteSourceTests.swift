import Foundation
import Testing
@testable import FormgenCore

/// `remote:` in site.yaml, against a real server on loopback: fetching, the cache and its fallbacks.
@Suite(.serialized) struct RemoteSourceTests {
    static let t0 = 1_800_000_000.0

    @Test func formListAndImageArriveAsLocalContent() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let site = try RemoteSite(base: origin.base)
        let outcome = await site.build(now: Self.t0)
        #expect(outcome.diagnostics == [])
        #expect(!outcome.failed)
        let money = try site.page("money/index.html")
        #expect(money.contains("<option value=\"EUR\">Euro (EUR)</option>"))
        #expect(money.contains("<option value=\"USD\">US dollar (USD)</option>"))
        #expect(!money.contains("XXX") && !money.contains("NUL"))
        let rates = try site.page("rates/index.html")
        #expect(rates.contains("<td>Euro</td>") && rates.contains("<td>US dollar</td>") && rates.contains("1.08"), "a data page's block over the remote list's whole answer")
        #expect(!rates.contains("No rate") && !rates.contains("Null rate"))
        let inspection = try site.page("inspection/index.html")
        let copy = RemoteImages.outputPath(for: RemoteSite.png, kind: .png)
        #expect(inspection.contains("<img src=\"../\(copy)\" alt=\"The site\""))
        #expect(FileManager.default.contents(atPath: site.output.appendingPathComponent(copy).path) == RemoteSite.png)
        #expect(!inspection.contains(origin.base))
        #expect(inspection.contains("img-src &#39;self&#39;;") || inspection.contains("img-src 'self';"))
    }

    @Test func aDataFileNamedAsARemoteListIsAnError() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let site = try RemoteSite(base: origin.base)
        let data = site.folder.configs.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(#"{"rates": []}"#.utf8).write(to: data.appendingPathComponent("currencies.json"))
        let outcome = await site.build(now: Self.t0)
        #expect(outcome.failed)
        #expect(outcome.errors == ["configs/data/currencies.json:1:1: error: data file 'currencies' has the id of a list in site.yaml's 'remote.lists'; blocks' 'data:' could not tell them apart: rename one"])
    }

    @Test func notModifiedRefreshesTheCopyAndMaxAgeAsksNothing() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let site = try RemoteSite(base: origin.base, maxAge: "1h")
        _ = await site.build(now: Self.t0)
        #expect(origin.requests("/inspection.json").count == 1)
        let young = await site.build(now: Self.t0 + 1800)
        #expect(young.diagnostics == [])
        #expect(origin.requests("/inspection.json").count == 1, "a copy younger than maxAge is used without asking")
        #expect(origin.requests("/rates.json").count == 2, "maxAge 0 revalidates every build")
        #expect(origin.requests("/rates.json").last?["if-none-match"] == "\"rates-1\"")
        let old = await site.build(now: Self.t0 + 7200)
        #expect(old.diagnostics == [])
        #expect(origin.requests("/inspection.json").count == 2)
        let lookup = RemoteCache(directory: site.cache).read("\(origin.base)/inspection.json")
        guard case .found(let entry) = lookup else {
            Issue.record("no cache entry: \(lookup)")
            return
        }
        #expect(entry.metadata.fetchedAt == Self.t0 + 7200, "a 304 refreshes the timestamp")
        #expect(entry.body == Data(RemoteSite.inspection(base: origin.base).utf8))
        _ = await site.build(now: Self.t0 + 7300, refresh: true)
        #expect(origin.requests("/inspection.json").count == 3, "--refresh ignores maxAge")
    }

    enum Failure: String, CaseIterable, Sendable {
        case refused, timeout, serverError, invalidJSON, listWithoutArray, imageWithWrongBytes, redirectToPort99999, redirectLoop
    }

    /// Breaks the origin one way; gives the warning each source then gets, and the error without a cache.
    static func breakOrigin(_ failure: Failure, _ origin: TestOrigin) async -> (source: String, reason: String) {
        switch failure {
        case .refused:
            await origin.stop()
            return ("/inspection.json", "connection refused")
        case .timeout:
            var reply = TestOrigin.Reply(body: Data(RemoteSite.inspection(base: origin.base).utf8))
            reply.delay = 4
            origin.set("/inspection.json", reply)
            return ("/inspection.json", "timed out after 2 s")
        case .serverError:
            origin.set("/inspection.json", .init(status: 500, body: Data("{}".utf8)))
            return ("/inspection.json", "HTTP 500")
        case .invalidJSON:
            origin.set("/inspection.json", json: "{\"type\": \"page\", \"items\": [\n")
            return ("/inspection.json", "invalid data (2:1: syntax error: a value is missing here (after '-', ':' or ',') (while parsing a flow node at 2:1))")
        case .listWithoutArray:
            origin.set("/rates.json", json: #"{"data": []}"#)
            return ("/rates.json", "invalid data (no array at '$.rates')")
        case .redirectToPort99999:
            var reply = TestOrigin.Reply(status: 302, body: Data())
            reply.location = "http://127.0.0.1:99999/inspection.json"
            origin.set("/inspection.json", reply)
            return ("/inspection.json", "redirected to a URL formgen does not fetch")
        case .redirectLoop:
            var reply = TestOrigin.Reply(status: 301, body: Data())
            reply.location = "/inspection.json"
            origin.set("/inspection.json", reply)
            return ("/inspection.json", "redirected in a loop")
        case .imageWithWrongBytes:
            origin.set("/photo.png", .init(body: Data("<html>not an image</html>".utf8), contentType: "image/png"))
            return ("/photo.png", "invalid data (not a PNG, JPEG, GIF, WebP or SVG image)")
        }
    }

    static func line(of source: String) -> String {
        switch source {
        case "/inspection.json": return "configs/site.yaml:5:7"
        case "/rates.json": return "configs/site.yaml:8:7"
        default: return "PHOTO"
        }
    }

    @Test(arguments: Failure.allCases)
    func aFailedSourceFallsBackToItsCachedCopy(failure: Failure) async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let site = try RemoteSite(base: origin.base, timeout: failure == .timeout ? "2s" : "20s")
        let first = await site.build(now: Self.t0)
        #expect(first.diagnostics == [])
        let before = try site.page("inspection/index.html")
        let (source, reason) = await Self.breakOrigin(failure, origin)
        let outcome = await site.build(now: Self.t0 + 3 * 3600)
        #expect(!outcome.failed)
        let expected = "\(origin.base)\(source): \(reason); using the copy cached 3 h ago"
        #expect(outcome.warnings.contains { $0.hasSuffix(": warning: " + expected) }, "\(outcome.diagnostics)")
        if source != "/photo.png" {
            #expect(outcome.warnings.contains("\(Self.line(of: source)): warning: \(expected)"), "\(outcome.diagnostics)")
        }
        #expect(try site.page("inspection/index.html") == before, "the cached copies give the same page")
    }

    @Test(arguments: [Failure.refused, .serverError, .listWithoutArray])
    func withoutACachedCopyTheBuildFailsAndKeepsTheOldOutput(failure: Failure) async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let site = try RemoteSite(base: origin.base)
        _ = await site.build(now: Self.t0)
        let before = try site.page("inspection/index.html")
        try FileManager.default.removeItem(at: site.cache)
        let (source, reason) = await Self.breakOrigin(failure, origin)
        let outcome = await site.build(now: Self.t0 + 60)
        #expect(outcome.failed)
        let what = source == "/rates.json" ? "list" : "form"
        #expect(outcome.errors.contains("\(Self.line(of: source)): error: \(origin.base)\(source): \(reason), and there is no cached copy of this \(what)"),
                "\(outcome.diagnostics)")
        #expect(try site.page("inspection/index.html") == before)
    }

    @Test func anImageThatCannotBeHadShowsItsAltTextWithAWarning() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        origin.set("/photo.png", .init(status: 404, body: Data()))
        let site = try RemoteSite(base: origin.base)
        let outcome = await site.build(now: Self.t0)
        #expect(!outcome.failed)
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.hasSuffix("warning: \(origin.base)/photo.png: HTTP 404, and there is no cached copy of this image") == true)
        #expect(outcome.warnings.first?.hasPrefix("\(origin.base)/inspection.json:") == true, "located in the downloaded form")
        let page = try site.page("inspection/index.html")
        #expect(page.contains("<p class=\"fg-image-alt\">The site</p>"))
        #expect(!page.contains("<img"))
    }

    @Test func offlineUsesOnlyTheCache() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let site = try RemoteSite(base: origin.base)
        _ = await site.build(now: Self.t0)
        let offline = await site.build(now: Self.t0 + 60, offline: true)
        #expect(offline.diagnostics == [])
        #expect(origin.requests("/inspection.json").count == 1)
        try FileManager.default.removeItem(at: site.cache)
        let empty = await site.build(now: Self.t0 + 120, offline: true)
        #expect(empty.failed)
        #expect(empty.errors.contains("configs/site.yaml:5:7: error: \(origin.base)/inspection.json: no cached copy of this form, and --offline allows no download"))
        #expect(origin.requests("/inspection.json").count == 1)
    }

    @Test func aCorruptCacheEntryIsIgnoredWithAWarning() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let site = try RemoteSite(base: origin.base)
        _ = await site.build(now: Self.t0)
        let key = RemoteCache.key("\(origin.base)/inspection.json")
        try Data("{\"type\": \"pa".utf8).write(to: site.cache.appendingPathComponent(key + ".body"))
        let outcome = await site.build(now: Self.t0 + 60)
        #expect(outcome.warnings == ["configs/site.yaml:5:7: warning: \(origin.base)/inspection.json: the cached copy is corrupt (its body does not match its digest); ignoring it"])
        #expect(!outcome.failed)
        #expect(origin.requests("/inspection.json").last?["if-none-match"] == nil, "a corrupt copy is not revalidated")
        guard case .found = RemoteCache(directory: site.cache).read("\(origin.base)/inspection.json") else {
            Issue.record("the entry was not written again")
            return
        }
    }

    @Test func secretsFromTheEnvironmentAreSentButNeverWritten() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let secret = "s3cr3t-token-\(UUID().uuidString)"
        let site = try RemoteSite(base: origin.base, formHeaders: "\n      headers: {Authorization: \"Bearer ${FORMS_TOKEN}\"}")
        let outcome = await site.build(now: Self.t0, environment: ["FORMS_TOKEN": secret])
        #expect(outcome.diagnostics == [])
        #expect(origin.requests("/inspection.json").first?["authorization"] == "Bearer \(secret)")
        let written = RemoteSite.texts(under: site.output) + RemoteSite.texts(under: site.cache)
        #expect(!written.isEmpty)
        #expect(!written.contains { $0.contains(secret) })
        let unset = await site.build(now: Self.t0 + 60, refresh: true)
        #expect(unset.errors == ["configs/site.yaml:5:7: error: \(origin.base)/inspection.json: environment variable 'FORMS_TOKEN' is not set"])
    }

    @Test func anInvalidDownloadedFormIsReportedAtItsURLLineAndColumn() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        origin.set("/inspection.json", json: "{\n  \"type\": \"page\",\n  \"items\": [\n    {\"type\": \"video\"}\n  ]\n}\n")
        let site = try RemoteSite(base: origin.base)
        let outcome = await site.build(now: Self.t0)
        #expect(outcome.failed)
        #expect(outcome.errors.contains { $0.hasPrefix("\(origin.base)/inspection.json:4:14: error: unknown item type 'video'") }, "\(outcome.errors)")
        #expect(outcome.errors.contains { $0.hasPrefix("configs/site.yaml:5:7: error: \(origin.base)/inspection.json: invalid data (4:14: unknown item type 'video'") })
    }

    @Test func noDownloadImagesKeepsTheURLAndTheCSPNamesItsOrigin() async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        RemoteSite.serveAll(on: origin)
        let site = try RemoteSite(base: origin.base)
        _ = await site.build(now: Self.t0, downloadImages: false)
        let page = try site.page("inspection/index.html")
        #expect(page.contains("<img src=\"\(origin.base)/photo.png\""))
        #expect(page.contains("img-src \(origin.base)") || page.contains("img-src \(origin.base.replacingOccurrences(of: "/", with: "&#x2F;"))"))
        #expect(origin.requests("/photo.png").isEmpty)
    }
}
