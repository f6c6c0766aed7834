@testable import FormgenCollect
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

    @Test func csvFlattensRepeatingSectionsAndFiles() throws {
        let site = try CollectSite.make()
        defer { site.remove() }
        try site.write("configs/forms/pets.yaml", """
        id: pets
        title: Pets
        sections:
          - id: pets
            title: Your pets
            repeat: {min: 1, max: 5}
            fields:
              - {id: name, label: Name, type: text, required: true}
              - {id: kind, label: Kind, type: text}
        fields:
          - {id: photo, label: Photo, type: file, accept: [image/png], multiple: true}

        """)
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        let spec = try #require(try SiteForms(site: site.output.path).spec(at: "pets"))
        let received = Date(timeIntervalSince1970: 1_750_000_000)
        let records = [
            SubmissionRecord(id: 1, form: "pets", receivedAt: received, data: #"{"pets":[{"name":"Rex","kind":"dog"},{"name":"Tom"}],"photo":[{"name":"rex.png","sha256":"ab12","size":3,"type":"image/png"},{"name":"tom.png","sha256":"cd34","size":4,"type":"image/png"}]}"#, digest: "x", idempotencyKey: nil),
            SubmissionRecord(id: 2, form: "pets", receivedAt: received, data: #"{"pets":[{"name":"Kit"}]}"#, digest: "y", idempotencyKey: nil),
        ]
        #expect(SubmissionExporter().csv(records, spec: spec) == """
        id,received_at,photo,pets[0].name,pets[0].kind,pets[1].name,pets[1].kind\r
        1,2025-06-15T15:06:40Z,rex.png sha256:ab12; tom.png sha256:cd34,Rex,dog,Tom,\r
        2,2025-06-15T15:06:40Z,,Kit,,,\r

        """)
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
