import FormgenCollect
import FormgenCore
import Foundation
import Testing

/// `formgen export`: CSV columns in page order against a golden file, JSON Lines, filters.
@Suite struct ExportTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/contact.csv")

    static func filled(_ site: CollectSite) async throws -> SQLiteSubmissionStore {
        let store = try SQLiteSubmissionStore(path: site.database)
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store,
                                     now: { Date(timeIntervalSince1970: 1_750_000_000) })
        let bodies = [
            #"{"name":"Ann","age":30,"topics":["News","Events"],"terms":true}"#,
            #"{"name":"Bob, \"the builder\"","age":99,"company":"=cmd|' /C calc'!A0"}"#,
            #"{"name":"Line\nbreak","age":"18.5","company":"Hidden"}"#,
        ]
        for body in bodies {
            let answer = await service.submit(formPath: "contact", body: Data(body.utf8), encoding: .json, idempotencyKey: nil)
            #expect(answer.status == 200)
        }
        _ = await service.submit(formPath: "signup", body: Data(#"{"email":"a@b.nl"}"#.utf8), encoding: .json, idempotencyKey: nil)
        return store
    }

    @Test func csvOfOneFormMatchesTheGoldenFile() async throws {
        let site = try CollectSite.make()
        defer { site.remove() }
        let store = try await Self.filled(site)
        let spec = try #require(try SiteForms(site: site.output.path).spec(at: "contact"))
        let csv = SubmissionExporter().csv(try await store.submissions(form: "contact", since: nil), spec: spec)
        #expect(csv == String(decoding: try Data(contentsOf: Self.golden), as: UTF8.self))
    }

    @Test func jsonLinesKeepEveryFormAndSinceFilters() async throws {
        let site = try CollectSite.make()
        defer { site.remove() }
        let store = try await Self.filled(site)
        let lines = SubmissionExporter().jsonLines(try await store.submissions(form: "signup", since: nil))
        #expect(lines.hasPrefix(#"{"data":{"email":"a@b.nl"},"digest":""#))
        #expect(lines.hasSuffix(#"","form":"signup","id":4,"receivedAt":"2025-06-15T15:06:40Z"}"# + "\n"))
        #expect(try await store.submissions(form: nil, since: Date(timeIntervalSince1970: 1_750_000_000)).count == 4)
        #expect(try await store.submissions(form: nil, since: Date(timeIntervalSince1970: 1_750_000_001)).isEmpty)
    }
}
